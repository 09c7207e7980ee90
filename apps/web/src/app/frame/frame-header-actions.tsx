import type { PublicUser } from '@candlewise/shared';
import { DarkModeSwitch } from '@/components/dark-mode-switch/dark-mode-switch';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { AccountMenu } from './account-menu';

type Props = {
  user: PublicUser;
  isNarrow: boolean;
  onLogout: () => void;
  onNotificationsViewed: (lastNotificationViewedAt: string) => void;
};

/** The header's right-hand side: the notification bell, the dark-mode switch and the avatar menu. */
export function FrameHeaderActions({ user, isNarrow, onLogout, onNotificationsViewed }: Props) {
  return (
    <>
      <NotificationBell userId={user._id} onViewed={onNotificationsViewed} allowLarge={!isNarrow} />
      <DarkModeSwitch />
      <AccountMenu user={user} onLogout={onLogout} />
    </>
  );
}
