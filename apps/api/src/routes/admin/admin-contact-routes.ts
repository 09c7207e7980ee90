import { contactMessageFilters, contactMessageHandledSchema } from '@candlewise/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  listContactMessages,
  setContactMessageHandled,
} from '../../services/contact/admin-contact-messages.ts';

const adminContactMessageSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  createdAt: z.string(),
  /** When an admin marked it handled; null while it is open. */
  handledAt: z.string().nullable(),
  /** Who marked it handled; null while open (or when that admin account was deleted). */
  handledBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
});

export const adminContactRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = [app.authenticate, app.requireAdmin];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/admin/contact-messages',
    {
      onRequest,
      schema: {
        tags: ['admin'],
        summary:
          'Messages sent through the contact form, newest first; `status` open, handled or all (default)',
        security,
        querystring: z.object({
          page: z.coerce.number().int().min(1).default(1),
          pageSize: z.coerce.number().int().min(1).max(100).default(20),
          status: z.enum(contactMessageFilters).default('all'),
        }),
        response: {
          200: z.object({
            success: z.literal(true),
            data: z.object({
              messages: z.array(adminContactMessageSchema),
              total: z.number(),
              page: z.number(),
              pageSize: z.number(),
              status: z.enum(contactMessageFilters),
            }),
          }),
        },
      },
    },
    async (request) => {
      const { page, pageSize, status } = request.query;
      const list = await listContactMessages(app.database.db, { filter: status, page, pageSize });
      return {
        success: true as const,
        data: { messages: list.messages, total: list.total, page, pageSize, status },
      };
    },
  );

  app.patch(
    '/admin/contact-messages/:messageId',
    {
      onRequest,
      schema: {
        tags: ['admin'],
        summary: 'Mark a contact message handled (`handled: true`) or open again; 404 for an unknown id',
        security,
        params: z.object({ messageId: z.string().min(1).max(64) }),
        body: contactMessageHandledSchema,
        response: {
          200: z.object({ success: z.literal(true), message: z.string(), data: adminContactMessageSchema }),
        },
      },
    },
    async (request) => {
      const { handled } = request.body;
      const data = await setContactMessageHandled(app.database.db, {
        id: request.params.messageId,
        handled,
        adminId: request.currentUser.id,
      });
      return {
        success: true as const,
        message: handled ? 'Marked as handled' : 'Marked as open',
        data,
      };
    },
  );
};
