import type { DataOf } from '@candlewise/shared/api/contract';
import type { progressContract } from '@candlewise/shared/courses/progress-contract';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { progressKeys } from './certificate-query-keys';

export type CourseRequirements = DataOf<typeof progressContract.getRequirements>;
export type CourseRequirement = CourseRequirements['requirements'][number];

/** GET /courses/{courseId}/requirements: what completes the course and the certificate once issued. */
export function useCourseRequirements(courseId: string) {
  return useQuery({
    queryKey: progressKeys.requirements(courseId),
    queryFn: async ({ signal }) =>
      (
        await apiClient.get<CourseRequirements>(`/courses/${encodeURIComponent(courseId)}/requirements`, {
          signal,
        })
      ).data,
  });
}
