import type { DataOf } from '@candlewise/shared/api/contract';
import type { challengeContract } from '@candlewise/shared/challenges/challenge-contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { groupKeys } from './group-query-keys';

/**
 * The evidence of one challenge decision (a pass, the failure, a day ended): the event, the rule set
 * version and its rule text for the phase, the fills that crossed the line and the equity before it.
 */
export type ChallengeEvidence = DataOf<typeof challengeContract.getChallengeEvidence>;

/** GET /group/{groupId}/challenge/events/{eventId}. A decision never changes once written: read once. */
export function challengeEvidenceQueryOptions(groupId: string, eventId: string) {
  return queryOptions({
    queryKey: groupKeys.challengeEvidence(groupId, eventId),
    queryFn: async ({ signal }) =>
      (
        await apiClient.get<ChallengeEvidence>(
          `/group/${encodeURIComponent(groupId)}/challenge/events/${encodeURIComponent(eventId)}`,
          { signal },
        )
      ).data,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useChallengeEvidence(groupId: string, eventId: string) {
  return useQuery(challengeEvidenceQueryOptions(groupId, eventId));
}
