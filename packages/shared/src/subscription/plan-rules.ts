import type { PlanStatus } from '../user/user-types.ts';

const DAY_MS = 86_400_000;

/**
 * The one rule for "has Pro": an active plan, or a canceled one until its expiry (cancel takes
 * effect at the end of the paid period). planExpirationDate is in Unix seconds.
 */
export function hasPro(
  user: { planStatus: PlanStatus; planExpirationDate: number | null },
  nowMs: number = Date.now(),
): boolean {
  if (user.planStatus === 'Not Subscribed') return false;
  if (user.planExpirationDate === null) return user.planStatus === 'active';
  return user.planExpirationDate * 1000 > nowMs;
}

/** Pro features are open to Pro learners (hasPro) and to admins. */
export function hasProAccess(
  user: { role: string | null; planStatus: PlanStatus; planExpirationDate: number | null },
  nowMs: number = Date.now(),
): boolean {
  return user.role === 'admin' || hasPro(user, nowMs);
}

/**
 * "Full journal statistics and breakdowns" as sold on the Pricing page: everyone sees the headline
 * figures and the calendar; the breakdowns (tag, symbol, weekday, hour, P&L distribution) and the
 * equity curve are Pro. The API answers them as `{ locked: true }` for others.
 */
export const canSeeJournalBreakdowns = hasProAccess;

export const JOURNAL_BREAKDOWNS_NEED_PRO =
  'Breakdowns by tag, symbol, weekday and hour and the equity curve are part of Pro.';

/** The spec's days remaining: ceil((expiry − now) / 86,400,000 ms), never below 0. */
export function daysRemaining(expirySeconds: number, nowMs: number = Date.now()): number {
  return Math.max(0, Math.ceil((expirySeconds * 1000 - nowMs) / DAY_MS));
}

/** The long US date of the manage page, e.g. 'November 21, 2026' (in the viewer's time zone unless given). */
export function formatLongUsDate(expirySeconds: number, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone,
  }).format(new Date(expirySeconds * 1000));
}
