import { expect } from 'vitest';
import { bearer } from './helper.ts';

// Server-sent events as a client reads them, for the tests that hold a live stream open over a
// real socket (session-streams, standings-frames, live-streams).

export type StreamEvent = { event: string; data: unknown; id: number | null; at: number };

/** The whole events at the front of `buffer` (blocks ending in a blank line), and what is left. */
export function takeEvents(buffer: string): { events: StreamEvent[]; rest: string } {
  const events: StreamEvent[] = [];
  let rest = buffer;
  let boundary = rest.indexOf('\n\n');
  while (boundary >= 0) {
    const block = rest.slice(0, boundary);
    rest = rest.slice(boundary + 2);
    const event = block.match(/^event: (.*)$/m)?.[1];
    const data = block.match(/^data: (.*)$/m)?.[1];
    const id = block.match(/^id: (\d+)$/m)?.[1];
    if (event && data)
      events.push({ event, data: JSON.parse(data), id: id ? Number(id) : null, at: Date.now() });
    boundary = rest.indexOf('\n\n');
  }
  return { events, rest };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type EventStream = Awaited<ReturnType<typeof openEventStream>>;

/**
 * GET `/api/v1<path>` on a listening server as `token` and keep reading: every event is recorded
 * with its arrival time; `waitFor` waits for one by name, `endsWithin` tells whether the server
 * closed the response in time, `close` aborts it.
 */
export async function openEventStream(port: number, path: string, token: string) {
  const controller = new AbortController();
  const response = await fetch(`http://127.0.0.1:${port}/api/v1${path}`, {
    headers: bearer(token),
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  const events: StreamEvent[] = [];
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const closed = (async () => {
    let buffer = '';
    try {
      for (;;) {
        const chunk = await reader.read();
        if (chunk.done) return true;
        const taken = takeEvents(buffer + decoder.decode(chunk.value, { stream: true }));
        events.push(...taken.events);
        buffer = taken.rest;
      }
    } catch {
      return false; // aborted by the test
    }
  })();
  return {
    events,
    async waitFor(name: string, timeoutMs = 3000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const found = events.find((event) => event.event === name);
        if (found) return found;
        await sleep(20);
      }
      throw new Error(`no ${name} event within ${timeoutMs} ms`);
    },
    /** True when the server ended the response within `ms`. */
    endsWithin: (ms: number) => Promise.race([closed, sleep(ms).then(() => false)]),
    /** Aborts the request; resolves once reading has stopped. */
    close: async () => {
      controller.abort();
      await closed;
    },
  };
}
