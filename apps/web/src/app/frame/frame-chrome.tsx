import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SiteFooter } from '@/components/site-footer/site-footer';
import { BottomNavigation, Sidebar } from './main-navigation';
import './app-frame.css';

type Props = {
  /**
   * Which navigation to draw: the app picks by width. The frame drawn at build time has none: both
   * are fixed, so they arrive with the app without moving anything, and they are live from the start.
   */
  navigation: 'sidebar' | 'bottom' | 'none';
  /** An admin's navigation names the admin area too. */
  isAdmin?: boolean;
  /** The header's right-hand side (bell, dark-mode switch, avatar); empty in the frame drawn at build time. */
  actions?: ReactNode;
  children: ReactNode;
};

/**
 * The signed-in frame's markup (docs/product-contract.md §2, the shared frame): skip link, header, sidebar or bottom
 * bar, the page in <main> and the site footer. The live frame (app-frame.tsx) and the one drawn at
 * build time for a signed-in first load (app/signed-in-shells.tsx) both draw it, so the two line up to the
 * pixel and the app replaces one with the other without a layout shift.
 */
export function FrameChrome({ navigation, isAdmin = false, actions, children }: Props) {
  return (
    // The sidebar is fixed, so header, body and footer stack in a column. The narrow layout's rules
    // are a media query (app-frame.css), the same width the navigation switches at.
    <div className="cw-frame">
      <a className="cw-frame__skip-link" href="#main">
        Skip to content
      </a>
      <header className="cw-frame-header">
        <Link to="/home" className="cw-frame-header__brand">
          <span>Candlewise</span>
          <span className="cw-frame-header__suffix">.app</span>
        </Link>
        <div className="cw-frame-header__actions">{actions}</div>
      </header>
      {navigation === 'sidebar' ? <Sidebar isAdmin={isAdmin} /> : null}
      <div className="cw-frame__body">
        <main id="main" tabIndex={-1} className="cw-frame__content">
          {children}
        </main>
        <SiteFooter />
      </div>
      {navigation === 'bottom' ? <BottomNavigation isAdmin={isAdmin} /> : null}
    </div>
  );
}
