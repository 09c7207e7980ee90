import type { DbExecutor } from '@candlewise/db';
import type { PublicUser } from '@candlewise/shared';
import { AppError } from '../../lib/app-error.ts';
import { findUserByEmail } from '../users/find-user.ts';
import { toPublicUser } from '../users/to-public-user.ts';
import { hashPassword, verifyPassword } from './password-hash.ts';
import { signSessionToken } from './session-token.ts';

export const INVALID_CREDENTIALS = 'Invalid email or password';

// Compared against when the e-mail is unknown, so both failures take the same time.
const decoyHash = hashPassword('candlewise-decoy-password');

/** One answer for an unknown e-mail and a wrong password; a disabled account says so only after a correct password. */
export async function logIn(
  db: DbExecutor,
  appSecret: string,
  email: string,
  password: string,
): Promise<{ token: string; user: PublicUser }> {
  const user = await findUserByEmail(db, email);
  const matches = await verifyPassword(password, user?.passwordHash ?? (await decoyHash));
  if (!user || !matches) throw new AppError(401, 'UNAUTHORIZED', INVALID_CREDENTIALS);
  if (user.disabledAt) {
    throw new AppError(
      403,
      'FORBIDDEN',
      'This account has been disabled. Contact support if you think this is a mistake.',
    );
  }
  const token = await signSessionToken(appSecret, user.id, user.tokenVersion);
  return { token, user: toPublicUser(user) };
}
