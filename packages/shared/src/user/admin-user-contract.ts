import { z } from 'zod';
import { apiData, defineContract } from '../api/contract.ts';
import { publicUserSchema } from './user-contract.ts';

/** The user object the API answers, as the admins' list shows it: the public user and its state. */
export const adminUserSchema = publicUserSchema.extend({
  /** The account is disabled: its tokens stop working and it cannot sign in. */
  disabled: z.boolean(),
});

/** Users as the admins manage them (ADR 023): search and page, promote or demote, disable or enable. */
export const adminUserContract = defineContract({
  listUsers: {
    method: 'GET',
    path: '/admin/users',
    query: z.object({
      search: z.string().trim().max(100).optional(),
      page: z.coerce.number().int().min(1).default(1),
      pageSize: z.coerce.number().int().min(1).max(100).default(20),
    }),
    response: apiData(
      z.object({
        users: z.array(adminUserSchema),
        total: z.number(),
        page: z.number(),
        pageSize: z.number(),
      }),
    ),
  },
  updateUser: {
    method: 'PATCH',
    path: '/admin/users/:userId',
    params: z.object({ userId: z.string().min(1).max(64) }),
    body: z
      .object({ role: z.enum(['user', 'admin']).optional(), disabled: z.boolean().optional() })
      .refine((body) => body.role !== undefined || body.disabled !== undefined, 'Send role or disabled.'),
    response: apiData(z.object({ user: adminUserSchema })),
  },
});
