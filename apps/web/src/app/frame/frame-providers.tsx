import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ToastContainer } from 'react-toastify';
import { getSessionQueryClient } from './session-query-client';

/**
 * What the signed-in pages need beyond the app-wide providers: the TanStack Query cache and the
 * toasts (docs/product-contract.md §9: top-right, 5000 ms, drag 80 % to dismiss). They load with the frame so the
 * public pages stay small. antd's theme comes with the pages that use antd (AntdPage).
 */
export function FrameProviders({
  userId,
  darkMode,
  children,
}: {
  userId: string;
  darkMode: boolean;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={getSessionQueryClient(userId)}>
      {children}
      <ToastContainer
        position="top-right"
        autoClose={5000}
        draggablePercent={80}
        theme={darkMode ? 'dark' : 'light'}
      />
    </QueryClientProvider>
  );
}
