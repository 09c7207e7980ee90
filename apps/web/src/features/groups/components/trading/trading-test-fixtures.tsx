import { configureStore } from '@reduxjs/toolkit';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { ToastContainer } from 'react-toastify';
import { AntdProvider } from '@/components/antd-provider/antd-provider';
import { createQueryClient } from '@/lib/query-client';

/** The providers the desk's tests render in (antd's theme among them), and typing by pasting. */

export { account, EURUSD, QUOTE, RUNNING_GROUP } from './trading-test-data';

export function renderWithProviders(ui: ReactNode) {
  const user = userEvent.setup();
  // The theme (light) is all the desk reads from the store: the chart's colours, antd's dialogs.
  const store = configureStore({ reducer: { theme: (state = { darkMode: false }) => state } });
  render(
    <Provider store={store}>
      <QueryClientProvider client={createQueryClient()}>
        <AntdProvider darkMode={false}>
          {ui}
          <ToastContainer />
        </AntdProvider>
      </QueryClientProvider>
    </Provider>,
  );
  return { user };
}

/** Types by pasting (fast on a busy machine): the field's change is one event, as in a browser. */
export async function fill(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}
