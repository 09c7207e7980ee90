import type { WatchedRange } from '@candlewise/shared/courses/lesson-player-rules';
import { apiClient } from '@/lib/api-client';

/**
 * PUT /courses/{courseId}/videos/{videoId}/watched with { ranges: [[startSec, endSec], …] }: the
 * stretches of the lesson the learner watched (the API merges them into what it already has).
 * TODO(lead): the endpoint and its contract come from the course-progress branch (H3); type the
 * answer from that contract when merging.
 */
export async function saveWatchedRanges(
  courseId: string,
  videoId: number,
  ranges: WatchedRange[],
): Promise<unknown> {
  const response = await apiClient.put<unknown>(
    `/courses/${encodeURIComponent(courseId)}/videos/${videoId}/watched`,
    { ranges },
  );
  return response.data;
}
