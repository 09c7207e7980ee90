import type { DataOf } from '@candlewise/shared/api/contract';
import type { challengeContract } from '@candlewise/shared/challenges/challenge-contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { journalKeys } from './journal-query-keys';

export type RuleAudit = DataOf<typeof challengeContract.auditJournal>;
export type RuleSetSummary = DataOf<typeof challengeContract.listRuleSets>[number];
export type RuleAuditParams = { ruleSet: string; startingBalance: number; currency?: string };

/** GET /rule-sets: the published rule sets (reference data, kept for the session). */
export const ruleSetsQueryOptions = () =>
  queryOptions({
    queryKey: ['rule-sets'],
    queryFn: async ({ signal }) => (await apiClient.get<RuleSetSummary[]>('/rule-sets', { signal })).data,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useRuleSets = () => useQuery(ruleSetsQueryOptions());

/** GET /journal/rule-audit: the learner's closed trades run through a challenge rule set. */
export const useRuleAudit = (params: RuleAuditParams | null) =>
  useQuery({
    queryKey: [...journalKeys.all, 'rule-audit', params],
    queryFn: async ({ signal }) =>
      (
        await apiClient.get<RuleAudit>('/journal/rule-audit', {
          signal,
          query: { ...params, currency: params?.currency || undefined },
        })
      ).data,
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });
