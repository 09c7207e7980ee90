import { type Database, type UserRow, users } from '@candlewise/db';
import type { UpdateUserDetailsInput } from '@candlewise/shared';
import { eq } from 'drizzle-orm';

/**
 * The spec's PUT user/update/user-details: marks notifications viewed up to the given time and/or
 * updates profile fields. A time in the future is clamped to now, so notifications created later
 * are still unread.
 */
export async function updateUserDetails(
  db: Database,
  user: UserRow,
  input: Omit<UpdateUserDetailsInput, 'userId'>,
  now: Date = new Date(),
): Promise<UserRow> {
  const changes: Partial<typeof users.$inferInsert> = { updatedAt: now };
  if (input.lastNotificationViewedAt) {
    const viewed = new Date(input.lastNotificationViewedAt);
    changes.lastNotificationViewedAt = viewed.getTime() > now.getTime() ? now : viewed;
  }
  if (input.firstName !== undefined) changes.firstName = input.firstName;
  if (input.lastName !== undefined) changes.lastName = input.lastName;
  if (input.experienceLevel !== undefined) changes.experienceLevel = input.experienceLevel;
  if (input.interests !== undefined) changes.interests = input.interests;
  if (input.timeZone !== undefined) changes.timeZone = input.timeZone;
  const [updated] = await db.update(users).set(changes).where(eq(users.id, user.id)).returning();
  return updated;
}
