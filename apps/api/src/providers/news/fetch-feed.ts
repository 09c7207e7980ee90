/** Why a feed could not be fetched, as a sentence an admin can act on (stored as the source's last error). */
export class FeedFetchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FeedFetchError';
  }
}

export type FetchFeedOptions = {
  /** Validators of the last good answer: a 304 then means nothing changed. */
  etag?: string | null;
  lastModified?: string | null;
  /** The whole exchange, headers and body, must finish within this. */
  timeoutMs: number;
  /** A body larger than this is abandoned as soon as it passes the limit, never buffered whole. */
  maxBytes: number;
  /** The fetch to use (tests pass their own; the default is Node's). */
  fetchImpl?: typeof fetch;
};

export type FetchedFeed =
  | { notModified: true }
  | { notModified: false; xml: string; etag: string | null; lastModified: string | null };

const USER_AGENT = 'CandlewiseNewsBot/1.0 (+https://candlewise.app)';

/**
 * GETs a feed with a conditional request, a time limit and a byte cap. Every failure (network,
 * timeout, HTTP status, too large) becomes a FeedFetchError; nothing else is thrown.
 */
export async function fetchFeed(url: string, options: FetchFeedOptions): Promise<FetchedFeed> {
  const controller = new AbortController();
  const seconds = Math.round(options.timeoutMs / 100) / 10;
  const timer = setTimeout(
    () => controller.abort(new FeedFetchError(`The feed did not answer within ${seconds} s.`)),
    options.timeoutMs,
  );
  const headers: Record<string, string> = {
    accept: 'application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5',
    'user-agent': USER_AGENT,
  };
  if (options.etag) headers['if-none-match'] = options.etag;
  if (options.lastModified) headers['if-modified-since'] = options.lastModified;

  try {
    const response = await (options.fetchImpl ?? fetch)(url, {
      headers,
      signal: controller.signal,
      redirect: 'follow',
    });
    if (response.status === 304) {
      await response.body?.cancel().catch(() => undefined);
      return { notModified: true };
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw new FeedFetchError(
        `The feed answered HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}.`,
      );
    }
    const tooLarge = new FeedFetchError(
      `The feed is larger than ${formatBytes(options.maxBytes)}; it was not read.`,
    );
    const declared = Number(response.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > options.maxBytes) {
      controller.abort(tooLarge);
      throw tooLarge;
    }
    const bytes = await readCapped(response, options.maxBytes, () => controller.abort(tooLarge));
    if (bytes === null) throw tooLarge;
    return {
      notModified: false,
      xml: decode(bytes, response.headers.get('content-type')),
      etag: response.headers.get('etag'),
      lastModified: response.headers.get('last-modified'),
    };
  } catch (error) {
    throw toFeedFetchError(error, controller.signal);
  } finally {
    clearTimeout(timer);
  }
}

/** Reads the body chunk by chunk; null (and the connection aborted) once it passes the cap. */
async function readCapped(
  response: Response,
  maxBytes: number,
  abort: () => void,
): Promise<Uint8Array | null> {
  if (!response.body) return new Uint8Array();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      abort();
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** The charset of the Content-Type header, else of the XML declaration, else UTF-8. */
function decode(bytes: Uint8Array, contentType: string | null): string {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 200));
  const label =
    contentType?.match(/charset="?([\w-]+)/i)?.[1] ??
    head.match(/<\?xml[^>]*encoding=["']([\w-]+)/i)?.[1] ??
    'utf-8';
  try {
    return new TextDecoder(label).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

function toFeedFetchError(error: unknown, signal: AbortSignal): FeedFetchError {
  if (error instanceof FeedFetchError) return error;
  if ((error as Error)?.name === 'ForbiddenAddressError') return new FeedFetchError((error as Error).message);
  if (signal.aborted && signal.reason instanceof FeedFetchError) return signal.reason;
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  const detail = cause?.code ?? cause?.message ?? (error as Error)?.message ?? String(error);
  return new FeedFetchError(`The feed could not be reached (${detail.slice(0, 200)}).`);
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`
    : `${Math.round(bytes / 1024)} KB`;
}
