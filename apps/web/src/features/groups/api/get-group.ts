import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { groupPath } from './first-reads';
import type { Group } from './get-groups';
import { groupKeys } from './group-query-keys';

/** GET /group/{groupId}: one competition (404 when it does not exist). */
export function groupQueryOptions(groupId: string) {
  return queryOptions({
    queryKey: groupKeys.detail(groupId),
    queryFn: async ({ signal }) => (await apiClient.get<Group>(groupPath(groupId), { signal })).data,
    staleTime: 30_000,
  });
}

export function useGroup(groupId: string) {
  return useQuery(groupQueryOptions(groupId));
}
