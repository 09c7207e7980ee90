import type { DataOf } from '@candlewise/shared/api/contract';
import type { groupContract } from '@candlewise/shared/groups/group-contract';
import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { ApiError, apiClient } from '@/lib/api-client';
import { serverSentenceOr } from '../lib/server-sentence';
import type { Participation } from './get-group-statuses';
import type { Group } from './get-groups';
import { groupKeys } from './group-query-keys';

export const WITHDRAW_SUCCESS_MESSAGE = 'Request withdrawn';
export const WITHDRAW_FAILURE_FALLBACK = 'Failed to withdraw request';

const withdrawKey = [...groupKeys.all, 'withdraw'] as const;

/** What the card knows when the learner withdraws: the group and their pending request's `_id`. */
export type WithdrawInput = { group: Pick<Group, '_id' | 'name'>; participantId: string };

/**
 * DELETE /group/{groupId}/participants/{participantId}: the caller's pending request is taken back.
 * 409 once an admin approved or rejected it; 404 when it is gone (or not the caller's).
 */
export function withdrawJoinRequest({ groupId, participantId }: { groupId: string; participantId: string }) {
  return apiClient.delete<DataOf<typeof groupContract.withdrawJoinRequest>>(
    `/group/${encodeURIComponent(groupId)}/participants/${encodeURIComponent(participantId)}`,
  );
}

/** The server's sentence when it sent one, otherwise 'Failed to withdraw request'. */
export function withdrawFailureMessage(error: unknown): string {
  return serverSentenceOr(error, WITHDRAW_FAILURE_FALLBACK);
}

/**
 * Withdraw a pending join request. On success the group has no status again (the card offers Join);
 * when the server says the request was decided or is gone, the statuses are fetched again, since
 * this page was out of date.
 */
export function useWithdrawJoinRequest(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: withdrawKey,
    mutationFn: ({ group, participantId }: WithdrawInput) =>
      withdrawJoinRequest({ groupId: group._id, participantId }),
    onSuccess: (_response, { group }) => {
      queryClient.setQueryData<Participation[]>(groupKeys.statuses(userId), (previous = []) =>
        previous.filter((record) => record?.groupId?._id !== group._id),
      );
      // /home's "My competitions" lists pending requests too.
      void queryClient.invalidateQueries({ queryKey: groupKeys.mine() });
      toast.success(WITHDRAW_SUCCESS_MESSAGE);
    },
    onError: (error) => {
      toast.error(withdrawFailureMessage(error));
      if (error instanceof ApiError && (error.status === 404 || error.status === 409)) {
        void queryClient.invalidateQueries({ queryKey: groupKeys.statuses(userId) });
      }
    },
  });
}

/** The ids of the groups whose withdrawal is on its way ('Withdrawing...'). */
export function useWithdrawingGroupIds(): string[] {
  return useMutationState({
    filters: { mutationKey: withdrawKey, status: 'pending' },
    select: (mutation) => (mutation.state.variables as WithdrawInput | undefined)?.group._id ?? '',
  }).filter(Boolean);
}
