import { BellOutlined, CompressOutlined, ExpandOutlined } from '@ant-design/icons';
import { Badge, Button, Drawer, Segmented } from 'antd';
import { useId, useState } from 'react';
import { useNotifications } from '../api/get-notifications';
import { useMarkNotificationsViewed } from '../api/mark-notifications-viewed';
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

/**
 * The header bell (spec §2): the unread count as a badge, and a right-hand drawer with the
 * Unread/Read lists. The read list is only fetched once Read is chosen; closing the drawer marks
 * everything up to now as viewed.
 */
export function NotificationBell({ userId, onViewed, allowLarge = true }: Props) {
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<Tab>('Unread');
  const [large, setLarge] = useState(false);
  const countId = useId();

  const unread = useNotifications({ read: false, userId });
  const read = useNotifications({ read: true, userId }, { enabled: open && tab === 'Read' });
  const markViewed = useMarkNotificationsViewed({ onViewed });

  const unreadCount = unread.data?.length ?? 0;
  const shown = tab === 'Unread' ? unread : read;

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
          aria-label="Notifications"
          aria-describedby={countId}
          aria-haspopup="dialog"
          aria-expanded={open}
          onClick={() => setOpen(true)}
        />
      </Badge>
      <span id={countId} className="cw-notification-bell__count">
        {unreadCount === 1 ? '1 unread notification' : `${unreadCount} unread notifications`}
      </span>
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
        <div className="cw-notifications-drawer__list">
          <NotificationList
            notifications={shown.isError ? [] : shown.data}
            isLoading={shown.isLoading}
            onNavigate={closeDrawer}
          />
        </div>
      </Drawer>
    </>
  );
}
