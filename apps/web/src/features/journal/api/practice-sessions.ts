import type { PracticeSummary } from '@candlewise/shared/practice/practice-contract';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/**
 * GET /practice/sessions for the journal's Practice tab: practice replays are reviewed here, apart
 * from real trades (they never enter the trades or the statistics). The key is the practice page's,
 * so either page's read serves the other.
 */
export function useJournalPracticeSessions() {
  return useQuery({
    queryKey: ['practice', 'sessions'],
    queryFn: async ({ signal }) =>
      (await apiClient.get<PracticeSummary[]>('/practice/sessions', { signal })).data,
  });
}
