import type { BodyOf, DataOf } from '@candlewise/shared/api/contract';
import type { adminCourseContract } from '@candlewise/shared/courses/course-contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { courseKeys } from './course-query-keys';

/** What lessonFieldsSchema (shared with the API) accepts; duration in whole seconds. */
export type LessonFields = BodyOf<typeof adminCourseContract.createLesson>;
/** The stored lesson, as the API answers a create or an edit. */
export type AdminLesson = DataOf<typeof adminCourseContract.createLesson>;
export type CreateLessonInput = { courseId: string; fields: LessonFields };

/** POST /admin/courses/{id}/videos: the new lesson goes last. */
export function createLesson({ courseId, fields }: CreateLessonInput) {
  return apiClient.post<AdminLesson>(`/admin/courses/${encodeURIComponent(courseId)}/videos`, fields);
}

export function useCreateLesson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLesson,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courseKeys.all }),
  });
}
