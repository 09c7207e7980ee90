import { Empty, Spin } from 'antd';
import { Link } from 'react-router';
import type { AppNotification } from '../api/get-notifications';
import './notification-list.css';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function formatCreatedAt(createdAt: string): string | null {
  const date = new Date(createdAt);
  return Number.isNaN(date.getTime()) ? null : timeFormat.format(date);
}

type Props = {
  notifications: AppNotification[] | undefined;
  isLoading: boolean;
  /** Called when a notification's link is followed, so the drawer can close. */
  onNavigate: () => void;
};

/** One list of the drawer: title and message per notification, or 'No notifications found'. */
export function NotificationList({ notifications, isLoading, onNavigate }: Props) {
  if (isLoading) {
    return (
      <div className="cw-notification-list__loading">
        <Spin aria-label="Loading notifications" />
      </div>
    );
  }
  if (!notifications?.length) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No notifications found" />;
  }
  return (
    <ul className="cw-notification-list">
      {notifications.map((notification) => {
        const { title, message } = notification.notificationContent;
        const createdAt = formatCreatedAt(notification.createdAt);
        const link = notification.link;
        return (
          <li key={notification._id} className="cw-notification-list__item">
            <p className="cw-notification-list__title">
              {link?.startsWith('/') ? (
                <Link to={link} onClick={onNavigate}>
                  {title}
                </Link>
              ) : (
                title
              )}
            </p>
            <p className="cw-notification-list__message">{message}</p>
            {createdAt ? (
              <time className="cw-notification-list__time" dateTime={notification.createdAt}>
                {createdAt}
              </time>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
