import {
  ApiOutlined,
  CreditCardOutlined,
  LogoutOutlined,
  PlayCircleOutlined,
  ReadOutlined,
  SafetyCertificateOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { PublicUser } from '@candlewise/shared';
import { Avatar, Dropdown, type MenuProps, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { getFullName } from '@/lib/current-user';
import fallbackAvatarUrl from './fallback-avatar.svg';

/** The user's picture, or the bundled fallback when there is none or it fails to load. */
function UserAvatar({ user, size }: { user: PublicUser; size: number }) {
  const [failed, setFailed] = useState(false);
  const src = user.profile_image_url && !failed ? user.profile_image_url : fallbackAvatarUrl;
  return (
    <Avatar
      size={size}
      src={src}
      alt=""
      onError={() => {
        setFailed(true);
        return false;
      }}
    />
  );
}

/**
 * Spec §2 avatar dropdown: picture, the 'Free trialz' badge, full name, profile, subscription,
 * logout; and the destinations the three-item navigation leaves out (courses, news, the broker
 * connection, and the admin area for admins), so every page has a way in.
 */
export function AccountMenu({ user, onLogout }: { user: PublicUser; onLogout: () => void }) {
  const navigate = useNavigate();
  const fullName = getFullName(user);

  const items: MenuProps['items'] = [
    {
      key: 'identity',
      type: 'group',
      label: (
        <div className="cw-account-menu__identity">
          <UserAvatar user={user} size={40} />
          <div className="cw-account-menu__who">
            <Tag color="gold" variant="filled" className="cw-account-menu__badge">
              Free trialz
            </Tag>
            <span className="cw-account-menu__name">{fullName}</span>
          </div>
        </div>
      ),
    },
    { type: 'divider' },
    { key: '/profile', icon: <UserOutlined aria-hidden="true" />, label: 'View Profile' },
    {
      key: '/manage-subscription',
      icon: <CreditCardOutlined aria-hidden="true" />,
      label: 'Manage Subscription',
    },
    { type: 'divider' },
    { key: '/course', icon: <PlayCircleOutlined aria-hidden="true" />, label: 'Courses' },
    { key: '/news', icon: <ReadOutlined aria-hidden="true" />, label: 'News' },
    { key: '/connectbroker', icon: <ApiOutlined aria-hidden="true" />, label: 'Connect broker' },
    ...(user.role === 'admin'
      ? [{ key: '/admin', icon: <SafetyCertificateOutlined aria-hidden="true" />, label: 'Admin' }]
      : []),
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined aria-hidden="true" />, label: 'Logout', danger: true },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'logout') onLogout();
    else navigate(key);
  };

  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight" autoFocus>
      <button type="button" className="cw-account-menu__trigger" aria-label="Account menu">
        <UserAvatar user={user} size={32} />
      </button>
    </Dropdown>
  );
}
