import type { BodyOf, DataOf } from '@candlewise/shared/api/contract';
import type { userContract } from '@candlewise/shared/user/user-contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { notificationsKey } from './get-notifications';
import { unreadCountKey } from './get-unread-count';

export type MarkNotificationsViewedInput = Required<
  Pick<BodyOf<typeof userContract.updateUserDetails>, 'userId' | 'lastNotificationViewedAt'>
>;

/** Everything created up to `lastNotificationViewedAt` counts as read from then on (docs/decisions/005). */
export function markNotificationsViewed(input: MarkNotificationsViewedInput) {
  return apiClient.put<DataOf<typeof userContract.updateUserDetails>>('/user/update/user-details', input);
}

/**
 * Marks the notifications as viewed when the drawer closes. `onViewed` lets the caller record the
 * time on the stored user (this feature does not own the session); the lists and the count are
 * then refreshed.
 */
export function useMarkNotificationsViewed({
  onViewed,
}: {
  onViewed: (lastNotificationViewedAt: string) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsViewed,
    onSuccess: (_response, input) => {
      onViewed(input.lastNotificationViewedAt);
      // Nothing is unread any more: clear the badge now rather than when the stream says so.
      queryClient.setQueryData(unreadCountKey, 0);
      return queryClient.invalidateQueries({ queryKey: notificationsKey });
    },
    onError: (error) => console.error('Could not mark the notifications as viewed', error),
  });
}
