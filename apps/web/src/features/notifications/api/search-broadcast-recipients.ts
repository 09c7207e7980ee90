import type { DataOf } from '@candlewise/shared/api/contract';
import type { adminUserContract } from '@candlewise/shared/user/admin-user-contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** A user as GET /admin/users answers it (ADR 023: from the contract). */
export type BroadcastRecipient = DataOf<typeof adminUserContract.listUsers>['users'][number];

/** How many matches the recipient picker offers; a narrower search finds the rest. */
const RECIPIENT_PAGE_SIZE = 10;

/** GET /admin/users?search= (admins): users whose name or e-mail matches, to send one a notification. */
export async function searchBroadcastRecipients(search: string, signal?: AbortSignal) {
  const response = await apiClient.get<DataOf<typeof adminUserContract.listUsers>>('/admin/users', {
    query: { search: search.trim() || undefined, pageSize: RECIPIENT_PAGE_SIZE },
    signal,
  });
  return response.data.users;
}

export function broadcastRecipientsQueryOptions(search: string) {
  return queryOptions({
    queryKey: ['broadcast-recipients', search.trim()],
    queryFn: ({ signal }) => searchBroadcastRecipients(search, signal),
  });
}

/** Asked only while the picker is shown; the previous matches stay while the next search runs. */
export function useBroadcastRecipients(search: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...broadcastRecipientsQueryOptions(search), enabled, placeholderData: keepPreviousData });
}
