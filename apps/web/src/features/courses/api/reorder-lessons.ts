import type { DataOf } from '@candlewise/shared/api/contract';
import type { adminCourseContract } from '@candlewise/shared/courses/course-contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { courseKeys } from './course-query-keys';

export type ReorderLessonsInput = { courseId: string; videoIds: number[] };

/** PUT /admin/courses/{id}/videos/order: every lesson id of the course exactly once. */
export function reorderLessons({ courseId, videoIds }: ReorderLessonsInput) {
  return apiClient.put<DataOf<typeof adminCourseContract.reorderLessons>>(
    `/admin/courses/${encodeURIComponent(courseId)}/videos/order`,
    { videoIds },
  );
}

export function useReorderLessons() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderLessons,
    onSuccess: (_answer, { courseId }) =>
      queryClient.invalidateQueries({ queryKey: courseKeys.detail(courseId) }),
  });
}
