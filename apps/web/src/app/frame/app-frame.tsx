import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector, useAppStore } from '@/app/store';
import { RoutedOutlet } from '@/components/routed-outlet/routed-outlet';
import { logoutOnServer } from '@/features/auth/api/logout-on-server';
import { RequireSession } from '@/features/auth/components/require-session';
import { logout, updateUser } from '@/lib/auth-slice';
import { keepScrollRegionsFocusable } from '@/lib/focusable-scroll-regions';
import { selectDarkMode } from '@/lib/theme-slice';
import { useIsNarrowScreen } from '@/lib/use-media-query';
import { FrameChrome } from './frame-chrome';
import { FrameHeaderActions } from './frame-header-actions';
import { FrameProviders } from './frame-providers';
import { clearSessionQueryClient } from './session-query-client';

/**
 * The signed-in page frame (docs/product-contract.md §2, the shared frame): header with bell, dark-mode switch and
 * avatar menu; a 200 px sidebar on wide screens or a bottom icon bar at 768 px and below; the
 * page; the site footer. Loaded lazily, so TanStack Query and the toasts never ship with the
 * public pages. Plain markup, no antd: the frame (and /home) paint before antd arrives, and the
 * pages that use antd bring it with them (app/signed-in-pages.ts).
 */
export default function AppFrame() {
  // antd's tables (signed-in pages only) scroll sideways at 375 px: keyboard users must reach them.
  useEffect(() => keepScrollRegionsFocusable(), []);
  // Without a user in the auth state the frame goes to /auth and renders nothing.
  return (
    <RequireSession redirectTo="/auth">
      <FrameLayout />
    </RequireSession>
  );
}

function FrameLayout() {
  const user = useAppSelector((state) => state.auth.user);
  const darkMode = useAppSelector(selectDarkMode);
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const navigate = useNavigate();
  const isNarrow = useIsNarrowScreen();

  if (!user) return null;

  function handleLogout() {
    logoutOnServer(); // sent first: it still carries the token
    dispatch(logout());
    clearSessionQueryClient();
    navigate('/auth', { replace: true });
  }

  function handleNotificationsViewed(lastNotificationViewedAt: string) {
    // The server answers later: take the user as stored then, not as it was when the drawer closed.
    const current = store.getState().auth.user;
    if (current) dispatch(updateUser({ ...current, lastNotificationViewedAt }));
  }

  return (
    <FrameProviders userId={user._id} darkMode={darkMode}>
      <FrameChrome
        navigation={isNarrow ? 'bottom' : 'sidebar'}
        isAdmin={user.role === 'admin'}
        actions={
          <FrameHeaderActions
            user={user}
            isNarrow={isNarrow}
            onLogout={handleLogout}
            onNotificationsViewed={handleNotificationsViewed}
          />
        }
      >
        <RoutedOutlet />
      </FrameChrome>
    </FrameProviders>
  );
}
