import type { FreezeReason } from '@candlewise/shared/trading/risk-rules';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { PlainAlert } from '@/components/plain/plain-alert';
import { groupKeys } from '../../api/group-query-keys';
import { formatCountdown } from '../../lib/trading-format';
import { useNow } from '../../lib/use-now';

/** Why the account froze: the rule that fired (from the member's standings row), the drawdown by default. */
function freezeWhy(reason: FreezeReason | null | undefined, threshold?: number, dailyLossLimit?: number) {
  const closed = 'so your positions were closed and your orders canceled.';
  if (reason === 'daily_loss') {
    return dailyLossLimit
      ? `Your loss today reached this competition's daily limit of ${dailyLossLimit}%, ${closed}`
      : `Your loss today reached this competition's daily limit, ${closed}`;
  }
  return threshold !== undefined
    ? `Your drawdown reached this competition's ${threshold}% limit, ${closed}`
    : `Your drawdown reached this competition’s limit, ${closed}`;
}

/**
 * Shown while the member's account is frozen (docs/architecture.md §Competitions): which rule fired, and a countdown to the
 * release. At zero the account is fetched again, so the ticket opens as soon as the engine releases it.
 */
export function FrozenBanner({
  groupId,
  frozenUntil,
  threshold,
  reason,
  dailyLossLimit,
}: {
  groupId: string;
  frozenUntil: string;
  threshold: number | undefined;
  reason?: FreezeReason | null;
  dailyLossLimit?: number;
}) {
  const until = Date.parse(frozenUntil);
  const now = useNow(1000);
  const remaining = until - now;
  const queryClient = useQueryClient();
  const released = remaining <= 0;
  useEffect(() => {
    if (released) void queryClient.invalidateQueries({ queryKey: groupKeys.account(groupId) });
  }, [released, groupId, queryClient]);
  if (released) return null;
  const why = freezeWhy(reason, threshold, dailyLossLimit);
  return (
    <PlainAlert
      className="cw-trading__frozen"
      type="warning"
      role="status"
      message="Trading is frozen"
      description={
        <>
          {why} You can trade again in{' '}
          <strong className="cw-trading__countdown">{formatCountdown(remaining)}</strong>
          {` (at ${new Date(until).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}).`}
        </>
      }
    />
  );
}
