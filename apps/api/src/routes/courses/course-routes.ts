import { courseContract } from '@candlewise/shared/courses/course-contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendJsonText } from '../../lib/ttl-cache.ts';
import {
  getCourseOutline,
  getCourseWithLessons,
  listCoursesWithProgress,
  savePlaybackPosition,
  setLessonCompleted,
} from '../../services/courses/course-catalogue.ts';

const c = courseContract;

export const courseRoutes: FastifyPluginAsyncZod = async (app) => {
  // Reads and own-data writes (keepsUserCache) from the identity cache; other writes from the database.
  app.addHook('onRequest', app.authenticateRoute);

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
        response: { 200: c.listCourses.response },
      },
    },
    async (request, reply) =>
      sendJsonText(
        reply,
        await cachedForCaller(request, 'list', async () =>
          JSON.stringify(
            c.listCourses.response.parse({
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
        params: c.getCourse.params,
        response: { 200: c.getCourse.response },
      },
    },
    async (request, reply) =>
      sendJsonText(
        reply,
        await cachedForCaller(request, `one:${request.params.courseId}`, async () =>
          JSON.stringify(
            c.getCourse.response.parse({
              success: true,
              data: await getCourseWithLessons(
                app.database.db,
                request.currentUser,
                request.params.courseId,
                app.clock(),
              ),
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
        params: c.getCourseOutline.params,
        response: { 200: c.getCourseOutline.response },
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
        params: c.markLessonComplete.params,
        response: { 200: c.markLessonComplete.response },
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
        app.clock(),
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
        params: c.unmarkLessonComplete.params,
        response: { 200: c.unmarkLessonComplete.response },
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
        app.clock(),
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
        params: c.savePlaybackPosition.params,
        body: c.savePlaybackPosition.body,
        response: { 200: c.savePlaybackPosition.response },
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
        app.clock(),
      ),
    }),
  );
};
