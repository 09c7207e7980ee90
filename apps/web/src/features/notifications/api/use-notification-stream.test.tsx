import { useQuery } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { streamHookWrapper, stubEventStream } from '@/testing/stream-hook';
import { notificationListKey } from './get-notifications';
import { unreadCountKey } from './get-unread-count';
import { useNotificationStream } from './use-notification-stream';

describe('the bell’s stream after missed frames', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads the unread list again when the ids show a gap, even if the count it then sends is unchanged', async () => {
    const stream = stubEventStream('/notification/stream');
    const { wrapper, queryClient } = streamHookWrapper();
    const readList = vi.fn(async () => []);
    renderHook(
      () => {
        useQuery({ queryKey: notificationListKey({ read: false, userId: 'u-1' }), queryFn: readList });
        return useNotificationStream({ userId: 'u-1' });
      },
      { wrapper },
    );
    await waitFor(() => expect(readList).toHaveBeenCalledTimes(1));
    await stream.send('unread', { unreadCount: 4 }, 1);
    await waitFor(() => expect(queryClient.getQueryData(unreadCountKey)).toBe(4));
    expect(readList).toHaveBeenCalledTimes(1);

    // Notifications 2 to 8 were dropped while this client was behind; then the server's count.
    await stream.send('unread', { unreadCount: 4 }, 9);
    await waitFor(() => expect(readList).toHaveBeenCalledTimes(2));
    expect(queryClient.getQueryData(unreadCountKey)).toBe(4);
  });
});
