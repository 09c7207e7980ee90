import { tradeDetailSchema } from '@candlewise/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getTradeDetail } from '../../services/journal/get-trade-detail.ts';

/** A journal trade's detail page (issue #16): the caller's own trades only, others are 404. */
export const journalTradeDetailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/journal/trades/:id/detail',
    {
      schema: {
        tags: ['journal'],
        security: [{ bearerAuth: [] }],
        summary:
          'One of your trades with its fills (typed legs for trades typed in); competition trades also get the session’s 1-minute candles, entry and exit, MAE and MFE',
        params: z.object({ id: z.string().min(1).max(64) }),
        response: { 200: z.object({ success: z.literal(true), data: tradeDetailSchema }) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await getTradeDetail(app.database.db, request.currentUser, request.params.id),
    }),
  );
};
