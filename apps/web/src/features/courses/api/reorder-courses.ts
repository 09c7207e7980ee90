import type { DataOf } from '@candlewise/shared/api/contract';
import type { adminCourseContract } from '@candlewise/shared/courses/course-contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { courseKeys } from './course-query-keys';

/** PUT /admin/courses/order: every course id exactly once, in the new catalogue order. */
export function reorderCourses(courseIds: string[]) {
  return apiClient.put<DataOf<typeof adminCourseContract.reorderCourses>>('/admin/courses/order', {
    courseIds,
  });
}

export function useReorderCourses() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderCourses,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courseKeys.catalogue() }),
  });
}
