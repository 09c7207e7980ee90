import { Button, Empty, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { AppNotification } from '../api/get-notifications';
import { formatAbsoluteTime, formatRelativeTime } from '../lib/format-relative-time';
import './notification-list.css';
import { inAppPath } from '@candlewise/shared/notifications/in-app-path';

/** "5 minutes ago" goes stale while the drawer stays open; re-read the clock this often. */
const CLOCK_TICK_MS = 30_000;

function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** Only a path inside the app is followed (the API accepts nothing else; this guards old rows). */
const isInAppPath = (link: string | null | undefined): link is string =>
  typeof link === 'string' && inAppPath(link) === link;

type Props = {
  notifications: AppNotification[] | undefined;
  isLoading: boolean;
  /** The server has an older page (meta.nextCursor). */
  hasMore: boolean;
  isLoadingMore: boolean;
  loadMoreFailed: boolean;
  onLoadMore: () => void;
  /** Called when a notification's link is followed, so the drawer can close. */
  onNavigate: () => void;
};

/**
 * One list of the drawer: title, message and how long ago per notification, or 'No notifications
 * found'. A notification with a link is one big link to that page; older pages come with "Load more".
 */
export function NotificationList({
  notifications,
  isLoading,
  hasMore,
  isLoadingMore,
  loadMoreFailed,
  onLoadMore,
  onNavigate,
}: Props) {
  const now = useNow();

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
    <>
      <ul className="cw-notification-list">
        {notifications.map((notification) => {
          const { title, message } = notification.notificationContent;
          const relative = formatRelativeTime(notification.createdAt, now);
          const link = isInAppPath(notification.link) ? notification.link : null;
          return (
            <li
              key={notification._id}
              className={
                link
                  ? 'cw-notification-list__item cw-notification-list__item--linked'
                  : 'cw-notification-list__item'
              }
            >
              <p className="cw-notification-list__title">
                {link ? (
                  <Link to={link} onClick={onNavigate} className="cw-notification-list__link">
                    {title}
                  </Link>
                ) : (
                  title
                )}
              </p>
              <p className="cw-notification-list__message">{message}</p>
              {relative ? (
                <time
                  className="cw-notification-list__time"
                  dateTime={notification.createdAt}
                  title={formatAbsoluteTime(notification.createdAt) ?? undefined}
                >
                  {relative}
                </time>
              ) : null}
            </li>
          );
        })}
      </ul>
      {hasMore ? (
        <div className="cw-notification-list__more">
          {loadMoreFailed ? (
            <p role="alert" className="cw-notification-list__more-error">
              Could not load more notifications. Try again.
            </p>
          ) : null}
          <Button block onClick={onLoadMore} loading={isLoadingMore}>
            Load more
          </Button>
        </div>
      ) : null}
    </>
  );
}
