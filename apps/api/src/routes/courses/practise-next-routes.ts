import { adminLearningLinkContract, practiseNextContract } from '@candlewise/shared/courses/practise-next';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deleteLearningLink,
  getPractiseNext,
  listLearningLinks,
  saveLearningLink,
} from '../../services/courses/practise-next.ts';
import { syncPaperTrades } from '../../services/journal/sync-paper-trades.ts';

/** "What to practise next" (docs/courses.md): the caller's costly mistakes, back to lessons and drills. */
export const practiseNextRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  app.get(
    '/learning/practise-next',
    {
      schema: {
        tags: ['courses'],
        security: [{ bearerAuth: [] }],
        summary: 'Your three most costly mistakes of the last 30 days, each with its lesson and drill',
        querystring: practiseNextContract.get.query,
        response: { 200: practiseNextContract.get.response },
      },
    },
    async (request) => {
      // Competition trades reach the journal on read, as on the journal's own pages.
      await syncPaperTrades(app.database.db, request.currentUser.id);
      return {
        success: true as const,
        data: await getPractiseNext(app.database.db, request.currentUser.id, {
          currency: request.query.currency,
        }),
      };
    },
  );
};

/** Admin → Courses → Mistakes: which lesson and drill teach each journal mistake tag and rule. */
export const adminLearningLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', app.requireAdmin);
  const c = adminLearningLinkContract;
  const tags = ['admin'];
  const security = [{ bearerAuth: [] }];
  app.get(
    '/admin/learning-links',
    {
      schema: {
        tags,
        security,
        summary: 'Mistake and rule links to lessons and drills',
        response: { 200: c.list.response },
      },
    },
    async () => ({ success: true as const, data: await listLearningLinks(app.database.db) }),
  );
  app.put(
    '/admin/learning-links',
    {
      schema: {
        tags,
        security,
        summary: 'Link a mistake tag or rule to a lesson and drill (replaces its link)',
        body: c.save.body,
        response: { 200: c.save.response },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Link saved.',
      data: await saveLearningLink(app.database.db, request.body),
    }),
  );
  app.delete(
    '/admin/learning-links/:linkId',
    {
      schema: {
        tags,
        security,
        summary: 'Remove a link',
        params: c.remove.params,
        response: { 200: c.remove.response },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Link removed.',
      data: await deleteLearningLink(app.database.db, request.params.linkId),
    }),
  );
};
