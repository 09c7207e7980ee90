import { type Database, newId, users } from '@candlewise/db';
import type { SignUpInput } from '@candlewise/shared';
import type { Mailer } from '../../providers/mail/mailer.ts';
import { emailConfirmationMail, signUpAttemptMail } from './account-messages.ts';
import { hashPassword } from './password-hash.ts';
import { issueVerificationCode } from './verification-code.ts';

/** What every sign-up hears, whether the address was new or already had an account (ADR 027). */
export const SIGN_UP_ANSWER =
  'We sent an e-mail to this address: a 6-digit code to confirm it, or, if it already has an account, how to log in. Log in with your e-mail and password to carry on.';

/**
 * Creates the account (role null until onboarding completes) and e-mails the confirmation code.
 * A registered address gets the same answer and no session (sign-up grants none: the client logs
 * in with the password it just chose); its owner is e-mailed instead, at most as often as
 * `mayNotifyOwner` allows, so sign-ups cannot flood an inbox.
 */
export async function signUp(
  db: Database,
  mailer: Mailer,
  secret: string,
  input: SignUpInput,
  mayNotifyOwner: (email: string) => Promise<boolean> = async () => true,
): Promise<void> {
  const passwordHash = await hashPassword(input.password); // paid either way: the same time
  const outcome = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({ id: newId(), email: input.email, passwordHash })
      .onConflictDoNothing()
      .returning();
    if (!created) return { created: false as const };
    const code = await issueVerificationCode(tx, {
      secret,
      userId: created.id,
      purpose: 'email_confirmation',
      target: created.email,
    });
    return { created: true as const, email: created.email, code };
  });
  if (outcome.created) await mailer.send(emailConfirmationMail(outcome.email, outcome.code));
  else if (await mayNotifyOwner(input.email)) await mailer.send(signUpAttemptMail(input.email));
}
