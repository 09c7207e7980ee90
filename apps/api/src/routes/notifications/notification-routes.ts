import { notificationContract } from '@candlewise/shared/notifications/notification-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { sendJsonText } from '../../lib/ttl-cache.ts';
import { assertSelf } from '../../plugins/authentication.ts';
import {
  countUnread,
  decodeCursor,
  listNotifications,
} from '../../services/notifications/notification-queries.ts';
import { notificationChannel, notify } from '../../services/notifications/notify.ts';
import { findUserById } from '../../services/users/find-user.ts';

const c = notificationContract;

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const pageAnswer = c.listNotifications.response;

  // Read on every page load (the bell's first page): from memory for at most a second (ADR 019).
  app.get(
    '/notification/all',
    {
      onRequest: app.authenticateCached,
      schema: {
        tags: ['notifications'],
        summary: 'Unread (read=false) or read (read=true) notifications, newest first, in pages',
        security: [{ bearerAuth: [] }],
        querystring: c.listNotifications.query,
        response: { 200: pageAnswer },
      },
    },
    async (request, reply) => {
      assertSelf(request, request.query.userId);
      const before = request.query.before ? decodeCursor(request.query.before) : undefined;
      if (before === null) {
        throw new AppError(
          400,
          'VALIDATION_FAILED',
          'The page cursor is not valid; start from the first page.',
          [{ path: 'before', message: 'Unknown cursor.' }],
        );
      }
      const { read, limit } = request.query;
      const body = await app.readForCaller(
        request,
        `notifications:${read}:${limit}:${request.query.before ?? ''}`,
        async () => {
          const page = await listNotifications(app.database.db, request.currentUser, { read, limit, before });
          return JSON.stringify(
            pageAnswer.parse({ success: true, data: page.items, meta: { nextCursor: page.nextCursor } }),
          );
        },
      );
      return sendJsonText(reply, body);
    },
  );

  // The unread count is read on every page load. It is kept for at most a second per user, under
  // the time they last viewed their notifications (from the identity cache, itself forgotten by
  // their own writes on every process) and the count of writes this process has answered (a write
  // may notify: an approval, a fill, a broadcast). So the author of a write sees its notification
  // on their next read here, and every process sees new ones within a second.
  app.get(
    '/notification/unread-count',
    {
      onRequest: app.authenticateCached,
      schema: {
        tags: ['notifications'],
        summary: 'How many notifications are unread',
        security: [{ bearerAuth: [] }],
        response: { 200: c.getUnreadCount.response },
      },
    },
    async (request, reply) => {
      const user = request.currentUser;
      const viewed = user.lastNotificationViewedAt?.getTime() ?? 0;
      // Kept as the answer's text (a whole number, nothing else to check): no schema pass per read.
      const body = await app.readCache.get(
        `notifications:unread:${user.id}:${viewed}:${app.writesHandled.count}`,
        1000,
        async () =>
          JSON.stringify(
            c.getUnreadCount.response.parse({
              success: true,
              data: { unreadCount: await countUnread(app.database.db, user) },
            }),
          ),
      );
      return sendJsonText(reply, body);
    },
  );

  app.get(
    '/notification/stream',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['notifications'],
        summary:
          'Server-sent events: `notification` (a new one, with the unread count) and `unread` (the count)',
        security: [{ bearerAuth: [] }],
        response: {
          200: {
            description: 'text/event-stream: `notification` and `unread` events',
            content: { 'text/event-stream': { schema: c.stream.response } },
          },
        },
      },
    },
    async (request, reply) => {
      const userId = request.currentUser.id;
      let unsubscribers: Array<() => Promise<void>> = [];
      const currentCount = async () => {
        const user = await findUserById(app.database.db, userId);
        return user ? countUnread(app.database.db, user) : 0;
      };
      // The count is a snapshot: while the client is behind only the latest is kept.
      let unreadCount = 0;
      const sendCount = (count: number) => {
        unreadCount = count;
        stream.latest('unread', () => ({ event: 'unread', data: JSON.stringify({ unreadCount }) }));
      };
      // Private events stop with the session: logout, a password reset, disabling… end the stream.
      const stream = app.openLiveStream(request, reply, {
        retryMs: 5000,
        // Notifications were dropped while the client was behind: it refetches its lists on the gap,
        // and its count comes first, as of the last event (each one's count is read, sent or not).
        onResync: () => sendCount(unreadCount),
        onEnd: () => {
          for (const unsubscribe of unsubscribers) void unsubscribe();
        },
      });

      const onEvent = (payload: unknown) => {
        void (async () => {
          try {
            const count = await currentCount();
            const event = payload as { type?: string };
            if (event.type === 'viewed') sendCount(count);
            else {
              unreadCount = count;
              stream.send('notification', {
                notification: { ...(payload as object), read: false },
                unreadCount: count,
              });
            }
          } catch (error) {
            request.log.warn({ err: error }, 'notification stream: could not send an event');
          }
        })();
      };
      const subscribed = await Promise.all([
        app.eventBus.subscribe(notificationChannel(userId), onEvent),
        app.eventBus.subscribe(notificationChannel(null), onEvent),
      ]);
      // Ended (closed by the client, or the session) while subscribing: nothing may stay behind.
      if (stream.ended) {
        for (const unsubscribe of subscribed) void unsubscribe();
        return;
      }
      unsubscribers = subscribed;
      sendCount(await currentCount());
    },
  );

  app.post(
    '/admin/notifications',
    {
      onRequest: [app.authenticate, app.requireAdmin],
      schema: {
        tags: ['admin'],
        summary: 'Broadcast a notification to everyone, or send it to one user',
        security: [{ bearerAuth: [] }],
        body: c.createBroadcast.body,
        response: { 201: c.createBroadcast.response },
      },
    },
    async (request, reply) => {
      const { userId, ...content } = request.body;
      if (userId && !(await findUserById(app.database.db, userId))) {
        throw new AppError(404, 'NOT_FOUND', 'No user has that id.');
      }
      const { id } = await notify(app.database.db, app.eventBus, { userId, kind: 'broadcast', ...content });
      return reply.code(201).send({
        success: true as const,
        message: userId ? 'Sent to the user.' : 'Sent to everyone.',
        data: { _id: id },
      });
    },
  );
};
