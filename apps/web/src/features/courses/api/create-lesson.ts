import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { courseKeys } from './course-query-keys';

/** What lessonFieldsSchema (shared with the API) accepts; duration in whole seconds. */
export type LessonFields = {
  title: string;
  description: string;
  thumbnail: string;
  duration: number;
  videoUrl: string;
};
export type CreateLessonInput = { courseId: string; fields: LessonFields };

/** POST /admin/courses/{id}/videos: the new lesson goes last. */
export function createLesson({ courseId, fields }: CreateLessonInput) {
  return apiClient.post<{ id: number }>(`/admin/courses/${encodeURIComponent(courseId)}/videos`, fields);
}

export function useCreateLesson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLesson,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courseKeys.all }),
  });
}
