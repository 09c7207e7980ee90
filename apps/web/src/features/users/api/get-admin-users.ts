import type { DataOf } from '@candlewise/shared/api/contract';
import type { adminUserContract } from '@candlewise/shared/user/admin-user-contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** One page of GET /admin/users (ADR 023: inferred from the shared contract). */
export type AdminUsersPage = DataOf<typeof adminUserContract.listUsers>;
export type AdminUser = AdminUsersPage['users'][number];
export type AdminUsersFilter = { search: string; page: number; pageSize: number };

/** Every admin users query starts with this key, so one invalidation refreshes every page. */
export const adminUsersKey = ['admin', 'users'] as const;

/** GET /admin/users: newest first, searched by e-mail, first or last name. */
export async function getAdminUsers(filter: AdminUsersFilter, signal?: AbortSignal) {
  const response = await apiClient.get<AdminUsersPage>('/admin/users', {
    query: { search: filter.search || undefined, page: filter.page, pageSize: filter.pageSize },
    signal,
  });
  return response.data;
}

export function adminUsersQueryOptions(filter: AdminUsersFilter) {
  return queryOptions({
    queryKey: [...adminUsersKey, filter],
    queryFn: ({ signal }) => getAdminUsers(filter, signal),
    placeholderData: keepPreviousData, // the table keeps its rows while the next page loads
  });
}

export function useAdminUsers(filter: AdminUsersFilter) {
  return useQuery(adminUsersQueryOptions(filter));
}
