import { contactMessageSchema } from '@candlewise/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
        body: contactMessageSchema,
        response: {
          201: z.object({
            success: z.literal(true),
            message: z.string(),
            data: z.object({ _id: z.string() }),
          }),
        },
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
