import type { DataOf, ResponseOf } from '@candlewise/shared/api/contract';
import type { notificationContract } from '@candlewise/shared/notifications/notification-contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiClient } from '@/lib/api-client';

/** One notification as GET /notification/all returns it (docs/architecture.md §API conventions), or the stream announces it. */
export type AppNotification = DataOf<typeof notificationContract.listNotifications>[number];

export type NotificationFilter = { read: boolean; userId: string };

export type NotificationPage = { items: AppNotification[]; nextCursor: string | null };

/** Every notification query starts with this key, so one invalidation refreshes the lists and the count. */
export const notificationsKey = ['notifications'] as const;

export const notificationListKey = (filter: NotificationFilter) =>
  [...notificationsKey, 'list', { read: filter.read, userId: filter.userId }] as const;

/** One page, newest first (the API's default of 50); `before` is the previous page's `meta.nextCursor`. */
export async function getNotifications(
  { read, userId, before }: NotificationFilter & { before?: string },
  signal?: AbortSignal,
): Promise<NotificationPage> {
  const response = await apiClient.get<AppNotification[]>('/notification/all', {
    query: { read, userId, before },
    signal,
  });
  const { meta } = response as Partial<ResponseOf<typeof notificationContract.listNotifications>>;
  return {
    items: Array.isArray(response.data) ? response.data : [],
    nextCursor: meta?.nextCursor ?? null,
  };
}

export function notificationsQueryOptions(filter: NotificationFilter) {
  return infiniteQueryOptions({
    queryKey: notificationListKey(filter),
    queryFn: ({ pageParam, signal }) => getNotifications({ ...filter, before: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });
}

/**
 * The unread or read list, a page at a time ("Load more" asks for the next). `enabled` keeps a list
 * from being fetched before it is needed (the read list waits until Read is chosen). A failure is
 * logged and the caller shows the empty state.
 */
export function useNotifications(filter: NotificationFilter, { enabled = true }: { enabled?: boolean } = {}) {
  const query = useInfiniteQuery({ ...notificationsQueryOptions(filter), enabled });
  const { error } = query;
  useEffect(() => {
    if (error) console.error(`Could not load the ${filter.read ? 'read' : 'unread'} notifications`, error);
  }, [error, filter.read]);
  return query;
}

/** The pages as one list; a notification that moved between pages while paging shows once. */
export function flattenNotificationPages(
  pages: NotificationPage[] | undefined,
): AppNotification[] | undefined {
  if (!pages) return undefined;
  const seen = new Set<string>();
  return pages
    .flatMap((page) => page.items)
    .filter((notification) => {
      if (seen.has(notification._id)) return false;
      seen.add(notification._id);
      return true;
    });
}
