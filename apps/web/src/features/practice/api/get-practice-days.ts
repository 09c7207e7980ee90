import type { DataOf } from '@candlewise/shared/api/contract';
import type { practiceContract } from '@candlewise/shared/practice/practice-contract';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { practiceKeys } from './practice-query-keys';

export type PracticeDays = DataOf<typeof practiceContract.listDays>;

/** GET /practice/days: instruments with uploaded bars and their days, newest first. */
export function usePracticeDays() {
  return useQuery({
    queryKey: practiceKeys.days(),
    queryFn: async ({ signal }) => (await apiClient.get<PracticeDays>('/practice/days', { signal })).data,
  });
}
