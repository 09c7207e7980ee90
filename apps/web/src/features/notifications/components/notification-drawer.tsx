import { CompressOutlined, ExpandOutlined } from '@ant-design/icons';
import { Button, Drawer, Segmented } from 'antd';
import type { ComponentProps } from 'react';
import { useSelector } from 'react-redux';
import { AntdProvider } from '@/components/antd-provider/antd-provider';
import { selectDarkMode } from '@/lib/theme-slice';
import { NotificationList } from './notification-list';

export type NotificationTab = 'Unread' | 'Read';
const tabs: NotificationTab[] = ['Unread', 'Read'];

/** One list as the drawer shows it (the bell keeps the queries, so the count never waits for antd). */
export type ShownList = Omit<ComponentProps<typeof NotificationList>, 'onNavigate'>;

type Props = {
  open: boolean;
  onClose: () => void;
  tab: NotificationTab;
  onTabChange: (tab: NotificationTab) => void;
  large: boolean;
  onLargeChange: (large: boolean) => void;
  allowLarge: boolean;
  shown: ShownList;
  canMarkAllRead: boolean;
  isMarking: boolean;
  onMarkAllRead: () => void;
};

/**
 * The bell's right-hand drawer with the Unread/Read lists (docs/product-contract.md §2). Loaded when the bell is first
 * opened (or hovered), inside antd's theme: the header paints without antd.
 */
export default function NotificationDrawer({
  open,
  onClose,
  tab,
  onTabChange,
  large,
  onLargeChange,
  allowLarge,
  shown,
  canMarkAllRead,
  isMarking,
  onMarkAllRead,
}: Props) {
  const darkMode = useSelector(selectDarkMode);
  return (
    <AntdProvider darkMode={darkMode}>
      <Drawer
        title="Notifications"
        placement="right"
        open={open}
        onClose={onClose}
        size={large && allowLarge ? 'large' : 'default'}
        rootClassName="cw-notifications-drawer"
        extra={
          allowLarge ? (
            <Button
              type="text"
              icon={large ? <CompressOutlined aria-hidden="true" /> : <ExpandOutlined aria-hidden="true" />}
              aria-pressed={large}
              onClick={() => onLargeChange(!large)}
            >
              {large ? 'Narrower' : 'Wider'}
            </Button>
          ) : null
        }
      >
        <Segmented<NotificationTab>
          block
          aria-label="Which notifications to show"
          options={tabs}
          value={tab}
          onChange={onTabChange}
        />
        {tab === 'Unread' ? (
          <div className="cw-notifications-drawer__actions">
            <Button
              type="link"
              onClick={onMarkAllRead}
              disabled={!canMarkAllRead || isMarking}
              loading={isMarking}
            >
              Mark all as read
            </Button>
          </div>
        ) : null}
        <div className="cw-notifications-drawer__list">
          <NotificationList {...shown} onNavigate={onClose} />
        </div>
      </Drawer>
    </AntdProvider>
  );
}
