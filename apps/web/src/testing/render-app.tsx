import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { loadAppFrame } from '@/app/layouts/lazy-app-frame';
import { AppProvider } from '@/app/provider';
import { AppRoutes } from '@/app/router';
import { createAppStore, type RootState } from '@/app/store';

let currentPath = '';

/** Records where the router is, so tests can assert redirects without touching the DOM. */
function LocationSpy() {
  const location = useLocation();
  currentPath = location.pathname + location.search;
  return null;
}

type Options = {
  auth?: RootState['auth'];
  darkMode?: boolean;
};

/**
 * Renders the whole app (providers, guards, layouts, lazy pages) at `path` with a fresh store,
 * exactly as main.tsx wires it, but with a memory router.
 */
export function renderApp(path = '/', { auth, darkMode = false }: Options = {}) {
  const { store, persistor } = createAppStore({
    auth: auth ?? { token: null, user: null },
    theme: { darkMode },
  });
  const user = userEvent.setup();
  const view = render(
    <AppProvider store={store} persistor={persistor}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <LocationSpy />
      </MemoryRouter>
    </AppProvider>,
  );
  return { ...view, store, persistor, user, currentPath: () => currentPath };
}

/**
 * The frame's first import transforms antd, which takes seconds in a fresh test worker. Files that
 * open the frame do it once up front, `beforeAll(warmUpFrame, FRAME_WARM_UP_MS)`, so no single test
 * pays for it against the per-test timeout.
 */
export const FRAME_WARM_UP_MS = 60_000;
export async function warmUpFrame(): Promise<void> {
  await loadAppFrame();
}
