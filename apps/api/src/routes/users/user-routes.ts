import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/app-error.ts';
import { assertSelf } from '../../plugins/authentication.ts';
import { findUserById } from '../../services/users/find-user.ts';
import { toPublicUser } from '../../services/users/to-public-user.ts';
import { publicUserSchema } from './public-user-schema.ts';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/details/:userId',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['users'],
        summary: 'The signed-in user (or, for admins, any user)',
        security: [{ bearerAuth: [] }],
        params: z.object({ userId: z.string().min(1).max(64) }),
        response: {
          200: z.object({ success: z.literal(true), data: z.object({ userData: publicUserSchema }) }),
        },
      },
    },
    async (request) => {
      assertSelf(request, request.params.userId, { allowAdmin: true });
      const user =
        request.params.userId === request.currentUser.id
          ? request.currentUser
          : await findUserById(app.database.db, request.params.userId);
      if (!user) throw notFound('No user has that id.');
      return { success: true as const, data: { userData: toPublicUser(user) } };
    },
  );
};
