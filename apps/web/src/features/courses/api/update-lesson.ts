import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { courseKeys } from './course-query-keys';
import type { LessonFields } from './create-lesson';

export type UpdateLessonInput = { videoId: number; changes: Partial<LessonFields> };

/** PATCH /admin/videos/{id}: 409 when a shorter duration would cut its chapters short. */
export function updateLesson({ videoId, changes }: UpdateLessonInput) {
  return apiClient.patch<unknown>(`/admin/videos/${videoId}`, changes);
}

export function useUpdateLesson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLesson,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courseKeys.all }),
  });
}
