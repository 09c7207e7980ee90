import { type DbExecutor, newId, notifications } from '@candlewise/db';
import type { EventBus } from '../../providers/events/event-bus.ts';

export type NotificationKind =
  | 'broadcast'
  | 'group_approved'
  | 'group_rejected'
  | 'account_frozen'
  | 'account_released'
  | 'order_canceled'
  | 'security_alert'
  | 'competition_started'
  | 'competition_final_rank'
  | 'challenge_passed'
  | 'challenge_failed'
  | 'challenge_day_ended'
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

/** Rows per INSERT (× 6 bind parameters, well under PostgreSQL's 65,535). */
const INSERT_SLICE = 1000;

export type NotificationAnnouncement = { channel: string; payload: Record<string, unknown> };

/**
 * Stores notifications (in the caller's transaction, when it passes one) and returns what to
 * announce once that transaction has committed: a rolled-back write must not ring anyone's bell.
 */
export async function recordNotifications(
  db: DbExecutor,
  inputs: NewNotification[],
): Promise<NotificationAnnouncement[]> {
  if (!inputs.length) return [];
  const rows = inputs.map((input) => ({
    id: newId(),
    userId: input.userId,
    kind: input.kind,
    title: input.title,
    message: input.message,
    link: input.link ?? null,
  }));
  // A competition's start tells every member at once: one INSERT of that many rows would pass
  // PostgreSQL's 65,535 bind parameters (six a row), so the rows go in slices, in the same transaction.
  const createdAt = new Map<string, string>();
  for (let i = 0; i < rows.length; i += INSERT_SLICE) {
    const stored = await db
      .insert(notifications)
      .values(rows.slice(i, i + INSERT_SLICE))
      .returning({ id: notifications.id, createdAt: notifications.createdAt });
    for (const row of stored) createdAt.set(row.id, row.createdAt.toISOString());
  }
  return rows.map((row) => ({
    channel: notificationChannel(row.userId),
    payload: {
      _id: row.id,
      notificationContent: { title: row.title, message: row.message },
      kind: row.kind,
      createdAt: createdAt.get(row.id),
      ...(row.link ? { link: row.link } : {}),
    },
  }));
}

/** Publishes in flight at once: Redis pipelines them on its one connection. */
export const ANNOUNCE_IN_FLIGHT = 500;

/**
 * Announces stored notifications to the live streams (a lost announcement only delays the bell).
 * A competition's start tells every member at once: 100,000 publishes one after the other took 72 s
 * of a tick at 100 competitions × 1,000 members (bench:scale), so up to ANNOUNCE_IN_FLIGHT go out
 * together, each user's own in the order given.
 */
export async function announceNotifications(
  bus: EventBus,
  announcements: NotificationAnnouncement[],
): Promise<void> {
  for (let start = 0; start < announcements.length; start += ANNOUNCE_IN_FLIGHT)
    await Promise.all(
      announcements
        .slice(start, start + ANNOUNCE_IN_FLIGHT)
        .map(({ channel, payload }) => bus.publish(channel, payload).catch(() => undefined)),
    );
}

/**
 * The one way every feature tells a user something: stored first, then announced to the live
 * streams (a lost announcement only delays the bell; the list is always right).
 */
export async function notify(db: DbExecutor, bus: EventBus, input: NewNotification): Promise<{ id: string }> {
  const [announcement] = await recordNotifications(db, [input]);
  await announceNotifications(bus, [announcement]);
  return { id: announcement.payload._id as string };
}
