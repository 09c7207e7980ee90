import { z } from 'zod';
import { apiData, defineContract } from '../api/contract.ts';
import { planStatuses } from './user-types.ts';

/**
 * The user object the API answers, as the admins' list shows it. The same fields as the API's
 * publicUserSchema; once the users contract holds that schema (branch contract-a, ADR 023), this is
 * `publicUserSchema.extend({ disabled })` and the copy goes.
 */
export const adminUserSchema = z.object({
  _id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profile_image_url: z.string().nullable(),
  role: z.enum(['user', 'admin']).nullable(),
  emailVerified: z.boolean(),
  phoneNumber: z.string().nullable(),
  phoneVerified: z.boolean(),
  lastNotificationViewedAt: z.string().nullable(),
  planStatus: z.enum(planStatuses),
  /** Unix seconds; null when the user never subscribed. */
  planExpirationDate: z.number().nullable(),
  timeZone: z.string(),
  createdAt: z.string(),
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
