import type { DrillDetail } from '@candlewise/shared/courses/drill-contract';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { drillKeys } from './drill-query-keys';

/** GET /drills/:drillId: the task, rules and the caller's attempts (newest first). */
export function useDrill(drillId: string) {
  return useQuery({
    queryKey: drillKeys.detail(drillId),
    queryFn: async ({ signal }) =>
      (await apiClient.get<DrillDetail>(`/drills/${encodeURIComponent(drillId)}`, { signal })).data,
  });
}
