import { contactMessages, type DbExecutor, users } from '@candlewise/db';
import type { ContactMessageFilter } from '@candlewise/shared';
import { count, desc, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import { notFound } from '../../lib/app-error.ts';

export const CONTACT_MESSAGE_NOT_FOUND = 'We could not find that message. It may have been removed.';

export type AdminContactMessageView = {
  _id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  createdAt: string;
  /** When an admin marked it handled; null while it is open. */
  handledAt: string | null;
  /** The admin who marked it handled (null while open, or when that account is gone). */
  handledBy: { _id: string; name: string } | null;
};

const filterCondition = (filter: ContactMessageFilter): SQL | undefined =>
  filter === 'open'
    ? isNull(contactMessages.handledAt)
    : filter === 'handled'
      ? isNotNull(contactMessages.handledAt)
      : undefined;

const adminName = (row: { firstName: string | null; lastName: string | null; email: string }) =>
  [row.firstName, row.lastName].filter(Boolean).join(' ').trim() || row.email;

async function selectViews(db: DbExecutor, where: SQL | undefined, limit: number, offset: number) {
  const rows = await db
    .select({
      message: contactMessages,
      handler: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
    })
    .from(contactMessages)
    .leftJoin(users, eq(users.id, contactMessages.handledBy))
    .where(where)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(limit)
    .offset(offset);
  return rows.map(
    ({ message, handler }): AdminContactMessageView => ({
      _id: message.id,
      name: message.name,
      email: message.email,
      subject: message.subject,
      message: message.message,
      createdAt: message.createdAt.toISOString(),
      handledAt: message.handledAt ? message.handledAt.toISOString() : null,
      handledBy: message.handledAt && handler ? { _id: handler.id, name: adminName(handler) } : null,
    }),
  );
}

/** The admin list, newest first: open, handled or all messages, a page at a time. */
export async function listContactMessages(
  db: DbExecutor,
  { filter, page, pageSize }: { filter: ContactMessageFilter; page: number; pageSize: number },
) {
  const where = filterCondition(filter);
  const [messages, [{ total }]] = await Promise.all([
    selectViews(db, where, pageSize, (page - 1) * pageSize),
    db.select({ total: count() }).from(contactMessages).where(where),
  ]);
  return { messages, total, page, pageSize, filter };
}

/** Marks a message handled by this admin, or open again; 404 for an unknown id. */
export async function setContactMessageHandled(
  db: DbExecutor,
  { id, handled, adminId }: { id: string; handled: boolean; adminId: string },
): Promise<AdminContactMessageView> {
  const [updated] = await db
    .update(contactMessages)
    .set(handled ? { handledAt: new Date(), handledBy: adminId } : { handledAt: null, handledBy: null })
    .where(eq(contactMessages.id, id))
    .returning({ id: contactMessages.id });
  if (!updated) throw notFound(CONTACT_MESSAGE_NOT_FOUND);
  const [view] = await selectViews(db, eq(contactMessages.id, id), 1, 0);
  return view;
}
