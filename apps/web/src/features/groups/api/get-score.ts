import type { DataOf } from '@candlewise/shared/api/contract';
import type { tradingContract } from '@candlewise/shared/trading/trading-contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { groupKeys } from './group-query-keys';

/** How the member's score is made: the ranking, their rank, the figures and the formula (the contract's). */
export type ScoreExplanation = DataOf<typeof tradingContract.getScore>;

/** GET /group/{groupId}/score: the caller's own score, members only (403 for others). */
export function scoreQueryOptions(groupId: string) {
  return queryOptions({
    queryKey: groupKeys.score(groupId),
    queryFn: async ({ signal }) =>
      (await apiClient.get<ScoreExplanation>(`/group/${encodeURIComponent(groupId)}/score`, { signal })).data,
  });
}

/** The member's score while its dialog is open (read again each time it opens: it changes every second). */
export function useScore(groupId: string) {
  return useQuery({ ...scoreQueryOptions(groupId), staleTime: 0, refetchOnMount: 'always' });
}
