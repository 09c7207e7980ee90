import type { DataOf } from '@candlewise/shared/api/contract';
import type { adminGroupContract } from '@candlewise/shared/groups/group-contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { groupKeys } from './group-query-keys';

type DecideParticipant = typeof adminGroupContract.decideParticipant;
export type ParticipantDecision = 'approve' | 'reject';

/** POST /admin/groups/{groupId}/participants/{participantId}/approve | reject; the user is notified. */
export function decideParticipant({
  groupId,
  participantId,
  decision,
}: {
  groupId: string;
  participantId: string;
  decision: ParticipantDecision;
}) {
  return apiClient.post<DataOf<DecideParticipant>>(
    `/admin/groups/${encodeURIComponent(groupId)}/participants/${encodeURIComponent(participantId)}/${decision}`,
  );
}

/** After each decision the requests and the list (its joined counts) are fetched again. */
export function useDecideParticipant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideParticipant,
    onSuccess: (_response, { groupId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: groupKeys.participants(groupId) }),
        queryClient.invalidateQueries({ queryKey: groupKeys.list() }),
      ]),
  });
}
