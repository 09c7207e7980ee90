import type { DrillSummary } from '@candlewise/shared/courses/drill-contract';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { drillKeys } from './drill-query-keys';

/** GET /courses/:courseId/drills: the drills placed after the course's lessons, with the caller's best. */
export function useCourseDrills(courseId: string) {
  return useQuery({
    queryKey: drillKeys.course(courseId),
    queryFn: async ({ signal }) =>
      (await apiClient.get<DrillSummary[]>(`/courses/${encodeURIComponent(courseId)}/drills`, { signal }))
        .data,
  });
}
