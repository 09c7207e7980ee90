import { type Database, type UserRow, users } from '@candlewise/db';
import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { conflict, notFound } from '../../lib/app-error.ts';
import { assertAnotherActiveAdmin } from './admin-guard.ts';

export async function listUsers(
  db: Database,
  options: { search?: string; page: number; pageSize: number },
): Promise<{ rows: UserRow[]; total: number }> {
  let where: SQL | undefined;
  if (options.search) {
    const pattern = `%${options.search.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
    where = or(ilike(users.email, pattern), ilike(users.firstName, pattern), ilike(users.lastName, pattern));
  }
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { rows, total };
}

/**
 * Promote, demote, disable or enable; never leaves the product without an active admin, and an admin
 * never disables or demotes their own account (a slip of the hand that locks them out).
 */
export async function updateUserByAdmin(
  db: Database,
  actingAdminId: string,
  userId: string,
  changes: { role?: 'user' | 'admin'; disabled?: boolean },
): Promise<UserRow> {
  if (userId === actingAdminId && (changes.disabled === true || changes.role === 'user')) {
    throw conflict(
      changes.disabled === true
        ? 'You cannot disable your own account. Ask another admin if it must be disabled.'
        : 'You cannot remove your own admin role. Ask another admin to do it.',
    );
  }
  return db.transaction(async (tx) => {
    const [target] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!target) throw notFound('No user has that id.');
    const demoting = changes.role === 'user' && target.role === 'admin';
    const disabling = changes.disabled === true && !target.disabledAt;
    const enabling = changes.disabled === false && target.disabledAt !== null;
    if (demoting || disabling) await assertAnotherActiveAdmin(tx, userId);
    const [updated] = await tx
      .update(users)
      .set({
        ...(changes.role ? { role: changes.role } : {}),
        ...(changes.disabled === undefined ? {} : { disabledAt: changes.disabled ? new Date() : null }),
        // Sessions from before the disable end for good (while disabled they answer 403, which
        // says why): re-enabling lets the owner sign in afresh, never revives an old token.
        ...(enabling ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(users.id, userId)))
      .returning();
    return updated;
  });
}
