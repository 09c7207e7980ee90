import { type DbExecutor, type UserRow, users } from '@candlewise/db';
import { emailSchema } from '@candlewise/shared';
import { sql } from 'drizzle-orm';
import { notFound } from '../../lib/app-error.ts';

export async function setUserRoleByEmail(
  db: DbExecutor,
  rawEmail: string,
  role: 'user' | 'admin',
): Promise<UserRow> {
  const email = emailSchema.parse(rawEmail);
  const rows = await db
    .update(users)
    .set({ role, updatedAt: new Date() })
    .where(sql`lower(${users.email}) = ${email}`)
    .returning();
  if (rows.length === 0) throw notFound(`No user has the e-mail ${email}.`);
  return rows[0];
}
