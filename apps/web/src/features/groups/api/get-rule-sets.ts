import type { DataOf } from '@candlewise/shared/api/contract';
import type { challengeContract } from '@candlewise/shared/challenges/challenge-contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { groupKeys } from './group-query-keys';

/** A published challenge rule set, each phase with its rules as sentences (ADR 023: from the contract). */
export type RuleSetView = DataOf<typeof challengeContract.listRuleSets>[number];

/**
 * GET /rule-sets: every published rule set version. Reference data that changes only with a release
 * (the API lets it be cached for 5 minutes): read once a session.
 */
export function ruleSetsQueryOptions() {
  return queryOptions({
    queryKey: groupKeys.ruleSets(),
    queryFn: async ({ signal }) => (await apiClient.get<RuleSetView[]>('/rule-sets', { signal })).data,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useRuleSets({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...ruleSetsQueryOptions(), enabled });
}
