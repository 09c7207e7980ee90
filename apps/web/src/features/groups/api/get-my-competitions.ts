import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { groupKeys } from './group-query-keys';

export type MyCompetition = {
  group: {
    _id: string;
    name: string;
    startDate: string | null;
    endDate: string | null;
    phase: 'upcoming' | 'running' | 'ended';
  };
  status: 'pending' | 'approved' | 'rejected';
  standing: {
    rank: number;
    ranked: number;
    pnlPercent: number;
    equity: number;
    trades: number;
    freezes: number;
    frozenUntil: string | null;
  } | null;
};

/** GET /group/mine: the competitions I asked to join, running first, with my rank where approved. */
export function useMyCompetitions() {
  return useQuery({
    queryKey: groupKeys.mine(),
    queryFn: async ({ signal }) =>
      (await apiClient.get<MyCompetition[]>('/group/mine', { signal })).data ?? [],
    refetchInterval: 30_000,
  });
}
