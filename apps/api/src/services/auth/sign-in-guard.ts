import { type Database, signInAddresses, users } from '@candlewise/db';
import { and, eq, gt, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import type { AttemptCounter } from '../../lib/attempt-counter.ts';
import { retryAfterSeconds, waitText } from '../../lib/wait-text.ts';
import type { EventBus } from '../../providers/events/event-bus.ts';
import { notify } from '../notifications/notify.ts';

/**
 * Password guessing, limited before the answer is known (every guess reserves its place in three
 * counters, a correct password gives it back):
 * - 10 wrong passwords per account from one address, and 30 per address, in 15 minutes;
 * - 50 per account from all addresses together, so a botnet cannot try thousands — except from
 *   the addresses the owner signed in from before: strangers exhausting the account's limit do
 *   not lock its owner out, and a password reset clears the account's counters.
 * At the 10th wrong password against an account in a window, its owner is told.
 */
export const SIGN_IN_LIMITS = {
  windowMs: 15 * 60_000,
  perAccountFromAddress: 10,
  perAddress: 30,
  perAccount: 50,
  warnOwnerAt: 10,
  /** An address counts as the owner's for this long after a successful sign-in from it. */
  knownAddressDays: 60,
};

const normalise = (email: string) => email.trim().toLowerCase();

function tooManyGuesses(retryAfterMs: number): AppError {
  const seconds = retryAfterSeconds(retryAfterMs);
  return new AppError(
    429,
    'RATE_LIMITED',
    `Too many sign-in attempts. Please wait ${waitText(seconds)} and try again, or reset your password.`,
    undefined,
    { 'Retry-After': String(seconds) },
  );
}

export class SignInGuard {
  constructor(
    private readonly db: Database,
    private readonly counter: AttemptCounter,
    private readonly bus: EventBus,
  ) {}

  /**
   * Runs one sign-in attempt (`check` verifies the password) under the limits. A 401 from it
   * counts; anything else (success, a disabled account) gives the reservations back.
   */
  async attempt<T>(email: string, address: string, check: () => Promise<T>): Promise<T> {
    const account = normalise(email);
    const { windowMs } = SIGN_IN_LIMITS;
    const keys = {
      pair: `sign-in:pair:${account}:${address}`,
      address: `sign-in:address:${address}`,
      account: `sign-in:account:${account}`,
    };
    const reserved: string[] = [];
    const giveBack = () => Promise.all(reserved.map((key) => this.counter.release(key)));
    const reserve = async (key: string, max: number) => {
      const result = await this.counter.reserve(key, max, windowMs);
      if (!result.allowed) {
        await giveBack();
        throw tooManyGuesses(result.retryAfterMs);
      }
      reserved.push(key);
      return result;
    };
    await reserve(keys.pair, SIGN_IN_LIMITS.perAccountFromAddress);
    await reserve(keys.address, SIGN_IN_LIMITS.perAddress);
    let accountCount = 0;
    if (!(await this.isOwnersAddress(account, address)))
      accountCount = (await reserve(keys.account, SIGN_IN_LIMITS.perAccount)).count;

    let outcome: T;
    try {
      outcome = await check();
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode !== 401) await giveBack();
      else if (accountCount === SIGN_IN_LIMITS.warnOwnerAt) await this.warnOwner(account);
      throw error;
    }
    await giveBack();
    await this.rememberAddress(account, address);
    return outcome;
  }

  /** After a password reset the owner starts afresh, whoever was guessing. */
  async forgive(email: string, address: string): Promise<void> {
    const account = normalise(email);
    await this.counter.clear(`sign-in:account:${account}`);
    await this.counter.clear(`sign-in:pair:${account}:${address}`);
  }

  private async isOwnersAddress(account: string, address: string): Promise<boolean> {
    const [row] = await this.db
      .select({ one: sql<number>`1` })
      .from(signInAddresses)
      .innerJoin(users, eq(users.id, signInAddresses.userId))
      .where(
        and(
          sql`lower(${users.email}) = ${account}`,
          eq(signInAddresses.address, address),
          gt(
            signInAddresses.lastSignInAt,
            sql`now() - ${`${SIGN_IN_LIMITS.knownAddressDays} days`}::interval`,
          ),
        ),
      )
      .limit(1);
    return Boolean(row);
  }

  private async rememberAddress(account: string, address: string): Promise<void> {
    const [user] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${account}`);
    if (!user) return;
    await this.db
      .insert(signInAddresses)
      .values({ userId: user.id, address })
      .onConflictDoUpdate({
        target: [signInAddresses.userId, signInAddresses.address],
        set: { lastSignInAt: new Date() },
      });
  }

  private async warnOwner(account: string): Promise<void> {
    const [user] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${account}`);
    if (!user) return;
    await notify(this.db, this.bus, {
      userId: user.id,
      kind: 'security_alert',
      title: 'Someone is trying to sign in to your account',
      message: `${SIGN_IN_LIMITS.warnOwnerAt} wrong passwords were tried for your account in the last 15 minutes from addresses you have not used. Your own devices can still sign in. If it was not you, consider changing your password.`,
      link: '/profile',
    });
  }
}
