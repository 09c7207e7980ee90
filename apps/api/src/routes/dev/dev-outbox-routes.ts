import { devContract } from '@candlewise/shared/dev/dev-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listOutboxMessages } from '../../services/dev/list-outbox-messages.ts';

/** Mail and SMS as the console transports kept them. Registered only outside production. */
export const devOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dev/outbox',
    {
      schema: {
        tags: ['development'],
        summary: 'Messages sent without a real transport, newest first (not in production)',
        querystring: devContract.listOutbox.query,
        response: { 200: devContract.listOutbox.response },
      },
    },
    async (request) => ({
      success: true as const,
      data: await listOutboxMessages(app.database.db, request.query),
    }),
  );
};
