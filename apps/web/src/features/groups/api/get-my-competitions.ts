import type { MyCompetition } from '@candlewise/shared';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { groupKeys } from './group-query-keys';

export type { MyCompetition };

/** GET /group/mine: the competitions I asked to join, running first, with my rank where approved. */
export function useMyCompetitions() {
  return useQuery({
    queryKey: groupKeys.mine(),
    queryFn: async ({ signal }) =>
      (await apiClient.get<MyCompetition[]>('/group/mine', { signal })).data ?? [],
    refetchInterval: 30_000,
  });
}
