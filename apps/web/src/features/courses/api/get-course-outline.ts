import type { DataOf } from '@candlewise/shared/api/contract';
import type { courseContract } from '@candlewise/shared/courses/course-contract';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { courseKeys } from './course-query-keys';

/** What a course teaches, for anyone signed in (a Pro-locked course shows it beside the way to Pro). */
export type CourseOutline = DataOf<typeof courseContract.getCourseOutline>;

/** GET /courses/{courseId}/outline, when `enabled` (the course itself was refused with 403). */
export function useCourseOutline(courseId: string, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: courseKeys.outline(courseId),
    queryFn: async ({ signal }) =>
      (await apiClient.get<CourseOutline>(`/courses/${encodeURIComponent(courseId)}/outline`, { signal }))
        .data,
    enabled,
  });
}
