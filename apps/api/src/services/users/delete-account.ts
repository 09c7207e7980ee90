import { type Database, journalEntryScreenshots, type UserRow, users } from '@candlewise/db';
import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import type { FileStorage } from '../../providers/storage/file-storage.ts';
import { verifyPassword } from '../auth/password-hash.ts';
import { assertAnotherActiveAdmin } from './admin-guard.ts';

/**
 * Deletes the account and everything that belongs to it: rows by cascading foreign keys, then the
 * files (the avatar, journal screenshots) once the rows are gone, so nothing stays served.
 */
export async function deleteAccount(
  db: Database,
  storage: FileStorage,
  user: UserRow,
  password: string,
): Promise<void> {
  if (!(await verifyPassword(password, user.passwordHash))) {
    const message = 'That password is not right.';
    throw new AppError(400, 'VALIDATION_FAILED', message, [{ path: 'password', message }]);
  }
  const files = await db.transaction(async (tx) => {
    await assertAnotherActiveAdmin(tx, user.id);
    const screenshots = await tx
      .select({ key: journalEntryScreenshots.storageKey })
      .from(journalEntryScreenshots)
      .where(eq(journalEntryScreenshots.userId, user.id));
    const [row] = await tx.select({ avatar: users.profileImageUrl }).from(users).where(eq(users.id, user.id));
    await tx.delete(users).where(eq(users.id, user.id));
    const avatar = row?.avatar?.match(/^\/api\/v1\/uploads\/(avatars\/[a-z0-9-]+\.[a-z]+)$/)?.[1];
    return [...screenshots.map((shot) => shot.key), ...(avatar ? [avatar] : [])];
  });
  await Promise.all(files.map((key) => storage.delete(key).catch(() => undefined)));
}
