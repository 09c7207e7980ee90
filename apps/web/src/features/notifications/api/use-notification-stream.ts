import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useState } from 'react';
import { useSelector } from 'react-redux';
import type { SessionSlices } from '@/lib/current-user';
import type { ServerSentEvent } from '@/lib/event-stream/parse-event-stream';
import { type EventStreamStatus, runEventStream } from '@/lib/event-stream/run-event-stream';
import { type AppNotification, notificationListKey, notificationsKey } from './get-notifications';
import { unreadCountKey } from './get-unread-count';

export type NotificationStreamStatus = EventStreamStatus;

function parseData(data: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(data);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const isNotification = (value: unknown): value is AppNotification =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as AppNotification)._id === 'string' &&
  typeof (value as AppNotification).notificationContent?.title === 'string';

/**
 * Keeps the bell live while signed in inside the frame: `unread` events set the unread count,
 * `notification` events set it too, refresh the unread list (so an open drawer shows the new one)
 * and call `onNotification`. Returns the stream's status so the bell can poll while it is down.
 */
export function useNotificationStream({
  userId,
  onNotification,
}: {
  userId: string;
  onNotification?: (notification: AppNotification) => void;
}): NotificationStreamStatus {
  const token = useSelector((state: SessionSlices) => state.auth.token);
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<NotificationStreamStatus>('connecting');

  const handleEvent = useEffectEvent((event: ServerSentEvent) => {
    const payload = parseData(event.data);
    const unreadCount = payload?.unreadCount;
    if (typeof unreadCount !== 'number') return;
    const previousCount = queryClient.getQueryData<number>(unreadCountKey);
    queryClient.setQueryData(unreadCountKey, unreadCount);

    if (event.event === 'notification') {
      void queryClient.invalidateQueries({ queryKey: notificationListKey({ read: false, userId }) });
      if (isNotification(payload?.notification)) onNotification?.(payload.notification);
    } else if (event.event === 'unread' && previousCount !== undefined && previousCount !== unreadCount) {
      // Marked viewed in another tab, or notifications came while we were reconnecting.
      void queryClient.invalidateQueries({ queryKey: [...notificationsKey, 'list'] });
    }
  });

  // Notifications were missed (this client fell behind, or was reconnecting): the lists are read
  // again; the count comes in the stream's next frame.
  const handleGap = useEffectEvent(() => {
    void queryClient.invalidateQueries({ queryKey: [...notificationsKey, 'list'] });
  });

  useEffect(() => {
    if (!token) {
      setStatus('down');
      return;
    }
    const controller = new AbortController();
    setStatus('connecting');
    void runEventStream({
      path: '/notification/stream',
      token,
      signal: controller.signal,
      onEvent: handleEvent,
      onStatus: setStatus,
      onGap: handleGap,
    });
    return () => controller.abort();
  }, [token]);

  return status;
}
