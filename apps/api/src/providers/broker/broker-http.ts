import { BrokerAuthError, BrokerRequestError, BrokerUnavailableError } from './broker-adapter.ts';

export type BrokerHttpOptions = {
  fetch?: typeof fetch;
  /** Injected so tests wait microseconds, not seconds. */
  sleep?: (ms: number) => Promise<void>;
  /** Tries in all, the first included (429 and 5xx are retried). */
  maxAttempts?: number;
  /** First backoff; doubled on every retry unless the broker sends Retry-After. */
  baseDelayMs?: number;
  timeoutMs?: number;
};

export const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const MAX_WAIT_MS = 30_000;

/** How long a 429 asks us to wait: Retry-After in seconds or as an HTTP date, else exponential. */
export function retryDelayMs(retryAfter: string | null, attempt: number, baseDelayMs: number): number {
  if (retryAfter) {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, MAX_WAIT_MS);
    const date = Date.parse(retryAfter);
    if (!Number.isNaN(date)) return Math.min(Math.max(0, date - Date.now()), MAX_WAIT_MS);
  }
  return Math.min(baseDelayMs * 2 ** (attempt - 1), MAX_WAIT_MS);
}

/**
 * One JSON call to a broker. 401/403 → BrokerAuthError with `authMessage`; 429 and 5xx are retried
 * with exponential backoff (Retry-After honoured) up to `maxAttempts`; another 4xx → the broker's
 * own sentence. Credentials travel only in headers and never appear in an error. POST sends no
 * body (the brokers' calls we make take their arguments in the query).
 */
export async function brokerJson<T>(
  broker: string,
  url: string,
  headers: Record<string, string>,
  authMessage: string,
  options: BrokerHttpOptions = {},
  brokerMessage: (body: unknown) => string | undefined = () => undefined,
  method: 'GET' | 'POST' = 'GET',
): Promise<T> {
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? realSleep;
  const maxAttempts = options.maxAttempts ?? 5;
  const baseDelayMs = options.baseDelayMs ?? 500;
  for (let attempt = 1; ; attempt++) {
    let response: Response;
    try {
      response = await doFetch(url, {
        method,
        headers: { accept: 'application/json', ...headers },
        signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
      });
    } catch {
      throw new BrokerUnavailableError(`We could not reach ${broker}. Try again in a few minutes.`);
    }
    if (response.ok) {
      const text = await response.text();
      try {
        return (text ? JSON.parse(text) : null) as T;
      } catch {
        throw new BrokerUnavailableError(`${broker} sent an answer we could not read. Try again later.`);
      }
    }
    const retryable = response.status === 429 || response.status >= 500;
    if (retryable && attempt < maxAttempts) {
      await response.body?.cancel().catch(() => undefined);
      await sleep(retryDelayMs(response.headers.get('retry-after'), attempt, baseDelayMs));
      continue;
    }
    const body = await response.json().catch(() => null);
    if (response.status === 401 || response.status === 403) throw new BrokerAuthError(authMessage);
    if (response.status === 429) {
      throw new BrokerUnavailableError(
        `${broker} is limiting requests right now. Wait a minute and try again.`,
      );
    }
    if (response.status >= 500) {
      throw new BrokerUnavailableError(`${broker} is having trouble (${response.status}). Try again later.`);
    }
    const said = brokerMessage(body);
    throw new BrokerRequestError(
      said ? `${broker} refused the request: ${said}` : `${broker} refused the request (${response.status}).`,
    );
  }
}
