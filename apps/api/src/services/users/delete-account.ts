import { type Database, type UserRow, users } from '@candlewise/db';
import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { verifyPassword } from '../auth/password-hash.ts';
import { assertAnotherActiveAdmin } from './admin-guard.ts';

/** Deletes the account and everything that belongs to it (foreign keys cascade). */
export async function deleteAccount(db: Database, user: UserRow, password: string): Promise<void> {
  if (!(await verifyPassword(password, user.passwordHash))) {
    const message = 'That password is not right.';
    throw new AppError(400, 'VALIDATION_FAILED', message, [{ path: 'password', message }]);
  }
  await db.transaction(async (tx) => {
    await assertAnotherActiveAdmin(tx, user.id);
    await tx.delete(users).where(eq(users.id, user.id));
  });
}
