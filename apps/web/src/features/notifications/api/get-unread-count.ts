import type { DataOf } from '@candlewise/shared/api/contract';
import type { notificationContract } from '@candlewise/shared/notifications/notification-contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { notificationsKey } from './get-notifications';

/** While the live stream is down, the bell asks for the count this often. */
export const UNREAD_COUNT_POLL_MS = 30_000;

/** The live stream writes the count here too (use-notification-stream), so the badge has one source. */
export const unreadCountKey = [...notificationsKey, 'unread-count'] as const;

export async function getUnreadCount(signal?: AbortSignal): Promise<number> {
  const response = await apiClient.get<DataOf<typeof notificationContract.getUnreadCount>>(
    '/notification/unread-count',
    { signal },
  );
  return response.data.unreadCount;
}

export function unreadCountQueryOptions() {
  return queryOptions({ queryKey: unreadCountKey, queryFn: ({ signal }) => getUnreadCount(signal) });
}

/**
 * The unread count. While the stream is live it pushes the count into this query and nothing is
 * fetched; `poll` (the stream is down) fetches it now and every 30 s until the stream is back.
 */
export function useUnreadCount({ poll }: { poll: boolean }) {
  return useQuery({
    ...unreadCountQueryOptions(),
    enabled: poll,
    refetchInterval: poll ? UNREAD_COUNT_POLL_MS : false,
  });
}
