import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listOutboxMessages } from '../../services/dev/list-outbox-messages.ts';

/** Mail and SMS as the console transports kept them. Registered only outside production. */
export const devOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dev/outbox',
    {
      schema: {
        tags: ['development'],
        summary: 'Messages sent without a real transport, newest first (not in production)',
        querystring: z.object({
          to: z.string().trim().max(254).optional(),
          limit: z.coerce.number().int().min(1).max(200).default(50),
        }),
        response: {
          200: z.object({
            success: z.literal(true),
            data: z.array(
              z.object({
                to: z.string(),
                channel: z.enum(['email', 'sms']),
                subject: z.string(),
                text: z.string(),
                createdAt: z.string(),
              }),
            ),
          }),
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: await listOutboxMessages(app.database.db, request.query),
    }),
  );
};
