import type { DataOf } from '@candlewise/shared/api/contract';
import type { Ranking } from '@candlewise/shared/groups/ranking';
import type { LeaderboardFilter, tradingContract } from '@candlewise/shared/trading/trading-contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { LEADERBOARD_PAGE_SIZE, leaderboardPagePath } from './first-reads';
import { groupKeys } from './group-query-keys';

export type { LeaderboardFilter, Ranking };
export { LEADERBOARD_PAGE_SIZE };

/** One row of the standings: Rank, Name, PnL %, Balance, Equity, Trades, Freezes (from the contract). */
export type StandingRow = NonNullable<DataOf<typeof tradingContract.getLeaderboard>['me']>;

/**
 * The standings (every row, or one page of them) and the competition's account currency, the one
 * Balance and Equity are in; `total` ranked members and the caller's own row (`me`) wherever it is.
 */
export type Standings = {
  rows: StandingRow[];
  currency: string;
  /** How the group ranks: by return %, or by the Calmar score. */
  ranking?: Ranking;
  total?: number;
  me?: StandingRow | null;
};

/**
 * A live `standings` event: the total, and the top rows and the viewer's own row when they changed
 * for this viewer (each absent otherwise).
 */
export type StandingsFrame = {
  total: number;
  /** The highest ledger sequence the frame's standings include (frames only go forward). */
  ledgerSeq?: number;
  top?: StandingRow[];
  me?: StandingRow | null;
};

/**
 * One page of the standings after a live frame: the top replaces the first rows of page 1 (a member
 * who rose into it leaves their old place), the viewer's own row replaces theirs on any page.
 * The other rows are as the page last read them (it is read again every 10 seconds). A filtered
 * page (passed, failed, my phase) takes only the viewer's own row: the frame's top and total are
 * the whole table's.
 */
export function applyStandingsFrame(
  page: Standings,
  frame: StandingsFrame,
  offset: number,
  filter: LeaderboardFilter = 'all',
): Standings {
  const filtered = filter !== 'all';
  let rows = page.rows;
  if (frame.top && offset === 0 && !filtered) {
    // Whoever rose into the top leaves their old place; whoever fell out stays just below it.
    const inTop = new Set(frame.top.map((row) => row.userId));
    rows = [...frame.top, ...rows.filter((row) => !inTop.has(row.userId))].slice(
      0,
      Math.max(rows.length, frame.top.length),
    );
  }
  const me = frame.me;
  if (me) rows = rows.map((row) => (row.userId === me.userId ? me : row));
  return {
    ...page,
    rows,
    total: filtered ? page.total : frame.total,
    ...(frame.me !== undefined ? { me: frame.me } : {}),
  };
}

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

/** GET /group/{groupId}/leaderboard?offset=&limit=&filter=: one page of the standings (1-based). */
export function leaderboardPageQueryOptions(
  groupId: string,
  page: number,
  filter: LeaderboardFilter = 'all',
) {
  return queryOptions({
    queryKey: groupKeys.leaderboardPage(groupId, page, filter),
    queryFn: async ({ signal }) =>
      (await apiClient.get<Standings>(leaderboardPagePath(groupId, page, filter), { signal })).data,
    placeholderData: keepPreviousData,
  });
}

/**
 * The leaderboard page's standings, one page at a time. The stream writes the top and the member's
 * own row into the pages' cache as they change; `poll` reads the page again every 10 seconds (the
 * rest of a live page, or all of it while the stream is down). A 403 (not a member) is not retried.
 */
export function useLeaderboard(
  groupId: string,
  { poll, page, filter = 'all' }: { poll: boolean; page: number; filter?: LeaderboardFilter },
) {
  return useQuery({
    ...leaderboardPageQueryOptions(groupId, page, filter),
    refetchInterval: poll ? LEADERBOARD_POLL_MS : false,
  });
}

/** GET /group/{groupId}/leaderboard.csv: the whole table (any size) as a file download. */
export async function downloadLeaderboard(groupId: string): Promise<void> {
  const blob = await apiClient.getBlob(`/group/${encodeURIComponent(groupId)}/leaderboard.csv`);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `leaderboard-${groupId}.csv`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
