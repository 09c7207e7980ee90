import type { DataOf } from '@candlewise/shared/api/contract';
import type { groupContract } from '@candlewise/shared/groups/group-contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiClient } from '@/lib/api-client';
import { GROUPS_PATH } from './first-reads';
import { groupKeys } from './group-query-keys';

/** One competition as GET /group/ returns it (ADR 023: inferred from the shared contract). */
export type Group = DataOf<typeof groupContract.getGroup>;

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
