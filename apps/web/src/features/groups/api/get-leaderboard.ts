import type { FreezeReason } from '@candlewise/shared/trading/risk-rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { groupKeys } from './group-query-keys';

/** One row of the standings: Rank, Name, PnL %, Balance, Equity, Trades, Freezes. */
export type StandingRow = {
  rank: number;
  userId: string;
  name: string;
  pnlPercent: number;
  /** Balance and equity are in the standings' currency. */
  balance: number;
  equity: number;
  trades: number;
  freezes: number;
  /** ISO time the member's freeze ends, or null when they can trade. */
  frozenUntil: string | null;
  /** Which rule froze the member while frozen (the drawdown or the daily loss limit), else null. */
  frozenReason?: FreezeReason | null;
};

/** The standings and the competition's account currency, the one Balance and Equity are in. */
export type Standings = { rows: StandingRow[]; currency: string };

/** While the live stream is down the table polls this often (it is the fallback, not the source). */
export const LEADERBOARD_POLL_MS = 10_000;

/** GET /group/{groupId}/leaderboard: the standings, one query per competition (page and monitor share it). */
export function leaderboardQueryOptions(groupId: string) {
  return queryOptions({
    queryKey: groupKeys.leaderboard(groupId),
    queryFn: async ({ signal }) =>
      (await apiClient.get<Standings>(`/group/${encodeURIComponent(groupId)}/leaderboard`, { signal })).data,
  });
}

/**
 * The leaderboard page's standings. The stream writes fresh rows into this query's cache; when it
 * is down, `poll` turns on a 10-second refresh. A 403 (not a member) is not retried.
 */
export function useLeaderboard(groupId: string, { poll }: { poll: boolean }) {
  return useQuery({
    ...leaderboardQueryOptions(groupId),
    refetchInterval: poll ? LEADERBOARD_POLL_MS : false,
  });
}
