import type { BodyOf } from '@candlewise/shared/api/contract';
import type { adminCourseContract } from '@candlewise/shared/courses/course-contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { courseKeys } from './course-query-keys';
import type { AdminLesson } from './create-lesson';

export type UpdateLessonInput = { videoId: number; changes: BodyOf<typeof adminCourseContract.updateLesson> };

/** PATCH /admin/videos/{id}: 409 when a shorter duration would cut its chapters short. */
export function updateLesson({ videoId, changes }: UpdateLessonInput) {
  return apiClient.patch<AdminLesson>(`/admin/videos/${videoId}`, changes);
}

export function useUpdateLesson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLesson,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courseKeys.all }),
  });
}
