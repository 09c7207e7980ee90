import type { DataOf } from '@candlewise/shared/api/contract';
import type { WatchedRange } from '@candlewise/shared/courses/lesson-player-rules';
import type { progressContract } from '@candlewise/shared/courses/progress-contract';
import { apiClient } from '@/lib/api-client';

export type WatchProgress = DataOf<typeof progressContract.recordWatched>;

/**
 * PUT /courses/{courseId}/videos/{videoId}/watched with { ranges: [[startSec, endSec], …] }: the
 * stretches of the lesson the learner watched (the API merges them into what it already has) and
 * the answer says whether the lesson now counts as watched.
 */
export async function saveWatchedRanges(
  courseId: string,
  videoId: number,
  ranges: WatchedRange[],
): Promise<WatchProgress> {
  const response = await apiClient.put<WatchProgress>(
    `/courses/${encodeURIComponent(courseId)}/videos/${videoId}/watched`,
    { ranges },
  );
  return response.data;
}
