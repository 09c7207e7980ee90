import type { BodyOf, DataOf } from '@candlewise/shared/api/contract';
import type { groupContract } from '@candlewise/shared/groups/group-contract';
import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { ApiError, apiClient } from '@/lib/api-client';
import { serverSentenceOr } from '../lib/server-sentence';
import type { Participation } from './get-group-statuses';
import type { Group } from './get-groups';
import { groupKeys } from './group-query-keys';

/** docs/product-contract.md §8's join toasts. */
export const JOIN_SUCCESS_MESSAGE = 'Request sent successfully';
export const JOIN_FAILURE_FALLBACK = 'Failed to join group';

const joinGroupKey = [...groupKeys.all, 'join'] as const;

/** POST /group/{groupId}/participants: 201 with the request (pending); 409 when already asked or closed. */
export function joinGroup({
  groupId,
  userId,
}: { groupId: string } & BodyOf<typeof groupContract.requestToJoin>) {
  return apiClient.post<DataOf<typeof groupContract.requestToJoin>>(
    `/group/${encodeURIComponent(groupId)}/participants`,
    { userId },
  );
}

/**
 * The toast for a failed join: the server's message field when it answered with one, otherwise
 * 'Failed to join group' (no answer at all, or an answer without a message).
 */
export function joinFailureMessage(error: unknown): string {
  return serverSentenceOr(error, JOIN_FAILURE_FALLBACK);
}

/**
 * Ask to join a group. On success the group's status becomes pending at once (the button reads
 * 'Request Sent'); on a conflict the statuses are fetched again, since this page was out of date.
 */
export function useJoinGroup(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: joinGroupKey,
    mutationFn: (group: Pick<Group, '_id' | 'name'>) => joinGroup({ groupId: group._id, userId }),
    onSuccess: (response, group) => {
      queryClient.setQueryData<Participation[]>(groupKeys.statuses(userId), (previous = []) => [
        ...previous.filter((record) => record?.groupId?._id !== group._id),
        {
          _id: response?.data?._id ?? `pending-${group._id}`,
          groupId: { _id: group._id, name: group.name },
          status: 'pending',
        },
      ]);
      toast.success(JOIN_SUCCESS_MESSAGE);
    },
    onError: (error) => {
      toast.error(joinFailureMessage(error));
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: groupKeys.statuses(userId) });
      }
    },
  });
}

/** The ids of the groups whose join request is on its way ('Joining...'). */
export function useJoiningGroupIds(): string[] {
  return useMutationState({
    filters: { mutationKey: joinGroupKey, status: 'pending' },
    select: (mutation) => (mutation.state.variables as Pick<Group, '_id'> | undefined)?._id ?? '',
  }).filter(Boolean);
}
