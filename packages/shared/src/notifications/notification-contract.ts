import { z } from 'zod';
import { apiData, apiSuccessWithMessage, defineContract } from '../api/contract.ts';
import { inAppPath } from './in-app-path.ts';

/** One notification as the lists answer it (the stream announces the same fields). */
export const notificationSchema = z.object({
  _id: z.string(),
  notificationContent: z.object({ title: z.string(), message: z.string() }),
  read: z.boolean(),
  createdAt: z.string(),
  kind: z.string(),
  /** A path inside the app, such as /group. */
  link: z.string().optional(),
});

/** Notifications (ADR 023): the lists, the unread count, the live stream and an admin's broadcast. */
export const notificationContract = defineContract({
  listNotifications: {
    method: 'GET',
    path: '/notification/all',
    query: z.object({
      read: z
        .enum(['true', 'false'], { message: 'read must be true or false.' })
        .transform((value) => value === 'true'),
      userId: z.string().min(1).max(64),
      limit: z.coerce.number().int().min(1).max(100).default(50),
      before: z.string().max(200).optional(),
    }),
    response: apiData(z.array(notificationSchema)).extend({
      /** The next page's `before`; null on the last page. */
      meta: z.object({ nextCursor: z.string().nullable() }),
    }),
  },
  getUnreadCount: {
    method: 'GET',
    path: '/notification/unread-count',
    response: apiData(z.object({ unreadCount: z.number() })),
  },
  stream: {
    method: 'GET',
    path: '/notification/stream',
    produces: 'text/event-stream',
    /** Server-sent events: `notification` (a new one, with the unread count) and `unread` (the count). */
    response: z.string(),
  },
  createBroadcast: {
    method: 'POST',
    path: '/admin/notifications',
    body: z.object({
      title: z.string().trim().min(1, 'Add a title.').max(120, 'Keep the title under 120 characters.'),
      message: z
        .string()
        .trim()
        .min(1, 'Add a message.')
        .max(1000, 'Keep the message under 1,000 characters.'),
      link: z
        .string()
        .max(300)
        .transform((link, context) => {
          const path = inAppPath(link);
          if (path === null)
            context.addIssue({
              code: 'custom',
              message: 'Use a path inside Candlewise, such as /course.',
            });
          return path ?? link;
        })
        .optional(),
      /** One user's id; null (or left out) sends it to everyone. */
      userId: z.string().min(1).max(64).nullable().default(null),
    }),
    status: 201,
    response: apiSuccessWithMessage(z.object({ _id: z.string() })),
  },
});
