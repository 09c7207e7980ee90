import type { DataOf } from '@candlewise/shared/api/contract';
import type { courseContract } from '@candlewise/shared/courses/course-contract';
import { courseProgressPercent } from '@candlewise/shared/courses/course-progress';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { apiClient } from '@/lib/api-client';
import { courseKeys } from './course-query-keys';
import type { CourseDetail } from './get-course';

export type LessonCompletionInput = { videoId: number; completed: boolean };
export type LessonCompletion = DataOf<typeof courseContract.markLessonComplete>;

/** PUT marks a lesson complete, DELETE unmarks it; both are idempotent and answer the new progress. */
export async function setLessonCompletion(
  courseId: string,
  { videoId, completed }: LessonCompletionInput,
): Promise<LessonCompletion> {
  const path = `/courses/${encodeURIComponent(courseId)}/videos/${videoId}/completion`;
  const response = completed
    ? await apiClient.put<LessonCompletion>(path)
    : await apiClient.delete<LessonCompletion>(path);
  return response.data;
}

/** The course as it reads once one lesson is (un)marked; the progress follows the spec's formula. */
export function withLessonCompleted(detail: CourseDetail, videoId: number, completed: boolean): CourseDetail {
  const videos = detail.videos.map((lesson) => (lesson.id === videoId ? { ...lesson, completed } : lesson));
  const completedVideoIds = videos.filter((lesson) => lesson.completed).map((lesson) => lesson.id);
  return {
    ...detail,
    videos,
    completedVideoIds,
    progress: courseProgressPercent(completedVideoIds.length, videos.length),
  };
}

/**
 * Marks or unmarks a lesson optimistically: the page shows the new state at once and goes back,
 * with an error toast, if the server refuses. Requests for one lesson run one after the other
 * (mutation scope), so quick double clicks reach the server in the order they were made and the
 * rollback of one never undoes another.
 */
export function useSetLessonCompletion(courseId: string) {
  const queryClient = useQueryClient();
  const detailKey = courseKeys.detail(courseId);
  return useMutation({
    mutationKey: [...courseKeys.all, 'completion', courseId],
    scope: { id: `lesson-completion-${courseId}` },
    mutationFn: (input: LessonCompletionInput) => setLessonCompletion(courseId, input),
    onMutate: async ({ videoId, completed }) => {
      await queryClient.cancelQueries({ queryKey: detailKey });
      queryClient.setQueryData<CourseDetail>(detailKey, (detail) =>
        detail ? withLessonCompleted(detail, videoId, completed) : detail,
      );
    },
    onError: (error, { videoId, completed }) => {
      queryClient.setQueryData<CourseDetail>(detailKey, (detail) =>
        detail ? withLessonCompleted(detail, videoId, !completed) : detail,
      );
      const action = completed ? 'mark the lesson as complete' : 'unmark the lesson';
      toast.error(`We could not ${action}. ${error.message}`);
    },
    onSuccess: ({ progress }) => {
      queryClient.setQueryData<CourseDetail>(detailKey, (detail) =>
        detail ? { ...detail, progress } : detail,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: courseKeys.catalogue() }),
  });
}
