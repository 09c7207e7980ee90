import type { BodyOf, DataOf } from '@candlewise/shared/api/contract';
import type { adminCourseContract } from '@candlewise/shared/courses/course-contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { courseKeys } from './course-query-keys';

/** What createCourseSchema (shared with the API) accepts. */
export type CreateCourseInput = BodyOf<typeof adminCourseContract.createCourse>;
/** The stored course, as the API answers a create or an edit. */
export type AdminCourse = DataOf<typeof adminCourseContract.createCourse>;

/** POST /admin/courses: 201, or 409 when the id is taken; publishing at once announces the course. */
export function createCourse(input: CreateCourseInput) {
  return apiClient.post<AdminCourse>('/admin/courses', input);
}

export function useCreateCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCourse,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courseKeys.all }),
  });
}
