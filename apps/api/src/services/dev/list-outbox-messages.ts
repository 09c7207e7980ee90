import { type Database, devOutbox } from '@candlewise/db';
import { desc, eq } from 'drizzle-orm';

/** Mail and SMS the console transports kept, newest first; `to` narrows to one (lower-cased) address. */
export async function listOutboxMessages(db: Database, { to, limit }: { to?: string; limit: number }) {
  const rows = await db
    .select()
    .from(devOutbox)
    .where(to ? eq(devOutbox.to, to.toLowerCase()) : undefined)
    .orderBy(desc(devOutbox.createdAt), desc(devOutbox.id))
    .limit(limit);
  return rows.map((row) => ({
    to: row.to,
    channel: row.channel,
    subject: row.subject,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
  }));
}
