import ApiOutlined from '@ant-design/icons-svg/es/asn/ApiOutlined';
import CreditCardOutlined from '@ant-design/icons-svg/es/asn/CreditCardOutlined';
import LogoutOutlined from '@ant-design/icons-svg/es/asn/LogoutOutlined';
import PlayCircleOutlined from '@ant-design/icons-svg/es/asn/PlayCircleOutlined';
import ReadOutlined from '@ant-design/icons-svg/es/asn/ReadOutlined';
import SafetyCertificateOutlined from '@ant-design/icons-svg/es/asn/SafetyCertificateOutlined';
import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import type { IconDefinition } from '@ant-design/icons-svg/lib/types';
import type { PublicUser } from '@candlewise/shared';
import { Fragment, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { SvgIcon } from '@/components/svg-icon/svg-icon';
import { getFullName } from '@/lib/current-user';
import fallbackAvatarUrl from './fallback-avatar.svg';

/** The user's picture, or the bundled fallback when there is none or it fails to load. */
function UserAvatar({ user, size }: { user: PublicUser; size: number }) {
  const [failed, setFailed] = useState(false);
  const src = user.profile_image_url && !failed ? user.profile_image_url : fallbackAvatarUrl;
  return (
    <img
      className="cw-account-menu__avatar"
      src={src}
      alt=""
      width={size}
      height={size}
      onError={() => setFailed(true)}
    />
  );
}

/** The menu's items, in order. */
const menuItems = (popup: HTMLElement | null) =>
  Array.from(popup?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

type Item = { key: string; label: string; icon: IconDefinition; danger?: boolean };

/** The menu's sections, separated by a rule. */
function menuSections(user: PublicUser): Item[][] {
  return [
    [
      { key: '/profile', icon: UserOutlined, label: 'View Profile' },
      { key: '/manage-subscription', icon: CreditCardOutlined, label: 'Manage Subscription' },
    ],
    [
      { key: '/course', icon: PlayCircleOutlined, label: 'Courses' },
      { key: '/news', icon: ReadOutlined, label: 'News' },
      { key: '/connectbroker', icon: ApiOutlined, label: 'Connect broker' },
      ...(user.role === 'admin' ? [{ key: '/admin', icon: SafetyCertificateOutlined, label: 'Admin' }] : []),
    ],
    [{ key: 'logout', icon: LogoutOutlined, label: 'Logout', danger: true }],
  ];
}

/**
 * docs/product-contract.md §2 avatar dropdown: picture, the 'Free trialz' badge, full name, profile, subscription,
 * logout; and the destinations the three-item navigation leaves out (courses, news, the broker
 * connection, and the admin area for admins), so every page has a way in.
 *
 * A menu button (WAI-ARIA APG): Enter, Space or ↓ opens it on the first item, ↑ on the last;
 * ↑ ↓ Home End move, Escape closes it and returns to the button, Tab or a click elsewhere closes
 * it. Plain markup, so the header paints before antd arrives.
 */
export function AccountMenu({ user, onLogout }: { user: PublicUser; onLogout: () => void }) {
  const navigate = useNavigate();
  const menuId = useId();
  const [open, setOpen] = useState<false | 'first' | 'last'>(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const popupRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const list = menuItems(popupRef.current);
    (open === 'last' ? list.at(-1) : list[0])?.focus();
    function closeOnOutside(event: PointerEvent) {
      const target = event.target as Node;
      if (!popupRef.current?.contains(target) && !triggerRef.current?.contains(target)) setOpen(false);
    }
    document.addEventListener('pointerdown', closeOnOutside);
    return () => document.removeEventListener('pointerdown', closeOnOutside);
  }, [open]);

  function close(returnFocus: boolean) {
    setOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  }

  function choose(key: string) {
    close(false);
    if (key === 'logout') onLogout();
    else navigate(key);
  }

  function onTriggerKeyDown(event: KeyboardEvent) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(event.key === 'ArrowUp' ? 'last' : 'first');
    }
  }

  function onMenuKeyDown(event: KeyboardEvent) {
    const list = menuItems(popupRef.current);
    const at = list.indexOf(document.activeElement as HTMLElement);
    const moveTo = (index: number) => list[(index + list.length) % list.length]?.focus();
    if (event.key === 'ArrowDown') moveTo(at + 1);
    else if (event.key === 'ArrowUp') moveTo(at - 1);
    else if (event.key === 'Home') moveTo(0);
    else if (event.key === 'End') moveTo(list.length - 1);
    else if (event.key === 'Escape') close(true);
    else if (event.key === 'Tab') setOpen(false);
    else return;
    if (event.key !== 'Tab') event.preventDefault();
  }

  return (
    <div className="cw-account-menu">
      <button
        ref={triggerRef}
        type="button"
        className="cw-account-menu__trigger"
        aria-label="Account menu"
        aria-haspopup="menu"
        aria-expanded={Boolean(open)}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? setOpen(false) : setOpen('first'))}
        onKeyDown={onTriggerKeyDown}
      >
        <UserAvatar user={user} size={32} />
      </button>
      {open ? (
        <div ref={popupRef} className="cw-account-menu__popup">
          <div className="cw-account-menu__identity">
            <UserAvatar user={user} size={40} />
            <div className="cw-account-menu__who">
              <span className="cw-account-menu__badge">Free trialz</span>
              <span className="cw-account-menu__name">{getFullName(user)}</span>
            </div>
          </div>
          <div
            id={menuId}
            role="menu"
            aria-label="Account menu"
            className="cw-account-menu__list"
            onKeyDown={onMenuKeyDown}
          >
            {menuSections(user).map((section, index) => (
              <Fragment key={section[0].key}>
                {index > 0 ? <hr className="cw-account-menu__rule" /> : null}
                {section.map((item) => (
                  <button
                    key={item.key}
                    type="button"
                    role="menuitem"
                    tabIndex={-1}
                    className={
                      item.danger
                        ? 'cw-account-menu__item cw-account-menu__item--danger'
                        : 'cw-account-menu__item'
                    }
                    onClick={() => choose(item.key)}
                  >
                    <SvgIcon icon={item.icon} />
                    {item.label}
                  </button>
                ))}
              </Fragment>
            ))}
          </div>
        </div>
      ) : null}
    </div>
  );
}
