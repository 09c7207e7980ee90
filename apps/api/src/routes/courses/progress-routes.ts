import { progressContract } from '@candlewise/shared/courses/progress-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ownCertificateView } from '../../services/courses/certificates.ts';
import { assertPrerequisitesMet } from '../../services/courses/course-access.ts';
import { getOpenableCourse } from '../../services/courses/course-catalogue.ts';
import { requestCertificate, requirementsOf } from '../../services/courses/course-completion.ts';
import { recordWatchedRanges } from '../../services/courses/watch-tracking.ts';

const c = progressContract;

/** Watch tracking, course requirements and issuing a certificate (issue #42). */
export const courseProgressRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const tags = ['courses'];
  const security = [{ bearerAuth: [] }];
  const db = () => app.database.db;

  app.put(
    '/courses/:courseId/videos/:videoId/watched',
    {
      schema: {
        tags,
        security,
        summary:
          'Record stretches of a lesson the player played; answers the merged watched share (no-skip courses ignore jumps ahead)',
        params: c.recordWatched.params,
        body: c.recordWatched.body,
        response: { 200: c.recordWatched.response },
      },
    },
    async (request) => ({
      success: true as const,
      data: await recordWatchedRanges(
        db(),
        request.currentUser,
        request.params.courseId,
        request.params.videoId,
        request.body.ranges,
        app.clock(),
      ),
    }),
  );

  app.get(
    '/courses/:courseId/requirements',
    {
      schema: {
        tags,
        security,
        summary:
          'What completes the course (lessons watched, quizzes, drills), what is met, and the certificate once issued',
        params: c.getRequirements.params,
        response: { 200: c.getRequirements.response },
      },
    },
    async (request) => {
      await getOpenableCourse(db(), request.currentUser, request.params.courseId);
      await assertPrerequisitesMet(db(), request.currentUser, request.params.courseId);
      return {
        success: true as const,
        data: await requirementsOf(db(), request.currentUser, request.params.courseId),
      };
    },
  );

  app.post(
    '/courses/:courseId/certificate',
    {
      schema: {
        tags,
        security,
        summary: 'Issue the caller’s certificate for a complete course (once; 409 naming what is missing)',
        params: c.issueCertificate.params,
        response: { 200: c.issueCertificate.response },
      },
    },
    async (request) => {
      await getOpenableCourse(db(), request.currentUser, request.params.courseId);
      await assertPrerequisitesMet(db(), request.currentUser, request.params.courseId);
      const certificate = await requestCertificate(
        db(),
        request.currentUser,
        request.params.courseId,
        app.clock(),
      );
      return { success: true as const, data: ownCertificateView(certificate) };
    },
  );
};
