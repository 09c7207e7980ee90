import { z } from 'zod';
import { apiData, apiSuccess, defineContract } from '../api/contract.ts';
import { courseRequirementSchema } from './course-requirements.ts';
import { courseProgressRulesSchema, MAX_WATCH_RANGES } from './progress-rules.ts';

/** Progress rules, watch tracking and certificates (issue #42; docs/courses.md "Progress and certificates"). */
const courseParams = z.object({ courseId: z.string().min(1).max(64) });
const lessonParams = courseParams.extend({
  videoId: z.coerce.number({ message: 'The lesson id is a number.' }).int().positive(),
});
const certificateParams = z.object({ id: z.string().min(1).max(64) });

const watchRangeSchema = z
  .tuple([z.number().min(0, 'A watched range cannot start before 0 s.'), z.number()])
  .refine(([start, end]) => start < end, 'A watched range must end after it starts.');

export const watchProgressSchema = z.object({
  watchedSeconds: z.number(),
  /** Whole percent of the lesson watched. */
  watchedShare: z.number(),
  furthestSeconds: z.number(),
  /** The course's watched share is reached: the lesson counts as watched. */
  watched: z.boolean(),
});

export const certificateScoreSummarySchema = z.object({
  lessonsWatched: z.number(),
  lessonCount: z.number(),
  quizzes: z.array(z.object({ title: z.string(), bestPercent: z.number().nullable() })),
  drills: z.array(z.object({ title: z.string(), bestR: z.number().nullable() })),
});

/** A certificate as anyone with its address sees it (the name is null when the learner hid it). */
export const publicCertificateSchema = z.object({
  id: z.string(),
  courseId: z.string(),
  courseTitle: z.string(),
  learnerName: z.string().nullable(),
  issuedAt: z.string(),
  scoreSummary: certificateScoreSummarySchema,
  revoked: z.boolean(),
  revokedAt: z.string().nullable(),
  revokedReason: z.string().nullable(),
});

/** The learner's own certificate: the public view, their name always, and whether it is hidden. */
export const ownCertificateSchema = publicCertificateSchema.extend({
  learnerName: z.string(),
  nameHidden: z.boolean(),
});

export const courseRequirementsSchema = z.object({
  courseId: z.string(),
  requirements: z.array(courseRequirementSchema),
  complete: z.boolean(),
  /** The certificate's id once issued. */
  certificateId: z.string().nullable(),
});

export const adminCourseRulesSchema = courseProgressRulesSchema;

export const progressContract = defineContract({
  recordWatched: {
    method: 'PUT',
    path: '/courses/:courseId/videos/:videoId/watched',
    params: lessonParams,
    body: z.object({
      ranges: z
        .array(watchRangeSchema)
        .min(1, 'Send at least one watched range.')
        .max(MAX_WATCH_RANGES, `Send at most ${MAX_WATCH_RANGES} watched ranges at once.`),
    }),
    response: apiData(watchProgressSchema),
  },
  getRequirements: {
    method: 'GET',
    path: '/courses/:courseId/requirements',
    params: courseParams,
    response: apiData(courseRequirementsSchema),
  },
  issueCertificate: {
    method: 'POST',
    path: '/courses/:courseId/certificate',
    params: courseParams,
    response: apiData(ownCertificateSchema),
  },
  listMyCertificates: {
    method: 'GET',
    path: '/certificates',
    response: apiData(z.array(ownCertificateSchema)),
  },
  getCertificate: {
    method: 'GET',
    path: '/certificates/:id',
    params: certificateParams,
    response: apiData(publicCertificateSchema),
  },
  downloadCertificatePdf: {
    method: 'GET',
    path: '/certificates/:id/pdf',
    params: certificateParams,
    produces: 'application/pdf',
    response: z.string().describe('A PDF file'),
  },
  updateMyCertificate: {
    method: 'PATCH',
    path: '/certificates/:id',
    params: certificateParams,
    body: z.object({ nameHidden: z.boolean() }),
    response: apiData(ownCertificateSchema),
  },
});

export const adminProgressContract = defineContract({
  getCourseRules: {
    method: 'GET',
    path: '/admin/courses/:courseId/progress-rules',
    params: courseParams,
    response: apiSuccess(adminCourseRulesSchema),
  },
  replaceCourseRules: {
    method: 'PUT',
    path: '/admin/courses/:courseId/progress-rules',
    params: courseParams,
    body: courseProgressRulesSchema,
    response: apiSuccess(adminCourseRulesSchema),
  },
  listCourseCertificates: {
    method: 'GET',
    path: '/admin/courses/:courseId/certificates',
    params: courseParams,
    response: apiSuccess(z.array(ownCertificateSchema)),
  },
  revokeCertificate: {
    method: 'POST',
    path: '/admin/certificates/:id/revoke',
    params: certificateParams,
    body: z.object({
      reason: z
        .string()
        .trim()
        .min(3, 'Give a reason of at least 3 characters.')
        .max(500, 'Keep the reason under 500 characters.'),
    }),
    response: apiSuccess(ownCertificateSchema),
  },
});
