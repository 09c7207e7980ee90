import { type Database, type UserRow, users } from '@candlewise/db';
import { eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import type { Mailer } from '../../providers/mail/mailer.ts';
import { findUserByEmail } from '../users/find-user.ts';
import { passwordChangedMail, passwordResetMail } from './account-messages.ts';
import { hashPassword, verifyPassword } from './password-hash.ts';
import { signSessionToken } from './session-token.ts';
import { consumeVerificationCode, issueVerificationCode } from './verification-code.ts';

type Deps = { db: Database; secret: string; mailer: Mailer };

/** Always the same answer, so the form does not tell who has an account. */
export async function requestPasswordReset({ db, secret, mailer }: Deps, email: string): Promise<void> {
  const user = await findUserByEmail(db, email);
  if (!user || user.disabledAt) return;
  try {
    const code = await issueVerificationCode(db, {
      secret,
      userId: user.id,
      purpose: 'password_reset',
      target: user.email,
    });
    await mailer.send(passwordResetMail(user.email, code));
  } catch (error) {
    // A second request within 60 s keeps the first code; saying so would reveal the account.
    if (error instanceof AppError && error.statusCode === 429) return;
    throw error;
  }
}

const WRONG_RESET = 'That code is not right or has expired. Ask for a new code.';
const wrongReset = () =>
  new AppError(400, 'BAD_REQUEST', WRONG_RESET, [{ path: 'code', message: WRONG_RESET }]);

/**
 * Sets a new password with an e-mailed code, and signs out every device (token version + 1). Every
 * failure gives one answer, after the same work, whether or not the e-mail has an account: an
 * unknown e-mail checks its code against a user that does not exist, and the attempts left are not
 * told (the fifth wrong code still ends the code).
 */
export async function resetPassword(
  { db, secret, mailer }: Deps,
  input: { email: string; code: string; password: string },
): Promise<{ userId: string }> {
  const user = await findUserByEmail(db, input.email);
  try {
    await consumeVerificationCode(db, {
      secret,
      userId: user?.id ?? 'no-such-user',
      purpose: 'password_reset',
      code: input.code,
    });
  } catch (error) {
    if (error instanceof AppError && (error.statusCode === 400 || error.statusCode === 429))
      throw wrongReset();
    throw error;
  }
  if (!user) throw wrongReset();
  await db
    .update(users)
    .set({
      passwordHash: await hashPassword(input.password),
      tokenVersion: sql`${users.tokenVersion} + 1`,
      // The code arrived by e-mail, so the address is proven too.
      emailVerifiedAt: user.emailVerifiedAt ?? new Date(),
      updatedAt: new Date(),
    })
    .where(eq(users.id, user.id));
  await mailer.send(passwordChangedMail(user.email)).catch(() => undefined);
  return { userId: user.id };
}

/** Changes the password, signs out every other device and returns a token for this one. */
export async function changePassword(
  { db, secret, mailer }: Deps,
  user: UserRow,
  input: { currentPassword: string; newPassword: string },
): Promise<string> {
  if (!(await verifyPassword(input.currentPassword, user.passwordHash))) {
    const message = 'Your current password is not right.';
    throw new AppError(400, 'VALIDATION_FAILED', message, [{ path: 'currentPassword', message }]);
  }
  const [updated] = await db
    .update(users)
    .set({
      passwordHash: await hashPassword(input.newPassword),
      tokenVersion: sql`${users.tokenVersion} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(users.id, user.id))
    .returning({ tokenVersion: users.tokenVersion });
  await mailer.send(passwordChangedMail(user.email)).catch(() => undefined);
  return signSessionToken(secret, user.id, updated.tokenVersion);
}
