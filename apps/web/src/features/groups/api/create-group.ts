import type { groupFieldsSchema } from '@candlewise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { Group } from './get-groups';
import { groupKeys } from './group-query-keys';

/** What POST and PUT /admin/groups accept: the API's own schema, shared with the admin form. */
export type GroupFields = ReturnType<typeof groupFieldsSchema.parse>;

/** POST /admin/groups: 201 with the new competition. */
export function createGroup(fields: GroupFields) {
  return apiClient.post<Group>('/admin/groups', fields);
}

export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupKeys.list() }),
  });
}
