import { useQueryClient } from '@tanstack/react-query';
import { Alert } from 'antd';
import { useEffect } from 'react';
import { groupKeys } from '../../api/group-query-keys';
import { formatCountdown } from '../../lib/trading-format';
import { useNow } from '../../lib/use-now';

/**
 * Shown while the member's account is frozen (DESIGN §8): why, and a countdown to the release.
 * At zero the account is fetched again, so the ticket opens as soon as the engine releases it.
 */
export function FrozenBanner({
  groupId,
  frozenUntil,
  threshold,
}: {
  groupId: string;
  frozenUntil: string;
  threshold: number | undefined;
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
  const why =
    threshold !== undefined
      ? `Your drawdown reached this competition's ${threshold}% limit, so your positions were closed and your orders canceled.`
      : 'Your drawdown reached this competition’s limit, so your positions were closed and your orders canceled.';
  return (
    <Alert
      className="cw-trading__frozen"
      type="warning"
      showIcon
      role="status"
      title="Trading is frozen"
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
