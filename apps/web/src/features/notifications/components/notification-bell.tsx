import { BellOutlined, CompressOutlined, ExpandOutlined } from '@ant-design/icons';
import { Badge, Button, Drawer, Segmented } from 'antd';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { type AppNotification, flattenNotificationPages, useNotifications } from '../api/get-notifications';
import { useUnreadCount } from '../api/get-unread-count';
import { useMarkNotificationsViewed } from '../api/mark-notifications-viewed';
import { useNotificationStream } from '../api/use-notification-stream';
import { NotificationList } from './notification-list';
import './notification-bell.css';

type Tab = 'Unread' | 'Read';
const tabs: Tab[] = ['Unread', 'Read'];

type Props = {
  userId: string;
  /** Records the viewing time on the stored user once the server has accepted it. */
  onViewed: (lastNotificationViewedAt: string) => void;
  /** Narrow screens have no room for the large (736 px) drawer. */
  allowLarge?: boolean;
};

/** "Notifications, 3 unread": the count is part of the bell's name, not only the badge's picture. */
function bellLabel(unreadCount: number): string {
  return unreadCount > 0 ? `Notifications, ${unreadCount} unread` : 'Notifications';
}

function announce(notification: AppNotification) {
  toast.info(notification.notificationContent.title, { toastId: `notification-${notification._id}` });
}

/**
 * The header bell (spec §2): the live unread count as a badge, and a right-hand drawer with the
 * Unread/Read lists. The count comes from the notification stream; while the stream is down it is
 * polled. The read list is only fetched once Read is chosen; closing the drawer marks everything up
 * to now as viewed.
 */
export function NotificationBell({ userId, onViewed, allowLarge = true }: Props) {
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<Tab>('Unread');
  const [large, setLarge] = useState(false);

  const streamStatus = useNotificationStream({ userId, onNotification: announce });
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
      <Badge count={unreadCount} size="small" overflowCount={99}>
        <Button
          type="text"
          shape="circle"
          icon={<BellOutlined aria-hidden="true" />}
          aria-label={bellLabel(unreadCount)}
          aria-haspopup="dialog"
          aria-expanded={open}
          onClick={() => setOpen(true)}
        />
      </Badge>
      <Drawer
        title="Notifications"
        placement="right"
        open={open}
        onClose={closeDrawer}
        size={large && allowLarge ? 'large' : 'default'}
        rootClassName="cw-notifications-drawer"
        extra={
          allowLarge ? (
            <Button
              type="text"
              icon={large ? <CompressOutlined aria-hidden="true" /> : <ExpandOutlined aria-hidden="true" />}
              aria-pressed={large}
              onClick={() => setLarge((value) => !value)}
            >
              {large ? 'Narrower' : 'Wider'}
            </Button>
          ) : null
        }
      >
        <Segmented<Tab>
          block
          aria-label="Which notifications to show"
          options={tabs}
          value={tab}
          onChange={setTab}
        />
        {tab === 'Unread' ? (
          <div className="cw-notifications-drawer__actions">
            <Button
              type="link"
              onClick={markAllRead}
              disabled={unreadCount === 0 || markViewed.isPending}
              loading={markViewed.isPending}
            >
              Mark all as read
            </Button>
          </div>
        ) : null}
        <div className="cw-notifications-drawer__list">
          <NotificationList
            notifications={flattenNotificationPages(shown.data?.pages) ?? (shown.isError ? [] : undefined)}
            isLoading={shown.isLoading}
            hasMore={shown.hasNextPage}
            isLoadingMore={shown.isFetchingNextPage}
            loadMoreFailed={shown.isFetchNextPageError}
            onLoadMore={() => void shown.fetchNextPage()}
            onNavigate={closeDrawer}
          />
        </div>
      </Drawer>
    </>
  );
}
