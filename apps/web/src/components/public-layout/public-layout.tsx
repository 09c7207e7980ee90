import type React from 'react';
import { Link, NavLink } from 'react-router';
import { SiteFooter } from '@/components/site-footer/site-footer';
import './public-layout.css';

function navLinkClass({ isActive }: { isActive: boolean }): string {
  return isActive ? 'cw-public-header__link cw-public-header__link--active' : 'cw-public-header__link';
}

/** Frame of the signed-out pages: a light header (no antd, so these pages stay fast), the content and the footer. */
export function PublicLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className="cw-public-layout">
      <a className="cw-public-layout__skip-link" href="#main">
        Skip to content
      </a>
      <header className="cw-public-header">
        <div className="cw-public-header__inner">
          <Link className="cw-public-header__brand" to="/">
            <svg
              className="cw-public-header__mark"
              width="28"
              height="28"
              viewBox="0 0 32 32"
              aria-hidden="true"
              focusable="false"
            >
              <rect width="32" height="32" rx="7" className="cw-public-header__mark-tile" />
              <g className="cw-public-header__mark-candles">
                <path d="M11 6v20M21 4v22" strokeWidth="2" strokeLinecap="round" />
                <rect x="8" y="11" width="6" height="10" rx="1" stroke="none" />
                <rect x="18" y="8" width="6" height="9" rx="1" stroke="none" />
              </g>
            </svg>
            <span>
              Candlewise<span className="cw-public-header__suffix">.app</span>
            </span>
          </Link>
          <nav className="cw-public-header__nav" aria-label="Main">
            <ul className="cw-public-header__list">
              <li>
                <NavLink className={navLinkClass} to="/pricing">
                  Pricing
                </NavLink>
              </li>
              <li>
                <NavLink className={navLinkClass} to="/contact">
                  Contact
                </NavLink>
              </li>
              <li>
                <NavLink className={navLinkClass} to="/login">
                  Log in
                </NavLink>
              </li>
              <li>
                <Link className="cw-public-header__signup" to="/signup">
                  Sign up
                </Link>
              </li>
            </ul>
          </nav>
        </div>
      </header>
      {/* tabIndex lets the skip link move keyboard focus into the content, not only scroll to it. */}
      <main id="main" className="cw-public-layout__main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
