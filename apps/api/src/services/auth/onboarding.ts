import { type Database, type UserRow, users, verificationCodes } from '@candlewise/db';
import type { UserDetailsInput } from '@candlewise/shared';
import { and, eq } from 'drizzle-orm';
import { AppError, conflict } from '../../lib/app-error.ts';
import type { Mailer } from '../../providers/mail/mailer.ts';
import type { SmsSender } from '../../providers/sms/sms-sender.ts';
import { emailConfirmationMail, phoneCodeText } from './account-messages.ts';
import { consumeVerificationCode, issueVerificationCode } from './verification-code.ts';

type Deps = { db: Database; secret: string };

export async function confirmEmail({ db, secret }: Deps, user: UserRow, code: string): Promise<UserRow> {
  if (user.emailVerifiedAt) throw conflict('Your e-mail address is already confirmed.');
  const target = await consumeVerificationCode(db, {
    secret,
    userId: user.id,
    purpose: 'email_confirmation',
    code,
  });
  if (target.toLowerCase() !== user.email.toLowerCase()) {
    throw new AppError(400, 'BAD_REQUEST', 'This code was sent to another address. Ask for a new code.');
  }
  const [updated] = await db
    .update(users)
    .set({ emailVerifiedAt: new Date(), updatedAt: new Date() })
    .where(eq(users.id, user.id))
    .returning();
  return updated;
}

export async function addPhoneNumber(
  { db, secret, sms }: Deps & { sms: SmsSender },
  user: UserRow,
  phoneNumber: string,
): Promise<void> {
  if (!user.emailVerifiedAt) throw conflict('Confirm your e-mail address first.');
  const code = await issueVerificationCode(db, {
    secret,
    userId: user.id,
    purpose: 'phone_confirmation',
    target: phoneNumber,
  });
  await sms.send({ to: phoneNumber, text: phoneCodeText(code) });
}

export async function confirmPhone({ db, secret }: Deps, user: UserRow, code: string): Promise<UserRow> {
  const phoneNumber = await consumeVerificationCode(db, {
    secret,
    userId: user.id,
    purpose: 'phone_confirmation',
    code,
  });
  const [updated] = await db
    .update(users)
    .set({ phoneNumber, phoneVerifiedAt: new Date(), updatedAt: new Date() })
    .where(eq(users.id, user.id))
    .returning();
  return updated;
}

export async function resendCode(
  { db, secret, mailer, sms }: Deps & { mailer: Mailer; sms: SmsSender },
  user: UserRow,
  channel: 'email' | 'phone',
): Promise<void> {
  if (channel === 'email') {
    if (user.emailVerifiedAt) throw conflict('Your e-mail address is already confirmed.');
    const code = await issueVerificationCode(db, {
      secret,
      userId: user.id,
      purpose: 'email_confirmation',
      target: user.email,
    });
    await mailer.send(emailConfirmationMail(user.email, code));
    return;
  }
  const [pending] = await db
    .select({ target: verificationCodes.target })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.userId, user.id), eq(verificationCodes.purpose, 'phone_confirmation')));
  if (!pending) throw new AppError(400, 'BAD_REQUEST', 'Add a phone number first.');
  const code = await issueVerificationCode(db, {
    secret,
    userId: user.id,
    purpose: 'phone_confirmation',
    target: pending.target,
  });
  await sms.send({ to: pending.target, text: phoneCodeText(code) });
}

/** The last onboarding step: the profile, then the role `user` (admins keep theirs). */
export async function completeUserDetails(
  db: Database,
  user: UserRow,
  input: UserDetailsInput,
): Promise<UserRow> {
  if (!user.emailVerifiedAt) throw conflict('Confirm your e-mail address first.');
  if (!user.phoneVerifiedAt) throw conflict('Add and confirm your phone number first.');
  const [updated] = await db
    .update(users)
    .set({
      firstName: input.firstName,
      lastName: input.lastName,
      experienceLevel: input.experienceLevel,
      interests: input.interests,
      role: user.role ?? 'user',
      updatedAt: new Date(),
    })
    .where(eq(users.id, user.id))
    .returning();
  return updated;
}
