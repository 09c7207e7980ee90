import type { DataOf } from '@candlewise/shared/api/contract';
import type { adminGroupContract } from '@candlewise/shared/groups/group-contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { GroupFields } from './create-group';
import { groupKeys } from './group-query-keys';

/** PUT /admin/groups/{groupId}: every field again, as on creation. */
export function updateGroup({ groupId, fields }: { groupId: string; fields: GroupFields }) {
  return apiClient.put<DataOf<typeof adminGroupContract.updateGroup>>(
    `/admin/groups/${encodeURIComponent(groupId)}`,
    fields,
  );
}

export function useUpdateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupKeys.list() }),
  });
}
