import type { PublicUser } from '@candlewise/shared';
import { useQueryClient } from '@tanstack/react-query';
import { DarkModeSwitch } from '@/components/dark-mode-switch/dark-mode-switch';
import { refreshTradingDesks } from '@/features/groups';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { AccountMenu } from './account-menu';

type Props = {
  user: PublicUser;
  isNarrow: boolean;
  onLogout: () => void;
  onNotificationsViewed: (lastNotificationViewedAt: string) => void;
};

/** Notifications that change what a trading desk shows: announced once the desk shows it. */
const DESK_CHANGES = new Set([
  'account_frozen',
  'account_released',
  'order_canceled',
  'challenge_passed',
  'challenge_failed',
  'challenge_day_ended',
]);

/** The header's right-hand side: the notification bell, the dark-mode switch and the avatar menu. */
export function FrameHeaderActions({ user, isNarrow, onLogout, onNotificationsViewed }: Props) {
  const queryClient = useQueryClient();
  return (
    <>
      <NotificationBell
        userId={user._id}
        onViewed={onNotificationsViewed}
        allowLarge={!isNarrow}
        beforeAnnounce={(notification) =>
          notification.kind && DESK_CHANGES.has(notification.kind)
            ? refreshTradingDesks(queryClient)
            : undefined
        }
      />
      <DarkModeSwitch />
      <AccountMenu user={user} onLogout={onLogout} />
    </>
  );
}
