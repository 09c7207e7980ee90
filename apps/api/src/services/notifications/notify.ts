import { type DbExecutor, newId, notifications } from '@candlewise/db';
import type { EventBus } from '../../providers/events/event-bus.ts';

export type NotificationKind =
  | 'broadcast'
  | 'group_approved'
  | 'group_rejected'
  | 'account_frozen'
  | 'account_released'
  | 'competition_started'
  | 'competition_final_rank'
  | 'subscription_changed'
  | 'subscription_expiring'
  | 'new_course'
  | 'broker_reconnect';

export type NewNotification = {
  /** null: everyone (an admin broadcast to all). */
  userId: string | null;
  kind: NotificationKind;
  title: string;
  message: string;
  link?: string | null;
};

export const notificationChannel = (userId: string | null) =>
  userId ? `notifications:user:${userId}` : 'notifications:all';

/**
 * The one way every feature tells a user something: stored first, then announced to the live
 * streams (a lost announcement only delays the bell; the list is always right).
 */
export async function notify(db: DbExecutor, bus: EventBus, input: NewNotification): Promise<{ id: string }> {
  const id = newId();
  const [row] = await db
    .insert(notifications)
    .values({
      id,
      userId: input.userId,
      kind: input.kind,
      title: input.title,
      message: input.message,
      link: input.link ?? null,
    })
    .returning({ createdAt: notifications.createdAt });
  await bus
    .publish(notificationChannel(input.userId), {
      _id: id,
      notificationContent: { title: input.title, message: input.message },
      kind: input.kind,
      createdAt: row.createdAt.toISOString(),
      ...(input.link ? { link: input.link } : {}),
    })
    .catch(() => undefined);
  return { id };
}
