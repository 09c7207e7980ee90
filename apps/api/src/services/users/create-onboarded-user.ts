import { type DbExecutor, newId, type UserRow, users } from '@candlewise/db';
import { emailSchema, passwordSchema, personNameSchema } from '@candlewise/shared';
import { z } from 'zod';
import { AppError, conflict } from '../../lib/app-error.ts';
import { hashPassword } from '../auth/password-hash.ts';

export const onboardedUserInputSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  firstName: personNameSchema.default('Candlewise'),
  lastName: personNameSchema.default('Admin'),
  role: z.enum(['user', 'admin']).default('user'),
});

export type OnboardedUserInput = z.input<typeof onboardedUserInputSchema>;

/**
 * Makes a user who skips onboarding (e-mail and phone treated as confirmed, role set): for the CLI
 * and for tests. The unique index on lower(email) decides duplicates, not a prior read.
 */
export async function createOnboardedUser(db: DbExecutor, input: OnboardedUserInput): Promise<UserRow> {
  const parsed = onboardedUserInputSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError(400, 'VALIDATION_FAILED', `${issue.path.join('.')}: ${issue.message}`);
  }
  const { email, password, firstName, lastName, role } = parsed.data;
  const now = new Date();
  const rows = await db
    .insert(users)
    .values({
      id: newId(now),
      email,
      passwordHash: await hashPassword(password),
      firstName,
      lastName,
      role,
      emailVerifiedAt: now,
      phoneVerifiedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (rows.length === 0) throw conflict(`A user with the e-mail ${email} already exists.`);
  return rows[0];
}
