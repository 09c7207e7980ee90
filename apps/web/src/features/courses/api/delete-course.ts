import type { DataOf } from '@candlewise/shared/api/contract';
import type { adminCourseContract } from '@candlewise/shared/courses/course-contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { courseKeys } from './course-query-keys';

/** DELETE /admin/courses/{id}: the course, its lessons, chapters and everyone's progress in it. */
export function deleteCourse(courseId: string) {
  return apiClient.delete<DataOf<typeof adminCourseContract.deleteCourse>>(
    `/admin/courses/${encodeURIComponent(courseId)}`,
  );
}

export function useDeleteCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCourse,
    onSuccess: (_answer, courseId) => {
      queryClient.removeQueries({ queryKey: courseKeys.detail(courseId) });
      return queryClient.invalidateQueries({ queryKey: courseKeys.catalogue() });
    },
  });
}
