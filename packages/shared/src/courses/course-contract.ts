import { z } from 'zod';
import { apiData, apiSuccess, defineContract } from '../api/contract.ts';
import {
  chaptersSchema,
  courseFieldsSchema,
  createCourseSchema,
  lessonFieldsSchema,
} from './course-schemas.ts';

/** Courses and lessons (ADR 023): the learner's catalogue and progress, and the admins' editing. */
const courseParams = z.object({ courseId: z.string().min(1).max(64) });
const lessonParams = courseParams.extend({
  videoId: z.coerce.number({ message: 'The lesson id is a number.' }).int().positive(),
});
const videoParams = z.object({ videoId: z.coerce.number().int().positive() });

/** One course of GET /courses, with the caller's progress (the spec's §9 formula, computed by the API). */
export const courseSummarySchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  thumbnail: z.string(),
  isPro: z.boolean(),
  /** Always true for learners; admins also see drafts. */
  published: z.boolean(),
  /** A Pro course and the caller has no Pro: shown, but it does not open. */
  locked: z.boolean(),
  videoCount: z.number(),
  /** Seconds, all lessons together. */
  totalDuration: z.number(),
  completedCount: z.number(),
  progress: z.number(),
  /** The first unfinished lesson (the first lesson once all are done); null without lessons. */
  continueVideoId: z.number().nullable(),
});

/** A chapter of a lesson (the spec's §3 Timestamp); times in seconds. */
export const lessonChapterSchema = z.object({
  id: z.number(),
  videoId: z.number(),
  name: z.string(),
  startTime: z.number(),
  endTime: z.number(),
});

/** A lesson (the spec's §3 Video) with the caller's completion and saved playback position. */
export const lessonSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  courseId: z.string(),
  thumbnail: z.string(),
  /** Seconds. */
  duration: z.number(),
  videoUrl: z.string(),
  position: z.number(),
  timestamps: z.array(lessonChapterSchema),
  completed: z.boolean(),
  positionSeconds: z.number(),
  /** Whole percent of the lesson the caller has watched (issue #42 watch tracking). */
  watchedShare: z.number(),
  furthestSeconds: z.number(),
  /** False while a dripped lesson is not yet open; releaseAt says when it opens (ISO 8601). */
  released: z.boolean(),
  releaseAt: z.string(),
  /** The course's "no skipping ahead" rule: the player sends a seek past furthestSeconds back. */
  noSkipping: z.boolean(),
});

export const courseDetailSchema = z.object({
  course: courseSummarySchema.pick({
    _id: true,
    title: true,
    description: true,
    thumbnail: true,
    isPro: true,
    published: true,
  }),
  videos: z.array(lessonSchema),
  completedVideoIds: z.array(z.number()),
  progress: z.number(),
});

const lessonCompletionSchema = z.object({
  videoId: z.number(),
  completed: z.boolean(),
  progress: z.number(),
});

/** A course as an admin writes it (the stored row; dates ISO 8601). */
export const adminCourseSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  thumbnail: z.string(),
  isPro: z.boolean(),
  published: z.boolean(),
  position: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** A lesson as an admin writes it (the stored row; dates ISO 8601). */
export const adminLessonSchema = z.object({
  id: z.number(),
  courseId: z.string(),
  title: z.string(),
  description: z.string(),
  thumbnail: z.string(),
  duration: z.number(),
  videoUrl: z.string(),
  position: z.number(),
  createdAt: z.string(),
});

export const courseContract = defineContract({
  listCourses: {
    method: 'GET',
    path: '/courses',
    response: apiData(z.array(courseSummarySchema)),
  },
  getCourse: {
    method: 'GET',
    path: '/courses/:courseId',
    params: courseParams,
    response: apiData(courseDetailSchema),
  },
  getCourseOutline: {
    method: 'GET',
    path: '/courses/:courseId/outline',
    params: courseParams,
    response: apiData(
      z.object({
        course: courseSummarySchema.pick({
          _id: true,
          title: true,
          description: true,
          thumbnail: true,
          isPro: true,
        }),
        /** Lesson titles and lengths in seconds, in order; no videos. */
        lessons: z.array(z.object({ id: z.number(), title: z.string(), duration: z.number() })),
      }),
    ),
  },
  markLessonComplete: {
    method: 'PUT',
    path: '/courses/:courseId/videos/:videoId/completion',
    params: lessonParams,
    response: apiData(lessonCompletionSchema),
  },
  unmarkLessonComplete: {
    method: 'DELETE',
    path: '/courses/:courseId/videos/:videoId/completion',
    params: lessonParams,
    response: apiData(lessonCompletionSchema),
  },
  savePlaybackPosition: {
    method: 'PUT',
    path: '/courses/:courseId/videos/:videoId/position',
    params: lessonParams,
    body: z.object({
      seconds: z
        .number()
        .min(0)
        .max(24 * 3600),
    }),
    response: apiData(z.object({ positionSeconds: z.number() })),
  },
});

export const adminCourseContract = defineContract({
  createCourse: {
    method: 'POST',
    path: '/admin/courses',
    body: createCourseSchema,
    status: 201,
    response: apiSuccess(adminCourseSchema),
  },
  updateCourse: {
    method: 'PATCH',
    path: '/admin/courses/:courseId',
    params: courseParams,
    body: courseFieldsSchema.partial(),
    response: apiSuccess(adminCourseSchema),
  },
  deleteCourse: {
    method: 'DELETE',
    path: '/admin/courses/:courseId',
    params: courseParams,
    response: apiSuccess(z.null()),
  },
  reorderCourses: {
    method: 'PUT',
    path: '/admin/courses/order',
    body: z.object({ courseIds: z.array(z.string().min(1)).min(1) }),
    response: apiSuccess(z.null()),
  },
  createLesson: {
    method: 'POST',
    path: '/admin/courses/:courseId/videos',
    params: courseParams,
    body: lessonFieldsSchema,
    status: 201,
    response: apiSuccess(adminLessonSchema),
  },
  reorderLessons: {
    method: 'PUT',
    path: '/admin/courses/:courseId/videos/order',
    params: courseParams,
    body: z.object({ videoIds: z.array(z.number().int().positive()).min(1) }),
    response: apiSuccess(z.null()),
  },
  updateLesson: {
    method: 'PATCH',
    path: '/admin/videos/:videoId',
    params: videoParams,
    body: lessonFieldsSchema.partial(),
    response: apiSuccess(adminLessonSchema),
  },
  deleteLesson: {
    method: 'DELETE',
    path: '/admin/videos/:videoId',
    params: videoParams,
    response: apiSuccess(z.null()),
  },
  replaceChapters: {
    method: 'PUT',
    path: '/admin/videos/:videoId/chapters',
    params: videoParams,
    body: chaptersSchema,
    /** The lesson's chapters as stored, in the order sent. */
    response: apiSuccess(z.array(lessonChapterSchema)),
  },
});
