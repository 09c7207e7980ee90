import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { courseKeys } from './course-query-keys';
import type { CourseFields } from './update-course';

/** What createCourseSchema (shared with the API) accepts. */
export type CreateCourseInput = CourseFields & { id: string };

/** POST /admin/courses: 201, or 409 when the id is taken; publishing at once announces the course. */
export function createCourse(input: CreateCourseInput) {
  return apiClient.post<{ id: string }>('/admin/courses', input);
}

export function useCreateCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCourse,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courseKeys.all }),
  });
}
