import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { GroupFields } from './create-group';
import type { Group } from './get-groups';
import { groupKeys } from './group-query-keys';

/** PUT /admin/groups/{groupId}: every field again, as on creation. */
export function updateGroup({ groupId, fields }: { groupId: string; fields: GroupFields }) {
  return apiClient.put<Group>(`/admin/groups/${encodeURIComponent(groupId)}`, fields);
}

export function useUpdateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupKeys.list() }),
  });
}
