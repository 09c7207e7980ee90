import type { DrillAttempt } from '@candlewise/shared/courses/drill-contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { drillKeys } from './drill-query-keys';

/** POST /drills/:drillId/attempts: a new attempt and its practice replay (409 with five replays running). */
export function useStartDrill(drillId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (
        await apiClient.post<{ attempt: DrillAttempt; sessionId: string }>(
          `/drills/${encodeURIComponent(drillId)}/attempts`,
        )
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: drillKeys.all }),
  });
}
