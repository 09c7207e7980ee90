import { type DbExecutor, notifications, type UserRow } from '@candlewise/db';
import { and, desc, eq, gt, gte, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';

export type NotificationView = {
  _id: string;
  notificationContent: { title: string; message: string };
  read: boolean;
  createdAt: string;
  kind: string;
  link?: string;
};

/** Mine, or a broadcast to everyone made after I joined. */
function visibleTo(user: UserRow): SQL {
  return or(
    eq(notifications.userId, user.id),
    and(isNull(notifications.userId), gte(notifications.createdAt, user.createdAt)),
  )!;
}

/** Read means created at or before the user's lastNotificationViewedAt (docs/decisions/005). */
function readFilter(user: UserRow, read: boolean): SQL | undefined {
  const viewed = user.lastNotificationViewedAt;
  if (read) return viewed ? lte(notifications.createdAt, viewed) : sql`false`;
  return viewed ? gt(notifications.createdAt, viewed) : undefined;
}

export type NotificationCursor = { createdAt: Date; id: string };

export function encodeCursor(cursor: NotificationCursor): string {
  return Buffer.from(`${cursor.createdAt.toISOString()}|${cursor.id}`).toString('base64url');
}

export function decodeCursor(value: string): NotificationCursor | null {
  const [iso, id] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(iso ?? '');
  if (!id || Number.isNaN(createdAt.getTime())) return null;
  return { createdAt, id };
}

/** Newest first, in pages: a cursor (createdAt, id) keeps pages stable while new ones arrive. */
export async function listNotifications(
  db: DbExecutor,
  user: UserRow,
  options: { read: boolean; limit: number; before?: NotificationCursor },
): Promise<{ items: NotificationView[]; nextCursor: string | null }> {
  const before = options.before
    ? or(
        lt(notifications.createdAt, options.before.createdAt),
        and(eq(notifications.createdAt, options.before.createdAt), lt(notifications.id, options.before.id)),
      )
    : undefined;
  const rows = await db
    .select()
    .from(notifications)
    .where(and(visibleTo(user), readFilter(user, options.read), before))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(options.limit + 1);
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => ({
      _id: row.id,
      notificationContent: { title: row.title, message: row.message },
      read: options.read,
      createdAt: row.createdAt.toISOString(),
      kind: row.kind,
      ...(row.link ? { link: row.link } : {}),
    })),
    nextCursor:
      rows.length > options.limit && last ? encodeCursor({ createdAt: last.createdAt, id: last.id }) : null,
  };
}

export async function countUnread(db: DbExecutor, user: UserRow): Promise<number> {
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(visibleTo(user), readFilter(user, false)));
  return count;
}
