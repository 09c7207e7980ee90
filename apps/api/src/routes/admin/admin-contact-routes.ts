import { adminContactContract } from '@candlewise/shared/contact/contact-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  listContactMessages,
  setContactMessageHandled,
} from '../../services/contact/admin-contact-messages.ts';

const c = adminContactContract;

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
        querystring: c.listMessages.query,
        response: { 200: c.listMessages.response },
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
        params: c.setHandled.params,
        body: c.setHandled.body,
        response: { 200: c.setHandled.response },
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
