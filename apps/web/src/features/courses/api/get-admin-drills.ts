import type { Drill } from '@candlewise/shared/courses/drill-contract';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { drillKeys } from './drill-query-keys';

/** GET /admin/courses/:courseId/drills. */
export function useAdminDrills(courseId: string) {
  return useQuery({
    queryKey: drillKeys.admin(courseId),
    queryFn: async ({ signal }) =>
      (await apiClient.get<Drill[]>(`/admin/courses/${encodeURIComponent(courseId)}/drills`, { signal }))
        .data,
  });
}
