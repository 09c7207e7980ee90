import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listUsers, updateUserByAdmin } from '../../services/users/admin-users.ts';
import { toPublicUser } from '../../services/users/to-public-user.ts';
import { publicUserSchema } from '../users/public-user-schema.ts';

const adminUserSchema = publicUserSchema.extend({ disabled: z.boolean() });

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
        querystring: z.object({
          search: z.string().trim().max(100).optional(),
          page: z.coerce.number().int().min(1).default(1),
          pageSize: z.coerce.number().int().min(1).max(100).default(20),
        }),
        response: {
          200: z.object({
            success: z.literal(true),
            data: z.object({
              users: z.array(adminUserSchema),
              total: z.number(),
              page: z.number(),
              pageSize: z.number(),
            }),
          }),
        },
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
        params: z.object({ userId: z.string().min(1).max(64) }),
        body: z
          .object({ role: z.enum(['user', 'admin']).optional(), disabled: z.boolean().optional() })
          .refine((body) => body.role !== undefined || body.disabled !== undefined, 'Send role or disabled.'),
        response: { 200: z.object({ success: z.literal(true), data: z.object({ user: adminUserSchema }) }) },
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
