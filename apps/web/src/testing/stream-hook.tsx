import { configureStore } from '@reduxjs/toolkit';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { expect, vi } from 'vitest';

/** A signed-in session's store and a fresh query client, for rendering a live-stream hook alone. */
export function streamHookWrapper(token = 'test-token') {
  const store = configureStore({ reducer: { auth: () => ({ token, user: null }) } });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={store}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </Provider>
  );
  return { wrapper, queryClient };
}

/** `fetch` answers a path ending in `path` with an event stream the test writes frames to. */
export function stubEventStream(path: string) {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      if (!String(input).endsWith(path)) throw new Error(`unexpected fetch of ${String(input)}`);
      const body = new ReadableStream<Uint8Array>({
        start(streamController) {
          controller = streamController;
        },
      });
      return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
    }),
  );
  return {
    /** One frame as the API sends it: the event, its data, and its sequence id. */
    send: async (event: string, data: unknown, id: number) => {
      await waitFor(() => expect(controller).not.toBeNull());
      controller!.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\nid: ${id}\n\n`));
    },
  };
}
