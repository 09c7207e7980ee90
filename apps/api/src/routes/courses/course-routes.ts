import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendJsonText } from '../../lib/ttl-cache.ts';
import {
  getCourseOutline,
  getCourseWithLessons,
  listCoursesWithProgress,
  savePlaybackPosition,
  setLessonCompleted,
} from '../../services/courses/course-catalogue.ts';

const courseParams = z.object({ courseId: z.string().min(1).max(64) });
const lessonParams = courseParams.extend({
  videoId: z.coerce.number({ message: 'The lesson id is a number.' }).int().positive(),
});

const courseSummary = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  thumbnail: z.string(),
  isPro: z.boolean(),
  published: z.boolean(),
  locked: z.boolean(),
  videoCount: z.number(),
  totalDuration: z.number(),
  completedCount: z.number(),
  progress: z.number(),
  continueVideoId: z.number().nullable(),
});

const lesson = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  courseId: z.string(),
  thumbnail: z.string(),
  duration: z.number(),
  videoUrl: z.string(),
  position: z.number(),
  timestamps: z.array(
    z.object({
      id: z.number(),
      videoId: z.number(),
      name: z.string(),
      startTime: z.number(),
      endTime: z.number(),
    }),
  ),
  completed: z.boolean(),
  positionSeconds: z.number(),
});

const completionAnswer = z.object({
  success: z.literal(true),
  data: z.object({ videoId: z.number(), completed: z.boolean(), progress: z.number() }),
});

const courseAnswer = z.object({
  success: z.literal(true),
  data: z.object({
    course: courseSummary.pick({
      _id: true,
      title: true,
      description: true,
      thumbnail: true,
      isPro: true,
      published: true,
    }),
    videos: z.array(lesson),
    completedVideoIds: z.array(z.number()),
    progress: z.number(),
  }),
});

const courseListAnswer = z.object({ success: z.literal(true), data: z.array(courseSummary) });

export const courseRoutes: FastifyPluginAsyncZod = async (app) => {
  // Reads (every /course page) from the identity cache; writes check the session afresh.
  app.addHook('onRequest', (request, reply) =>
    request.method === 'GET' ? app.authenticateCached(request, reply) : app.authenticate(request, reply),
  );

  /** A read of the caller's own courses, served from memory for at most a second (ADR 019). */
  const cachedForCaller = (request: FastifyRequest, what: string, load: () => Promise<string>) =>
    app.readForCaller(request, `courses:${what}`, load);

  app.get(
    '/courses',
    {
      schema: {
        tags: ['courses'],
        summary: 'The catalogue with the caller’s progress',
        security: [{ bearerAuth: [] }],
        response: { 200: courseListAnswer },
      },
    },
    async (request, reply) =>
      sendJsonText(
        reply,
        await cachedForCaller(request, 'list', async () =>
          JSON.stringify(
            courseListAnswer.parse({
              success: true,
              data: await listCoursesWithProgress(app.database.db, request.currentUser),
            }),
          ),
        ),
      ),
  );

  app.get(
    '/courses/:courseId',
    {
      schema: {
        tags: ['courses'],
        summary:
          'One course with its lessons, chapters and the caller’s completions (403 for Pro without Pro)',
        security: [{ bearerAuth: [] }],
        params: courseParams,
        response: { 200: courseAnswer },
      },
    },
    async (request, reply) =>
      sendJsonText(
        reply,
        await cachedForCaller(request, `one:${request.params.courseId}`, async () =>
          JSON.stringify(
            courseAnswer.parse({
              success: true,
              data: await getCourseWithLessons(app.database.db, request.currentUser, request.params.courseId),
            }),
          ),
        ),
      ),
  );

  app.get(
    '/courses/:courseId/outline',
    {
      schema: {
        tags: ['courses'],
        summary:
          'What a course teaches (title, description, lesson titles and lengths) for anyone signed in, Pro or not',
        security: [{ bearerAuth: [] }],
        params: courseParams,
        response: {
          200: z.object({
            success: z.literal(true),
            data: z.object({
              course: z.object({
                _id: z.string(),
                title: z.string(),
                description: z.string(),
                thumbnail: z.string(),
                isPro: z.boolean(),
              }),
              lessons: z.array(z.object({ id: z.number(), title: z.string(), duration: z.number() })),
            }),
          }),
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: await getCourseOutline(app.database.db, request.currentUser, request.params.courseId),
    }),
  );

  app.put(
    '/courses/:courseId/videos/:videoId/completion',
    {
      schema: {
        tags: ['courses'],
        summary: 'Mark a lesson complete (idempotent)',
        security: [{ bearerAuth: [] }],
        params: lessonParams,
        response: { 200: completionAnswer },
      },
    },
    async (request) => ({
      success: true as const,
      data: await setLessonCompleted(
        app.database.db,
        request.currentUser,
        request.params.courseId,
        request.params.videoId,
        true,
      ),
    }),
  );

  app.delete(
    '/courses/:courseId/videos/:videoId/completion',
    {
      schema: {
        tags: ['courses'],
        summary: 'Unmark a lesson (idempotent)',
        security: [{ bearerAuth: [] }],
        params: lessonParams,
        response: { 200: completionAnswer },
      },
    },
    async (request) => ({
      success: true as const,
      data: await setLessonCompleted(
        app.database.db,
        request.currentUser,
        request.params.courseId,
        request.params.videoId,
        false,
      ),
    }),
  );

  app.put(
    '/courses/:courseId/videos/:videoId/position',
    {
      schema: {
        tags: ['courses'],
        summary: 'Save where playback stopped',
        security: [{ bearerAuth: [] }],
        params: lessonParams,
        body: z.object({
          seconds: z
            .number()
            .min(0)
            .max(24 * 3600),
        }),
        response: {
          200: z.object({ success: z.literal(true), data: z.object({ positionSeconds: z.number() }) }),
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: await savePlaybackPosition(
        app.database.db,
        request.currentUser,
        request.params.courseId,
        request.params.videoId,
        request.body.seconds,
      ),
    }),
  );
};
