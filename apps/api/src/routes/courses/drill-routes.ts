import { drillContract } from '@candlewise/shared/courses/drill-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  drillOfSession,
  finishDrillAttempt,
  getDrillDetail,
  listCourseDrills,
  startDrillAttempt,
} from '../../services/courses/drill-attempts.ts';
import type { PracticeDeps } from '../../services/practice/practice-work.ts';

const c = drillContract;

/**
 * Trade drills (issue #42): graded practice replays after a lesson. Every attempt is the caller's:
 * another learner's attempt answers 404.
 */
export const drillRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticateRoute);
  const tags = ['courses'];
  const security = [{ bearerAuth: [] }];
  const deps = (): PracticeDeps => ({ db: app.database.db, cache: app.readCache });
  const ok = <T>(data: T, message?: string) => ({
    success: true as const,
    ...(message ? { message } : {}),
    data,
  });

  app.get(
    '/courses/:courseId/drills',
    {
      schema: {
        tags,
        security,
        summary: 'The course’s trade drills with the caller’s attempts and best score',
        params: c.listCourseDrills.params,
        response: { 200: c.listCourseDrills.response },
      },
    },
    async (request) =>
      ok(await listCourseDrills(app.database.db, request.currentUser, request.params.courseId)),
  );

  app.get(
    '/drills/:drillId',
    {
      schema: {
        tags,
        security,
        summary: 'A drill: task, rules and the caller’s attempts with their results and charts',
        params: c.getDrill.params,
        response: { 200: c.getDrill.response },
      },
    },
    async (request) =>
      ok(await getDrillDetail(deps(), request.currentUser, request.params.drillId, Date.now())),
  );

  app.post(
    '/drills/:drillId/attempts',
    {
      config: { keepsUserCache: true },
      schema: {
        tags,
        security,
        summary:
          'Start (or retry) a drill: a practice replay at the drill’s minute (409 with five replays running)',
        params: c.startAttempt.params,
        response: { 201: c.startAttempt.response },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          ok(
            await startDrillAttempt(deps(), request.currentUser, request.params.drillId, Date.now()),
            'Drill started.',
          ),
        ),
  );

  app.post(
    '/drills/:drillId/attempts/:attemptId/score',
    {
      config: { keepsUserCache: true },
      schema: {
        tags,
        security,
        summary: 'Finish and score an attempt (its replay ends; a scored attempt answers as it is)',
        params: c.scoreAttempt.params,
        response: { 200: c.scoreAttempt.response },
      },
    },
    async (request) => {
      const attempt = await finishDrillAttempt(
        deps(),
        request.currentUser,
        request.params.drillId,
        request.params.attemptId,
        Date.now(),
      );
      return ok(attempt, attempt.passed ? 'Drill passed.' : 'Drill scored.');
    },
  );

  app.get(
    '/drills/by-session/:sessionId',
    {
      schema: {
        tags,
        security,
        summary: 'The drill traded in one of the caller’s practice replays (null for a plain replay)',
        params: c.sessionDrill.params,
        response: { 200: c.sessionDrill.response },
      },
    },
    async (request) =>
      ok(await drillOfSession(app.database.db, request.currentUser.id, request.params.sessionId)),
  );
};
