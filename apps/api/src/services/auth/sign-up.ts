import { type Database, newId, users } from '@candlewise/db';
import type { PublicUser, SignUpInput } from '@candlewise/shared';
import { conflict } from '../../lib/app-error.ts';
import type { Mailer } from '../../providers/mail/mailer.ts';
import { toPublicUser } from '../users/to-public-user.ts';
import { emailConfirmationMail } from './account-messages.ts';
import { hashPassword } from './password-hash.ts';
import { signSessionToken } from './session-token.ts';
import { issueVerificationCode } from './verification-code.ts';

/** Creates the account (role null until onboarding completes) and e-mails the confirmation code. */
export async function signUp(
  db: Database,
  mailer: Mailer,
  secret: string,
  input: SignUpInput,
): Promise<{ token: string; user: PublicUser }> {
  const passwordHash = await hashPassword(input.password);
  const { user, code } = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({ id: newId(), email: input.email, passwordHash })
      .onConflictDoNothing()
      .returning();
    if (!created) {
      throw conflict(
        'An account with this e-mail already exists. Log in, or reset your password if you forgot it.',
      );
    }
    const issued = await issueVerificationCode(tx, {
      secret,
      userId: created.id,
      purpose: 'email_confirmation',
      target: created.email,
    });
    return { user: created, code: issued };
  });
  await mailer.send(emailConfirmationMail(user.email, code));
  return { token: await signSessionToken(secret, user.id, user.tokenVersion), user: toPublicUser(user) };
}
