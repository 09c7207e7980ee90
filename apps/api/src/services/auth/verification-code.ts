import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { type DbExecutor, newId, verificationCodes } from '@candlewise/db';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';

export const CODE_LIFETIME_MS = 10 * 60_000;
export const CODE_MAX_ATTEMPTS = 5;
export const CODE_RESEND_AFTER_MS = 60_000;

export type CodePurpose = 'email_confirmation' | 'phone_confirmation' | 'password_reset';

function hashCode(secret: string, userId: string, purpose: CodePurpose, code: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${userId}:${code}`).digest('base64url');
}

/**
 * Issues a fresh 6-digit code, replacing the previous one. The upsert only replaces a code sent
 * more than 60 s ago (or already used), so two racing resends cannot both send: the loser gets 429.
 * A new target (another phone number) waits the same 60 s: changing the number is no way around it.
 */
export async function issueVerificationCode(
  db: DbExecutor,
  options: { secret: string; userId: string; purpose: CodePurpose; target: string; now?: Date },
): Promise<string> {
  const now = options.now ?? new Date();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const values = {
    target: options.target,
    codeHash: hashCode(options.secret, options.userId, options.purpose, code),
    attempts: 0,
    sentAt: now,
    expiresAt: new Date(now.getTime() + CODE_LIFETIME_MS),
    consumedAt: null,
  };
  const rows = await db
    .insert(verificationCodes)
    .values({ id: newId(now), userId: options.userId, purpose: options.purpose, ...values })
    .onConflictDoUpdate({
      target: [verificationCodes.userId, verificationCodes.purpose],
      set: values,
      setWhere: or(
        lt(verificationCodes.sentAt, new Date(now.getTime() - CODE_RESEND_AFTER_MS)),
        sql`${verificationCodes.consumedAt} is not null`,
      ),
    })
    .returning({ id: verificationCodes.id });
  if (rows.length === 0) {
    const [existing] = await db
      .select({ sentAt: verificationCodes.sentAt })
      .from(verificationCodes)
      .where(
        and(eq(verificationCodes.userId, options.userId), eq(verificationCodes.purpose, options.purpose)),
      );
    const waitSeconds = Math.max(
      1,
      Math.ceil(
        ((existing?.sentAt.getTime() ?? now.getTime()) + CODE_RESEND_AFTER_MS - now.getTime()) / 1000,
      ),
    );
    throw new AppError(
      429,
      'RATE_LIMITED',
      `We just sent you a code. You can ask for a new one in ${waitSeconds} seconds.`,
      undefined,
      { 'Retry-After': String(waitSeconds) },
    );
  }
  return code;
}

/**
 * Checks a code and uses it up. Wrong codes count against 5 attempts; a used, expired or exhausted
 * code is refused without changing anything. Returns the target the code was sent to.
 */
export async function consumeVerificationCode(
  db: DbExecutor,
  options: { secret: string; userId: string; purpose: CodePurpose; code: string; now?: Date },
): Promise<string> {
  const now = options.now ?? new Date();
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.userId, options.userId), eq(verificationCodes.purpose, options.purpose)));
  const invalid = (message: string) => new AppError(400, 'BAD_REQUEST', message, [{ path: 'code', message }]);
  if (!row || row.consumedAt) throw invalid('This code is no longer valid. Ask for a new code.');
  if (row.expiresAt.getTime() <= now.getTime()) throw invalid('This code has expired. Ask for a new code.');
  if (row.attempts >= CODE_MAX_ATTEMPTS) {
    throw new AppError(
      429,
      'RATE_LIMITED',
      'Too many wrong attempts for this code. Ask for a new code.',
      [{ path: 'code', message: 'Too many wrong attempts for this code. Ask for a new code.' }],
      { 'Retry-After': '60' },
    );
  }

  const expected = Buffer.from(row.codeHash);
  const actual = Buffer.from(hashCode(options.secret, options.userId, options.purpose, options.code));
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) {
    const [updated] = await db
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} + 1` })
      .where(and(eq(verificationCodes.id, row.id), lt(verificationCodes.attempts, CODE_MAX_ATTEMPTS)))
      .returning({ attempts: verificationCodes.attempts });
    const left = CODE_MAX_ATTEMPTS - (updated?.attempts ?? CODE_MAX_ATTEMPTS);
    throw invalid(
      left > 0
        ? `That code is not right. ${left} attempt${left === 1 ? '' : 's'} left.`
        : 'That code is not right, and that was the last attempt. Ask for a new code.',
    );
  }

  // Only one request can use a code: the update wins once, a replay finds consumed_at set.
  const [used] = await db
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(
      and(
        eq(verificationCodes.id, row.id),
        isNull(verificationCodes.consumedAt),
        lt(verificationCodes.attempts, CODE_MAX_ATTEMPTS),
      ),
    )
    .returning({ target: verificationCodes.target });
  if (!used) throw invalid('This code is no longer valid. Ask for a new code.');
  return used.target;
}
