import type { DataOf } from '@candlewise/shared/api/contract';
import type { courseContract } from '@candlewise/shared/courses/course-contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { courseKeys } from './course-query-keys';
import type { CourseDetail } from './get-course';

export type PlaybackPositionInput = { videoId: number; seconds: number };
type PlaybackPosition = DataOf<typeof courseContract.savePlaybackPosition>;

/** PUT /courses/{courseId}/videos/{videoId}/position: the API clamps the seconds to the lesson. */
export async function savePlaybackPosition(
  courseId: string,
  { videoId, seconds }: PlaybackPositionInput,
): Promise<PlaybackPosition> {
  const response = await apiClient.put<PlaybackPosition>(
    `/courses/${encodeURIComponent(courseId)}/videos/${videoId}/position`,
    { seconds: Math.max(0, Math.floor(seconds)) },
  );
  return response.data;
}

/**
 * Remembers where playback stopped, so the lesson resumes there on any device. The cached course
 * is updated in place (no refetch): choosing the lesson again starts from the saved second.
 * A failure is only logged; the learner loses at most a few seconds of resume point.
 */
export function useSavePlaybackPosition(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PlaybackPositionInput) => savePlaybackPosition(courseId, input),
    onSuccess: ({ positionSeconds }, { videoId }) => {
      queryClient.setQueryData<CourseDetail>(courseKeys.detail(courseId), (detail) =>
        detail
          ? {
              ...detail,
              videos: detail.videos.map((lesson) =>
                lesson.id === videoId ? { ...lesson, positionSeconds } : lesson,
              ),
            }
          : detail,
      );
    },
    onError: (error) => console.error('Could not save the playback position', error),
  });
}
