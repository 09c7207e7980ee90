import type { Drill, DrillFieldsOutput } from '@candlewise/shared/courses/drill-contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { drillKeys } from './drill-query-keys';

/** POST /admin/courses/:courseId/drills or PUT /admin/drills/:drillId. */
export function useSaveDrill(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ drillId, fields }: { drillId: string | null; fields: DrillFieldsOutput }) =>
      (drillId
        ? await apiClient.put<Drill>(`/admin/drills/${encodeURIComponent(drillId)}`, fields)
        : await apiClient.post<Drill>(`/admin/courses/${encodeURIComponent(courseId)}/drills`, fields)
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: drillKeys.all }),
  });
}
