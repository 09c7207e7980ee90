import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { courseKeys } from './course-query-keys';

/** What a course teaches, for anyone signed in (a Pro-locked course shows it beside the way to Pro). */
export type CourseOutline = {
  course: { _id: string; title: string; description: string; thumbnail: string; isPro: boolean };
  /** Lesson titles and lengths in seconds, in order; no videos. */
  lessons: Array<{ id: number; title: string; duration: number }>;
};

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
