import type { DrawdownBasis } from '@candlewise/shared/trading/risk-rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiClient } from '@/lib/api-client';
import { GROUPS_PATH } from './first-reads';
import { groupKeys } from './group-query-keys';

/** One competition as GET /group/ returns it (docs/architecture.md §API conventions, with the fields of §Competitions). */
export type Group = {
  _id: string;
  name: string;
  /** Markdown. */
  description: string;
  /** ISO date-time, or null when not set. */
  startDate: string | null;
  endDate: string | null;
  /** Milliseconds. */
  freezeDuration: number;
  /** Percent of drawdown that freezes an account, measured as `drawdownBasis` says. */
  freezeThreshold: number;
  /** What the drawdown is measured from: the trailing peak, the balance or the starting balance. */
  drawdownBasis?: DrawdownBasis;
  /** Percent lost within one competition day that freezes an account; 0 is off. */
  dailyLossLimit?: number;
  /** The competition day starts at this hour (0–23) in `timeZone`. */
  dailyResetHour?: number;
  /** IANA time zone of the competition day ('Asia/Kolkata'). */
  timeZone?: string;
  /** Approved members ("N total joined"). */
  participantsCount: number;
  startingBalance?: number;
  /** The account currency ('INR' or 'USD'): balances, P&L and standings are in it. */
  currency: string;
  registrationOpen?: boolean;
  /** Symbols members may trade; empty means every instrument. */
  instruments?: string[];
  /** 'replay' plays back an uploaded day from `replayFrom` (a bar time) at `replaySpeed`×. */
  marketMode?: 'live' | 'replay';
  replayFrom?: string | null;
  replaySpeed?: number;
  phase?: 'upcoming' | 'running' | 'ended';
};

export async function getGroups(signal?: AbortSignal): Promise<Group[]> {
  const response = await apiClient.get<Group[]>(GROUPS_PATH, { signal });
  return Array.isArray(response.data) ? response.data : [];
}

export function groupsQueryOptions() {
  return queryOptions({ queryKey: groupKeys.list(), queryFn: ({ signal }) => getGroups(signal) });
}

/** Every competition. A failure is logged (docs/product-contract.md §8; as 'Failed to load groups'); the page offers Retry. */
export function useGroups() {
  const query = useQuery(groupsQueryOptions());
  const { error } = query;
  useEffect(() => {
    if (error) console.error('Failed to load groups', error);
  }, [error]);
  return query;
}
