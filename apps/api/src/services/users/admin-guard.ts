import { type Transaction, users } from '@candlewise/db';
import { and, eq, isNull } from 'drizzle-orm';
import { conflict } from '../../lib/app-error.ts';

/**
 * Refuses a change that would leave no active admin. Runs inside the caller's transaction and
 * locks the admin rows, so two admins demoting each other at once cannot both succeed.
 */
export async function assertAnotherActiveAdmin(tx: Transaction, userId: string): Promise<void> {
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.disabledAt)))
    .for('update');
  const isActiveAdmin = admins.some((admin) => admin.id === userId);
  if (isActiveAdmin && admins.length <= 1) {
    throw conflict('This is the last active admin. Make another admin first.');
  }
}
