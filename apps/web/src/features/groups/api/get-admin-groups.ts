import type { DataOf } from '@candlewise/shared/api/contract';
import type { adminGroupContract } from '@candlewise/shared/groups/group-contract';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { groupKeys } from './group-query-keys';

/** A competition as the admin sees it: with how many join requests wait for a decision. */
export type AdminGroup = DataOf<typeof adminGroupContract.listGroups>[number];

/** GET /admin/groups: every competition with its waiting join requests (admins only). */
export function useAdminGroups() {
  return useQuery({
    queryKey: groupKeys.adminList(),
    queryFn: async ({ signal }) => (await apiClient.get<AdminGroup[]>('/admin/groups', { signal })).data,
  });
}

/** "1 join request waiting", "3 join requests waiting", "No join requests waiting". */
export function waitingRequestsText(count: number): string {
  if (count === 0) return 'No join requests waiting';
  return `${count} join ${count === 1 ? 'request' : 'requests'} waiting`;
}
