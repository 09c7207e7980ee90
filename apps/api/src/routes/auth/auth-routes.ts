import { emailSchema } from '@candlewise/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { logIn } from '../../services/auth/log-in.ts';
import { publicUserSchema } from '../users/public-user-schema.ts';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/login',
    {
      // Per address and per account: guessing a password is slow from one place or against one e-mail.
      config: {
        rateLimit: {
          max: 10,
          timeWindow: '5 minutes',
          keyGenerator: (request) => {
            const email = (request.body as { email?: unknown } | undefined)?.email;
            return `login:${request.ip}:${typeof email === 'string' ? email.trim().toLowerCase() : ''}`;
          },
        },
      },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password',
        body: z.object({
          email: emailSchema,
          password: z.string().min(1, 'Please enter your password.').max(200),
        }),
        response: {
          200: z.object({
            success: z.literal(true),
            data: z.object({ token: z.string(), user: publicUserSchema }),
          }),
        },
      },
    },
    async (request) => {
      const result = await logIn(
        app.database.db,
        app.config.appSecret,
        request.body.email,
        request.body.password,
      );
      return { success: true as const, data: result };
    },
  );
};
