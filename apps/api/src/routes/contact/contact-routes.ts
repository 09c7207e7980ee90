import { contactContract } from '@candlewise/shared/contact/contact-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createContactMessage } from '../../services/contact/create-contact-message.ts';

const CONFIRMATION = 'Thanks — we received your message and will reply by e-mail within two business days.';

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/contact',
    {
      config: { rateLimit: { max: 5, timeWindow: '10 minutes' } },
      schema: {
        tags: ['platform'],
        summary: 'Send a message to the Candlewise team',
        body: contactContract.createMessage.body,
        response: { 201: contactContract.createMessage.response },
      },
    },
    async (request, reply) => {
      const { id } = await createContactMessage(app.database.db, app.mailer, app.config.supportEmail, {
        ...request.body,
        ipAddress: request.ip,
      });
      return reply.code(201).send({ success: true as const, message: CONFIRMATION, data: { _id: id } });
    },
  );
};
