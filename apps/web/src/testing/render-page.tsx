import { configureStore } from '@reduxjs/toolkit';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { makeSession } from './test-data';

/**
 * A signed-in page on its own, as the antd-free frame shows it: the session and the theme in a
 * store, a query client, a router at `path`, and no frame and no antd ConfigProvider around it
 * (the `*-without-antd` tests). `route` is the page's path pattern when it reads route parameters.
 */
export function renderPage(
  Page: ComponentType,
  { path, route, session }: { path: string; route?: string; session: ReturnType<typeof makeSession> },
) {
  const store = configureStore({
    reducer: {
      auth: (state: typeof session = session) => state,
      theme: (state = { darkMode: false }) => state,
    },
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const user = userEvent.setup();
  const view = render(
    <Provider store={store}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          {route ? (
            <Routes>
              <Route path={route} element={<Page />} />
            </Routes>
          ) : (
            <Page />
          )}
        </MemoryRouter>
      </QueryClientProvider>
    </Provider>,
  );
  return { ...view, user };
}
