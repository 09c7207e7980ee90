import type { BodyOf, DataOf } from '@candlewise/shared/api/contract';
import type { progressContract } from '@candlewise/shared/courses/progress-contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { progressKeys } from './certificate-query-keys';
import { courseKeys } from './course-query-keys';

export type WatchProgress = DataOf<typeof progressContract.recordWatched>;
export type WatchedRanges = BodyOf<typeof progressContract.recordWatched>['ranges'];

/**
 * PUT /courses/{courseId}/videos/{videoId}/watched: the player reports the stretches it played
 * ([startSec, endSec], at most 50 at once); the answer is the merged share. For the lesson player.
 */
export function useRecordWatched(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ videoId, ranges }: { videoId: number; ranges: WatchedRanges }) =>
      (
        await apiClient.put<WatchProgress>(
          `/courses/${encodeURIComponent(courseId)}/videos/${videoId}/watched`,
          { ranges },
        )
      ).data,
    onSuccess: (progress) =>
      progress.watched
        ? Promise.all([
            queryClient.invalidateQueries({ queryKey: progressKeys.requirements(courseId) }),
            queryClient.invalidateQueries({ queryKey: courseKeys.detail(courseId) }),
          ])
        : undefined,
  });
}
