import BellOutlined from '@ant-design/icons-svg/es/asn/BellOutlined';
import { lazy, Suspense, useState } from 'react';
import { toast } from 'react-toastify';
import { SvgIcon } from '@/components/svg-icon/svg-icon';
import { type AppNotification, flattenNotificationPages, useNotifications } from '../api/get-notifications';
import { useUnreadCount } from '../api/get-unread-count';
import { useMarkNotificationsViewed } from '../api/mark-notifications-viewed';
import { useNotificationStream } from '../api/use-notification-stream';
import type { NotificationTab } from './notification-drawer';
import './notification-bell.css';

const loadDrawer = () => import('./notification-drawer');
const NotificationDrawer = lazy(loadDrawer);

type Props = {
  userId: string;
  /** Records the viewing time on the stored user once the server has accepted it. */
  onViewed: (lastNotificationViewedAt: string) => void;
  /** Narrow screens have no room for the large (736 px) drawer. */
  allowLarge?: boolean;
  /**
   * What the page must show before a notification is announced (the desk of a frozen account read
   * again): its toast waits for it, 3 s at most.
   */
  beforeAnnounce?: (notification: AppNotification) => Promise<unknown> | undefined;
};

/** "Notifications, 3 unread": the count is part of the bell's name, not only the badge's picture. */
function bellLabel(unreadCount: number): string {
  return unreadCount > 0 ? `Notifications, ${unreadCount} unread` : 'Notifications';
}

const ANNOUNCE_WAIT_MS = 3000;

async function announce(notification: AppNotification, before: Props['beforeAnnounce']) {
  const ready = before?.(notification);
  if (ready) {
    await Promise.race([
      ready.catch(() => undefined),
      new Promise((resolve) => setTimeout(resolve, ANNOUNCE_WAIT_MS)),
    ]);
  }
  toast.info(notification.notificationContent.title, { toastId: `notification-${notification._id}` });
}

/**
 * The header bell (docs/product-contract.md §2): the live unread count as a badge, and a right-hand drawer with the
 * Unread/Read lists. The count comes from the notification stream; while the stream is down it is
 * polled. The read list is only fetched once Read is chosen; closing the drawer marks everything up
 * to now as viewed. The bell and its badge are plain markup; the drawer (antd) loads when the bell
 * is first pointed at, focused or opened.
 */
export function NotificationBell({ userId, onViewed, allowLarge = true, beforeAnnounce }: Props) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const [tab, setTab] = useState<NotificationTab>('Unread');
  const [large, setLarge] = useState(false);

  const streamStatus = useNotificationStream({
    userId,
    onNotification: (notification) => void announce(notification, beforeAnnounce),
  });
  const liveCount = useUnreadCount({ poll: streamStatus === 'down' });
  const unread = useNotifications({ read: false, userId });
  const read = useNotifications({ read: true, userId }, { enabled: open && tab === 'Read' });
  const markViewed = useMarkNotificationsViewed({ onViewed });

  const unreadItems = flattenNotificationPages(unread.data?.pages);
  // The list's first page stands in only when neither the stream nor the count endpoint answered.
  const unreadCount = liveCount.data ?? unreadItems?.length ?? 0;
  const shown = tab === 'Unread' ? unread : read;

  function markAllRead() {
    markViewed.mutate(
      { userId, lastNotificationViewedAt: new Date().toISOString() },
      { onSuccess: () => toast.success('All notifications are marked as read.') },
    );
  }

  function closeDrawer() {
    setOpen(false);
    setTab('Unread');
    markViewed.mutate({ userId, lastNotificationViewedAt: new Date().toISOString() });
  }

  return (
    <>
      <span className="cw-bell">
        <button
          type="button"
          className="cw-bell__button"
          aria-label={bellLabel(unreadCount)}
          aria-haspopup="dialog"
          aria-expanded={open}
          onPointerEnter={() => void loadDrawer()}
          onFocus={() => void loadDrawer()}
          onClick={() => {
            setOpened(true);
            setOpen(true);
          }}
        >
          <SvgIcon icon={BellOutlined} />
        </button>
        {unreadCount > 0 ? (
          <span className="cw-bell__count" title={String(unreadCount)} aria-hidden="true">
            {unreadCount > 99 ? '99+' : unreadCount}
          </span>
        ) : null}
      </span>
      {opened ? (
        <Suspense fallback={null}>
          <NotificationDrawer
            open={open}
            onClose={closeDrawer}
            tab={tab}
            onTabChange={setTab}
            large={large}
            onLargeChange={setLarge}
            allowLarge={allowLarge}
            shown={{
              notifications: flattenNotificationPages(shown.data?.pages) ?? (shown.isError ? [] : undefined),
              isLoading: shown.isLoading,
              hasMore: shown.hasNextPage,
              isLoadingMore: shown.isFetchingNextPage,
              loadMoreFailed: shown.isFetchNextPageError,
              onLoadMore: () => void shown.fetchNextPage(),
            }}
            canMarkAllRead={unreadCount > 0}
            isMarking={markViewed.isPending}
            onMarkAllRead={markAllRead}
          />
        </Suspense>
      ) : null}
    </>
  );
}
