import { Layout } from 'antd';
import { NavLink } from 'react-router';
import { navigationItems } from './navigation-items';

const navLinkClass =
  (base: string) =>
  ({ isActive }: { isActive: boolean }) =>
    isActive ? `${base} ${base}--active` : base;

/** Wide screens: the fixed 200 px left sidebar (spec §9). */
export function Sidebar() {
  return (
    <Layout.Sider width={200} className="cw-sidebar" data-testid="sidebar">
      <nav aria-label="Main">
        <ul className="cw-sidebar__list">
          {navigationItems.map(({ to, label, Icon }) => (
            <li key={to}>
              <NavLink to={to} className={navLinkClass('cw-sidebar__link')}>
                <Icon aria-hidden="true" />
                <span>{label}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </Layout.Sider>
  );
}

/** Narrow screens (768 px or less): the same destinations as a fixed bar of icons along the bottom. */
export function BottomNavigation() {
  return (
    <nav aria-label="Main" className="cw-bottom-nav" data-testid="bottom-nav">
      <ul className="cw-bottom-nav__list">
        {navigationItems.map(({ to, label, Icon }) => (
          <li key={to} className="cw-bottom-nav__item">
            <NavLink to={to} aria-label={label} className={navLinkClass('cw-bottom-nav__link')}>
              <Icon aria-hidden="true" className="cw-bottom-nav__icon" />
              <span aria-hidden="true" className="cw-bottom-nav__label">
                {label}
              </span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
