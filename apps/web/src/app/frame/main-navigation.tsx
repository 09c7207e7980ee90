import { NavLink } from 'react-router';
import { SvgIcon } from '@/components/svg-icon/svg-icon';
import { navigationItems } from './navigation-items';

/** docs/product-contract.md §9: the sidebar is 200 px wide (the content's margin is --cw-sidebar-width, the same). */
const SIDEBAR_WIDTH_PX = 200;

const navLinkClass =
  (base: string) =>
  ({ isActive }: { isActive: boolean }) =>
    isActive ? `${base} ${base}--active` : base;

/** Wide screens: the fixed 200 px left sidebar (docs/product-contract.md §9). */
export function Sidebar({ isAdmin = false }: { isAdmin?: boolean }) {
  return (
    <aside className="cw-sidebar" style={{ width: SIDEBAR_WIDTH_PX }} data-testid="sidebar">
      <nav aria-label="Main">
        <ul className="cw-sidebar__list">
          {navigationItems(isAdmin).map(({ to, label, icon }) => (
            <li key={to}>
              <NavLink to={to} className={navLinkClass('cw-sidebar__link')}>
                <SvgIcon icon={icon} />
                <span>{label}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </aside>
  );
}

/** Narrow screens (768 px or less): the same destinations as a fixed bar of icons along the bottom. */
export function BottomNavigation({ isAdmin = false }: { isAdmin?: boolean }) {
  return (
    <nav aria-label="Main" className="cw-bottom-nav" data-testid="bottom-nav">
      <ul className="cw-bottom-nav__list">
        {navigationItems(isAdmin).map(({ to, label, icon }) => (
          <li key={to} className="cw-bottom-nav__item">
            <NavLink to={to} aria-label={label} className={navLinkClass('cw-bottom-nav__link')}>
              <SvgIcon icon={icon} className="cw-bottom-nav__icon" />
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
