import { type DbExecutor, users } from '@candlewise/db';
import { and, asc, eq, isNull } from 'drizzle-orm';

/** The e-mails of the enabled admins, oldest first (what the start banner names). */
export async function listAdminEmails(db: DbExecutor): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.disabledAt)))
    .orderBy(asc(users.createdAt));
  return rows.map((row) => row.email);
}
