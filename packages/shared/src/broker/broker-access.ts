import { hasProAccess } from '../subscription/plan-rules.ts';
import type { PlanStatus } from '../user/user-types.ts';

/** The sentence a free learner sees when they try to connect or sync a broker. */
export const BROKER_SYNC_NEEDS_PRO =
  'Broker sync is part of Pro. Upgrade on the Pricing page to import your broker trades into the journal.';

/**
 * The one rule for "may this user connect and sync a broker": Pro (hasPro), or an admin. The API
 * enforces it; the page uses it to show the upgrade card instead of a form that would be refused.
 */
export function canSyncBroker(
  user: { role: string | null; planStatus: PlanStatus; planExpirationDate: number | null },
  nowMs: number = Date.now(),
): boolean {
  return hasProAccess(user, nowMs);
}
