import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiClient } from '@/lib/api-client';

/** One notification as GET /notification/all returns it (DESIGN §5). */
export type AppNotification = {
  _id: string;
  notificationContent: { title: string; message: string };
  read: boolean;
  createdAt: string;
  link?: string | null;
};

export type NotificationFilter = { read: boolean; userId: string };

/** Every notification query starts with this key, so one invalidation refreshes both lists. */
export const notificationsKey = ['notifications'] as const;

export async function getNotifications({ read, userId }: NotificationFilter, signal?: AbortSignal) {
  const response = await apiClient.get<AppNotification[]>('/notification/all', {
    query: { read, userId },
    signal,
  });
  return Array.isArray(response.data) ? response.data : [];
}

export function notificationsQueryOptions(filter: NotificationFilter) {
  return queryOptions({
    queryKey: [...notificationsKey, filter],
    queryFn: ({ signal }) => getNotifications(filter, signal),
  });
}

/**
 * The unread or read list. `enabled` keeps a list from being fetched before it is needed (the read
 * list waits until Read is chosen). A failure is logged and the caller shows the empty state.
 */
export function useNotifications(filter: NotificationFilter, { enabled = true }: { enabled?: boolean } = {}) {
  const query = useQuery({ ...notificationsQueryOptions(filter), enabled });
  const { error } = query;
  useEffect(() => {
    if (error) console.error(`Could not load the ${filter.read ? 'read' : 'unread'} notifications`, error);
  }, [error, filter.read]);
  return query;
}
