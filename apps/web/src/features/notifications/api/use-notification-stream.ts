import { API_BASE_PATH } from '@candlewise/shared/api/envelope';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useState } from 'react';
import { useSelector } from 'react-redux';
import type { SessionSlices } from '@/lib/current-user';
import { createEventStreamParser, type ServerSentEvent } from '../lib/parse-event-stream';
import { type AppNotification, notificationListKey, notificationsKey } from './get-notifications';
import { unreadCountKey } from './get-unread-count';

/** connecting: first attempt under way; live: the stream is open; down: dropped or refused (the bell polls). */
export type NotificationStreamStatus = 'connecting' | 'live' | 'down';

const STREAM_URL = `${API_BASE_PATH}/notification/stream`;
/** The server's `retry:` (5000) unless it says otherwise; doubled after each failed attempt up to a minute. */
const DEFAULT_RETRY_MS = 5000;
const MAX_RETRY_MS = 60_000;
/** The server sends a heartbeat every 25 s: this long without a byte means the connection is dead. */
const SILENCE_LIMIT_MS = 70_000;

type StreamOptions = {
  token: string;
  signal: AbortSignal;
  onEvent: (event: ServerSentEvent) => void;
  onStatus: (status: NotificationStreamStatus) => void;
};

type AttemptOutcome = 'ended' | 'failed' | 'refused';

/**
 * GET /notification/stream with the bearer header (EventSource cannot send one), read through
 * `fetch` and a ReadableStream. Reconnects after a drop, waiting the server's retry delay doubled per
 * failure (with jitter, so a restarted server is not hit by every client at once), sooner when the
 * browser comes back online. Stops for good on 401/403 or when `signal` aborts (logout, unmount).
 */
export async function runNotificationStream({ token, signal, onEvent, onStatus }: StreamOptions) {
  let retryMs = DEFAULT_RETRY_MS;
  let failures = 0;
  const parserHandlers = {
    onEvent,
    onRetry: (milliseconds: number) => {
      retryMs = Math.max(1000, milliseconds);
    },
  };

  while (!signal.aborted) {
    const outcome = await readStreamOnce({
      token,
      signal,
      parser: createEventStreamParser(parserHandlers),
      onOpen: () => {
        failures = 0;
        onStatus('live');
      },
    });
    if (signal.aborted) return;
    onStatus('down');
    if (outcome === 'refused') return;
    const delay = Math.min(retryMs * 2 ** failures, MAX_RETRY_MS) * (0.8 + Math.random() * 0.4);
    failures += 1;
    await waitBeforeRetry(delay, signal);
  }
}

async function readStreamOnce({
  token,
  signal,
  parser,
  onOpen,
}: {
  token: string;
  signal: AbortSignal;
  parser: ReturnType<typeof createEventStreamParser>;
  onOpen: () => void;
}): Promise<AttemptOutcome> {
  const attempt = new AbortController();
  const abortAttempt = () => attempt.abort();
  signal.addEventListener('abort', abortAttempt, { once: true });
  let silence: ReturnType<typeof setTimeout> | undefined;
  const resetSilenceTimer = () => {
    clearTimeout(silence);
    silence = setTimeout(abortAttempt, SILENCE_LIMIT_MS);
  };

  try {
    resetSilenceTimer();
    const response = await fetch(STREAM_URL, {
      headers: {
        Accept: 'text/event-stream',
        Authorization: `Bearer ${token}`,
        'X-Requested-With': 'XMLHttpRequest',
      },
      cache: 'no-store',
      credentials: 'same-origin',
      signal: attempt.signal,
    });
    if (response.status === 401 || response.status === 403) return 'refused';
    if (!response.ok || !response.body) return 'failed';
    onOpen();

    const reader = response.body.getReader();
    // Stopping (logout, silence) must also end a read that is waiting for the next chunk.
    attempt.signal.addEventListener('abort', () => void reader.cancel().catch(() => {}), { once: true });
    const decoder = new TextDecoder();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return 'ended';
      resetSilenceTimer();
      parser.push(decoder.decode(value, { stream: true }));
    }
  } catch {
    return 'failed'; // network drop, silence, or our own abort (the caller checks which)
  } finally {
    clearTimeout(silence);
    signal.removeEventListener('abort', abortAttempt);
    attempt.abort(); // releases the connection if we stopped reading early
  }
}

function waitBeforeRetry(milliseconds: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      window.removeEventListener('online', done);
      resolve();
    };
    const timer = setTimeout(done, milliseconds);
    signal.addEventListener('abort', done, { once: true });
    window.addEventListener('online', done, { once: true });
  });
}

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

  useEffect(() => {
    if (!token) {
      setStatus('down');
      return;
    }
    const controller = new AbortController();
    setStatus('connecting');
    void runNotificationStream({
      token,
      signal: controller.signal,
      onEvent: handleEvent,
      onStatus: setStatus,
    });
    return () => controller.abort();
  }, [token]);

  return status;
}
