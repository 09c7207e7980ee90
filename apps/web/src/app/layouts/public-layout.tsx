import { type ReactNode, useSyncExternalStore } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Link, NavLink, useNavigate } from 'react-router';
import { SiteFooter } from '@/components/site-footer/site-footer';
import { logoutOnServer } from '@/features/auth/api/logout-on-server';
import { logout } from '@/lib/auth-slice';
import type { SessionSlices } from '@/lib/current-user';
import { selectDarkMode, toggleDarkMode } from '@/lib/theme-slice';
import './public-layout.css';

function navLinkClass({ isActive }: { isActive: boolean }): string {
  return isActive ? 'cw-public-header__link cw-public-header__link--active' : 'cw-public-header__link';
}

/**
 * Frame of the signed-out pages: a light header (no antd, so these pages stay fast) with the dark
 * mode switch, the content and the footer. With a session (the onboarding steps) it offers Home
 * and Sign out instead of Log in and Sign up.
 */
const noSubscription = () => () => {};

export function PublicLayout({ children }: { children: ReactNode }) {
  const signedIn = useSelector((state: SessionSlices) => Boolean(state.auth.token));
  const darkMode = useSelector(selectDarkMode);
  // False while a page rendered ahead of time hydrates (it was rendered light), true after.
  const live = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const dispatch = useDispatch();
  const navigate = useNavigate();
  function signOut() {
    logoutOnServer(); // first: it still carries the token
    dispatch(logout());
    navigate('/login', { replace: true });
  }
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
              {signedIn ? (
                <>
                  {/* Signed in (the onboarding steps, or a public page): no "Log in" to a session that exists. */}
                  <li>
                    <NavLink className={navLinkClass} to="/home">
                      Home
                    </NavLink>
                  </li>
                  <li>
                    <button type="button" className="cw-public-header__link" onClick={signOut}>
                      Sign out
                    </button>
                  </li>
                </>
              ) : (
                <>
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
                </>
              )}
              <li>
                {/* The page may be rendered ahead of time in light: the pressed state follows the
                    store once the app is live, and the icon follows <html data-theme> in CSS. */}
                <button
                  type="button"
                  className="cw-public-header__theme"
                  aria-pressed={live ? darkMode : false}
                  aria-label="Dark mode"
                  onClick={() => dispatch(toggleDarkMode())}
                >
                  <svg
                    className="cw-public-header__theme-moon"
                    width="20"
                    height="20"
                    viewBox="0 0 24 24"
                    aria-hidden="true"
                    focusable="false"
                  >
                    <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" fill="currentColor" />
                  </svg>
                  <svg
                    className="cw-public-header__theme-sun"
                    width="20"
                    height="20"
                    viewBox="0 0 24 24"
                    aria-hidden="true"
                    focusable="false"
                  >
                    <g fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
                      <circle cx="12" cy="12" r="4.5" />
                      <path d="M12 1.5v2.5M12 20v2.5M1.5 12H4M20 12h2.5M4.6 4.6l1.8 1.8M17.6 17.6l1.8 1.8M4.6 19.4l1.8-1.8M17.6 6.4l1.8-1.8" />
                    </g>
                  </svg>
                </button>
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
