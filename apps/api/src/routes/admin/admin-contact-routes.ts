import { contactMessages } from '@candlewise/db';
import { count, desc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const adminContactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/contact-messages',
    {
      onRequest: [app.authenticate, app.requireAdmin],
      schema: {
        tags: ['admin'],
        summary: 'Messages sent through the contact form, newest first',
        security: [{ bearerAuth: [] }],
        querystring: z.object({
          page: z.coerce.number().int().min(1).default(1),
          pageSize: z.coerce.number().int().min(1).max(100).default(20),
        }),
        response: {
          200: z.object({
            success: z.literal(true),
            data: z.object({
              messages: z.array(
                z.object({
                  _id: z.string(),
                  name: z.string(),
                  email: z.string(),
                  subject: z.string(),
                  message: z.string(),
                  createdAt: z.string(),
                }),
              ),
              total: z.number(),
              page: z.number(),
              pageSize: z.number(),
            }),
          }),
        },
      },
    },
    async (request) => {
      const { page, pageSize } = request.query;
      const [rows, [{ total }]] = await Promise.all([
        app.database.db
          .select()
          .from(contactMessages)
          .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        app.database.db.select({ total: count() }).from(contactMessages),
      ]);
      return {
        success: true as const,
        data: {
          messages: rows.map((row) => ({
            _id: row.id,
            name: row.name,
            email: row.email,
            subject: row.subject,
            message: row.message,
            createdAt: row.createdAt.toISOString(),
          })),
          total,
          page,
          pageSize,
        },
      };
    },
  );
};
