import type { groupFieldsSchema } from '@candlewise/shared';
import type { DataOf } from '@candlewise/shared/api/contract';
import type { adminGroupContract } from '@candlewise/shared/groups/group-contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { groupKeys } from './group-query-keys';

/** What POST and PUT /admin/groups accept: the API's own schema, shared with the admin form. */
export type GroupFields = ReturnType<typeof groupFieldsSchema.parse>;

/** POST /admin/groups: 201 with the new competition. */
export function createGroup(fields: GroupFields) {
  return apiClient.post<DataOf<typeof adminGroupContract.createGroup>>('/admin/groups', fields);
}

export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupKeys.list() }),
  });
}
