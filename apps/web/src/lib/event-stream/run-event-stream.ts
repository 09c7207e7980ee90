import { API_BASE_PATH } from '@candlewise/shared/api/envelope';
import { createEventStreamParser, type ServerSentEvent } from './parse-event-stream';
import { createSequenceGapDetector } from './sequence-gap';

/** connecting: first attempt under way; live: the stream is open; down: dropped or refused (callers poll). */
export type EventStreamStatus = 'connecting' | 'live' | 'down';

/** The server's `retry:` (5000) unless it says otherwise; doubled after each failed attempt up to a minute. */
const DEFAULT_RETRY_MS = 5000;
const MAX_RETRY_MS = 60_000;
/** The server sends a heartbeat every 25 s: this long without a byte means the connection is dead. */
const SILENCE_LIMIT_MS = 70_000;

type StreamOptions = {
  /** Path under the API base, e.g. `/notification/stream`. */
  path: string;
  token: string;
  signal: AbortSignal;
  onEvent: (event: ServerSentEvent) => void;
  onStatus: (status: EventStreamStatus) => void;
  /**
   * Frames were missed (dropped while this client was behind, or sent while it was reconnecting):
   * refetch what the stream mirrors. Called before the event that revealed the gap is handed on.
   */
  onGap?: () => void;
};

type AttemptOutcome = 'ended' | 'failed' | 'refused';

/**
 * GET an API event stream with the bearer header (EventSource cannot send one), read through
 * `fetch` and a ReadableStream. Reconnects after a drop, waiting the server's retry delay doubled per
 * failure (with jitter, so a restarted server is not hit by every client at once), sooner when the
 * browser comes back online. Stops for good on 401/403 or when `signal` aborts (logout, unmount).
 */
export async function runEventStream({ path, token, signal, onEvent, onStatus, onGap }: StreamOptions) {
  let retryMs = DEFAULT_RETRY_MS;
  let failures = 0;
  const sequence = createSequenceGapDetector();
  const parserHandlers = {
    onEvent: (event: ServerSentEvent) => {
      if (sequence.see(event.id)) onGap?.();
      onEvent(event);
    },
    onRetry: (milliseconds: number) => {
      retryMs = Math.max(1000, milliseconds);
    },
  };

  while (!signal.aborted) {
    const outcome = await readStreamOnce({
      url: `${API_BASE_PATH}${path}`,
      token,
      signal,
      parser: createEventStreamParser(parserHandlers),
      lastEventId: sequence.last,
      onOpen: () => {
        sequence.connected();
        failures = 0;
        onStatus('live');
      },
    });
    if (signal.aborted) return;
    onStatus('down');
    if (outcome === 'refused') return;
    const delay = Math.min(retryMs * 2 ** failures, MAX_RETRY_MS) * (0.8 + Math.random() * 0.4);
    failures += 1;
    await waitBeforeRetry(delay, signal);
  }
}

async function readStreamOnce({
  url,
  token,
  signal,
  parser,
  lastEventId,
  onOpen,
}: {
  url: string;
  token: string;
  signal: AbortSignal;
  parser: ReturnType<typeof createEventStreamParser>;
  lastEventId: number | null;
  onOpen: () => void;
}): Promise<AttemptOutcome> {
  const attempt = new AbortController();
  const abortAttempt = () => attempt.abort();
  signal.addEventListener('abort', abortAttempt, { once: true });
  let silence: ReturnType<typeof setTimeout> | undefined;
  const resetSilenceTimer = () => {
    clearTimeout(silence);
    silence = setTimeout(abortAttempt, SILENCE_LIMIT_MS);
  };

  try {
    resetSilenceTimer();
    const response = await fetch(url, {
      headers: {
        Accept: 'text/event-stream',
        Authorization: `Bearer ${token}`,
        'X-Requested-With': 'XMLHttpRequest',
        // As EventSource does; the server cannot continue a sequence and answers with a snapshot.
        ...(lastEventId === null ? {} : { 'Last-Event-ID': String(lastEventId) }),
      },
      cache: 'no-store',
      credentials: 'same-origin',
      signal: attempt.signal,
    });
    if (response.status === 401 || response.status === 403) return 'refused';
    if (!response.ok || !response.body) return 'failed';
    onOpen();

    const reader = response.body.getReader();
    // Stopping (logout, silence) must also end a read that is waiting for the next chunk.
    attempt.signal.addEventListener('abort', () => void reader.cancel().catch(() => {}), { once: true });
    const decoder = new TextDecoder();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return 'ended';
      resetSilenceTimer();
      parser.push(decoder.decode(value, { stream: true }));
    }
  } catch {
    return 'failed'; // network drop, silence, or our own abort (the caller checks which)
  } finally {
    clearTimeout(silence);
    signal.removeEventListener('abort', abortAttempt);
    attempt.abort(); // releases the connection if we stopped reading early
  }
}

function waitBeforeRetry(milliseconds: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      window.removeEventListener('online', done);
      resolve();
    };
    const timer = setTimeout(done, milliseconds);
    signal.addEventListener('abort', done, { once: true });
    window.addEventListener('online', done, { once: true });
  });
}
