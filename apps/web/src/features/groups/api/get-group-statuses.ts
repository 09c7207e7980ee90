import type { DataOf } from '@candlewise/shared/api/contract';
import type { groupContract } from '@candlewise/shared/groups/group-contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiClient } from '@/lib/api-client';
import { participationsPath } from './first-reads';
import { groupKeys } from './group-query-keys';

/** One of the user's join requests (the spec's §3 Participant record; ADR 023: from the shared contract). */
export type Participation = DataOf<typeof groupContract.listParticipations>[number];
export type ParticipantStatus = Participation['status'];

export async function getParticipations(userId: string, signal?: AbortSignal): Promise<Participation[]> {
  const response = await apiClient.get<Participation[]>(participationsPath(userId), { signal });
  return Array.isArray(response.data) ? response.data : [];
}

export function groupStatusesQueryOptions(userId: string) {
  return queryOptions({
    queryKey: groupKeys.statuses(userId),
    queryFn: ({ signal }) => getParticipations(userId, signal),
  });
}

/** The user's request per group id (its `_id` is what a withdrawal names). */
export function toParticipationByGroup(
  participations: Participation[] | undefined,
): Map<string, Participation> {
  const byGroup = new Map<string, Participation>();
  for (const record of participations ?? []) {
    const groupId = record?.groupId?._id;
    if (groupId) byGroup.set(groupId, record);
  }
  return byGroup;
}

/** The user's status per group id; a group missing from the map has no status ("none"). */
export function toStatusByGroup(participations: Participation[] | undefined): Map<string, ParticipantStatus> {
  return new Map(
    [...toParticipationByGroup(participations)].map(([groupId, record]) => [groupId, record.status]),
  );
}

/** The user's join requests. A failure is logged only (docs/product-contract.md §8): every group then reads as "none". */
export function useGroupStatuses(userId: string) {
  const query = useQuery(groupStatusesQueryOptions(userId));
  const { error } = query;
  useEffect(() => {
    if (error) console.error('Failed to load group statuses', error);
  }, [error]);
  return query;
}
