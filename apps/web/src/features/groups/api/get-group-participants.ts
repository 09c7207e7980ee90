import type { DataOf } from '@candlewise/shared/api/contract';
import type { adminGroupContract } from '@candlewise/shared/groups/group-contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { groupKeys } from './group-query-keys';

/** One join request of a competition, as the admins see it. */
export type GroupParticipant = DataOf<typeof adminGroupContract.listParticipants>[number];

/** GET /admin/groups/{groupId}/participants: requests and members, oldest request first. */
export async function getGroupParticipants(
  groupId: string,
  signal?: AbortSignal,
): Promise<GroupParticipant[]> {
  const response = await apiClient.get<GroupParticipant[]>(
    `/admin/groups/${encodeURIComponent(groupId)}/participants`,
    { signal },
  );
  return Array.isArray(response.data) ? response.data : [];
}

export function groupParticipantsQueryOptions(groupId: string) {
  return queryOptions({
    queryKey: groupKeys.participants(groupId),
    queryFn: ({ signal }) => getGroupParticipants(groupId, signal),
  });
}

export function useGroupParticipants(groupId: string) {
  return useQuery(groupParticipantsQueryOptions(groupId));
}
