import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServerSentEvent } from './parse-event-stream';
import { runEventStream } from './run-event-stream';

/** Each GET of the stream answers a body the test writes to, and can end. */
function mockStreams() {
  const encoder = new TextEncoder();
  const bodies: Array<ReadableStreamDefaultController<Uint8Array>> = [];
  const requests: Headers[] = [];
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
    requests.push(new Headers(init?.headers));
    const body = new ReadableStream<Uint8Array>({ start: (controller) => void bodies.push(controller) });
    return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    requests,
    send: async (text: string) => {
      await waitFor(() => expect(bodies.length).toBe(requests.length));
      bodies.at(-1)!.enqueue(encoder.encode(text));
    },
    /** The server ends the response; the client reconnects (at once: the browser came online). */
    drop: async () => {
      bodies.at(-1)!.close();
      const before = requests.length;
      await waitFor(() => {
        window.dispatchEvent(new Event('online'));
        expect(requests.length).toBe(before + 1);
      });
    },
  };
}

const frame = (id: number, unreadCount: number) =>
  `event: unread\ndata: {"unreadCount":${unreadCount}}\nid: ${id}\n\n`;

describe('runEventStream and the sequence of a stream', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reports a gap in the ids before handing on the frame that shows it, and again after a reconnection', async () => {
    const streams = mockStreams();
    const log: string[] = [];
    const controller = new AbortController();
    void runEventStream({
      path: '/notification/stream',
      token: 't',
      signal: controller.signal,
      onEvent: (event: ServerSentEvent) => log.push(`event ${event.id}`),
      onStatus: () => {},
      onGap: () => log.push('gap'),
    });
    try {
      await streams.send(`retry: 5000\n\n${frame(1, 0)}${frame(2, 1)}`);
      await streams.send(`: keep-alive\n\n${frame(3, 2)}${frame(9, 8)}${frame(10, 8)}`);
      await waitFor(() => expect(log).toHaveLength(6));
      expect(log).toEqual(['event 1', 'event 2', 'event 3', 'gap', 'event 9', 'event 10']);
      expect(streams.requests[0].has('Last-Event-ID')).toBe(false);

      // Reconnected: the server cannot continue from 10, so its first frame (1) is a gap too.
      await streams.drop();
      expect(streams.requests[1].get('Last-Event-ID')).toBe('10');
      await streams.send(frame(1, 8));
      await waitFor(() => expect(log).toHaveLength(8));
      expect(log.slice(6)).toEqual(['gap', 'event 1']);
    } finally {
      controller.abort();
    }
  });
});
