import { z } from 'zod';

export const publicUserSchema = z.object({
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
  planStatus: z.enum(['active', 'canceled', 'Not Subscribed']),
  planExpirationDate: z.number().nullable(),
  timeZone: z.string(),
  createdAt: z.string(),
});
