import type { BodyOf, DataOf } from '@candlewise/shared/api/contract';
import type { adminUserContract } from '@candlewise/shared/user/admin-user-contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { type AdminUser, adminUsersKey } from './get-admin-users';

export type AdminUserChange = BodyOf<typeof adminUserContract.updateUser>;

/** PATCH /admin/users/{id}: 409 when it would leave no active admin. */
export async function updateAdminUser(userId: string, change: AdminUserChange): Promise<AdminUser> {
  const response = await apiClient.patch<DataOf<typeof adminUserContract.updateUser>>(
    `/admin/users/${encodeURIComponent(userId)}`,
    change,
  );
  return response.data.user;
}

export function useUpdateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, change }: { userId: string; change: AdminUserChange }) =>
      updateAdminUser(userId, change),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUsersKey }),
  });
}
