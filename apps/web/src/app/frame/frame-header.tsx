import type { PublicUser } from '@candlewise/shared';
import { Link } from 'react-router';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { DarkModeSwitch } from '@/features/theme/components/dark-mode-switch';
import { AccountMenu } from './account-menu';

type Props = {
  user: PublicUser;
  isNarrow: boolean;
  onLogout: () => void;
  onNotificationsViewed: (lastNotificationViewedAt: string) => void;
};

export function FrameHeader({ user, isNarrow, onLogout, onNotificationsViewed }: Props) {
  return (
    <header className="cw-frame-header">
      <Link to="/home" className="cw-frame-header__brand">
        <span>Candlewise</span>
        <span className="cw-frame-header__suffix">.app</span>
      </Link>
      <div className="cw-frame-header__actions">
        <NotificationBell userId={user._id} onViewed={onNotificationsViewed} allowLarge={!isNarrow} />
        <DarkModeSwitch />
        <AccountMenu user={user} onLogout={onLogout} />
      </div>
    </header>
  );
}
