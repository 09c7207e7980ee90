import type { DataOf } from '@candlewise/shared/api/contract';
import type { adminCourseContract } from '@candlewise/shared/courses/course-contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { courseKeys } from './course-query-keys';

/** DELETE /admin/videos/{id}: the lesson with its chapters and everyone's progress in it. */
export function deleteLesson(videoId: number) {
  return apiClient.delete<DataOf<typeof adminCourseContract.deleteLesson>>(`/admin/videos/${videoId}`);
}

export function useDeleteLesson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLesson,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courseKeys.all }),
  });
}
