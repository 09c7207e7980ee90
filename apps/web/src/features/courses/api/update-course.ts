import type { BodyOf } from '@candlewise/shared/api/contract';
import type { adminCourseContract } from '@candlewise/shared/courses/course-contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { courseKeys } from './course-query-keys';
import type { AdminCourse } from './create-course';

/** What courseFieldsSchema (shared with the API) accepts, any of them. */
export type CourseChanges = BodyOf<typeof adminCourseContract.updateCourse>;
export type UpdateCourseInput = { courseId: string; changes: CourseChanges };

/** PATCH /admin/courses/{id}: any of the fields; publishing a draft announces it to everyone. */
export function updateCourse({ courseId, changes }: UpdateCourseInput) {
  return apiClient.patch<AdminCourse>(`/admin/courses/${encodeURIComponent(courseId)}`, changes);
}

export function useUpdateCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCourse,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courseKeys.all }),
  });
}
