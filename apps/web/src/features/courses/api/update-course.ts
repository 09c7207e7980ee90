import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { courseKeys } from './course-query-keys';

/** What courseFieldsSchema (shared with the API) accepts. */
export type CourseFields = {
  title: string;
  description: string;
  thumbnail: string;
  isPro: boolean;
  published: boolean;
};
export type UpdateCourseInput = { courseId: string; changes: Partial<CourseFields> };

/** PATCH /admin/courses/{id}: any of the fields; publishing a draft announces it to everyone. */
export function updateCourse({ courseId, changes }: UpdateCourseInput) {
  return apiClient.patch<unknown>(`/admin/courses/${encodeURIComponent(courseId)}`, changes);
}

export function useUpdateCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCourse,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courseKeys.all }),
  });
}
