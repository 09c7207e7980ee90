import { devOutbox } from '@candlewise/db';
import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

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
    async (request) => {
      const rows = await app.database.db
        .select()
        .from(devOutbox)
        .where(request.query.to ? eq(devOutbox.to, request.query.to.toLowerCase()) : undefined)
        .orderBy(desc(devOutbox.createdAt), desc(devOutbox.id))
        .limit(request.query.limit);
      return {
        success: true as const,
        data: rows.map((row) => ({
          to: row.to,
          channel: row.channel,
          subject: row.subject,
          text: row.text,
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },
  );
};
