import { adminUserContract } from '@candlewise/shared/user/admin-user-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listUsers, updateUserByAdmin } from '../../services/users/admin-users.ts';
import { toPublicUser } from '../../services/users/to-public-user.ts';

const c = adminUserContract;

export const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/admin/users',
    {
      schema: {
        tags: ['admin'],
        summary: 'Search and page through users',
        security: [{ bearerAuth: [] }],
        querystring: c.listUsers.query,
        response: { 200: c.listUsers.response },
      },
    },
    async (request) => {
      const { rows, total } = await listUsers(app.database.db, request.query);
      return {
        success: true as const,
        data: {
          users: rows.map((user) => ({ ...toPublicUser(user), disabled: user.disabledAt !== null })),
          total,
          page: request.query.page,
          pageSize: request.query.pageSize,
        },
      };
    },
  );

  app.patch(
    '/admin/users/:userId',
    {
      schema: {
        tags: ['admin'],
        summary: 'Promote or demote an admin, disable or enable an account',
        security: [{ bearerAuth: [] }],
        params: c.updateUser.params,
        body: c.updateUser.body,
        response: { 200: c.updateUser.response },
      },
    },
    async (request) => {
      const user = await updateUserByAdmin(
        app.database.db,
        request.currentUser.id,
        request.params.userId,
        request.body,
      );
      await app.forgetUser(user.id); // a disabled account's tokens stop at once, in every process
      return {
        success: true as const,
        data: { user: { ...toPublicUser(user), disabled: user.disabledAt !== null } },
      };
    },
  );
};
