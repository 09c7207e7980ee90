import type { DataOf } from '@candlewise/shared/api/contract';
import type { practiseNextContract } from '@candlewise/shared/courses/practise-next';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** GET /learning/practise-next (ADR 023: inferred from the shared contract). */
export type PractiseNext = DataOf<typeof practiseNextContract.get>;

export const practiseNextQueryOptions = (currency?: string) =>
  queryOptions({
    // Under 'journal' so a journal write (a tag added, a trade imported) refreshes it too.
    queryKey: ['journal', 'practise-next', currency ?? null],
    queryFn: async ({ signal }) =>
      (
        await apiClient.get<PractiseNext>('/learning/practise-next', {
          signal,
          ...(currency ? { query: { currency } } : {}),
        })
      ).data,
  });

export const usePractiseNext = (currency?: string) => useQuery(practiseNextQueryOptions(currency));
