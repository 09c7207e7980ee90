import type { DrillAttempt } from '@candlewise/shared/courses/drill-contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { drillKeys } from './drill-query-keys';

/** POST …/attempts/:attemptId/score: ends the replay and scores it. */
export function useScoreDrillAttempt(drillId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (attemptId: string) =>
      (
        await apiClient.post<DrillAttempt>(
          `/drills/${encodeURIComponent(drillId)}/attempts/${encodeURIComponent(attemptId)}/score`,
        )
      ).data,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: drillKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['practice'] }),
      ]),
  });
}
