import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { drillKeys } from './drill-query-keys';

/** DELETE /admin/drills/:drillId. */
export function useDeleteDrill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (drillId: string) =>
      apiClient.delete<null>(`/admin/drills/${encodeURIComponent(drillId)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: drillKeys.all }),
  });
}
