import WebSocket from 'ws';
import {
  type MarketDataProvider,
  type ProviderQuote,
  type ProviderStatus,
  type ProviderSubscription,
  reconnectDelay,
} from './market-data-provider.ts';

/**
 * Dhan's Live Market Feed (DhanHQ v2) for NSE and BSE instruments (docs/decisions/013). Requests are
 * JSON, responses binary little-endian packets behind an 8-byte header; layouts from
 * https://dhanhq.co/docs/v2/live-market-feed/ and its annexure, cross-checked with Dhan's own
 * client (dhan-oss/DhanHQ-py, src/dhanhq/api/stream/live_market_feed.py).
 *
 * Provider symbols are `SEGMENT:SECURITY_ID` as Dhan's instrument list names them: `NSE_EQ:1333`
 * (HDFC Bank), `IDX_I:13` (NIFTY 50), `IDX_I:51` (SENSEX). Equities and derivatives take bid and ask
 * from the best level of the full packet's depth; indices have no book, so they are quoted at the
 * LTP ± half of `indexSpreadBps`.
 */

export const DHAN_FEED_URL = 'wss://api-feed.dhan.co';
/** Dhan takes at most 100 instruments in one subscribe message and 5,000 on one connection. */
export const DHAN_INSTRUMENTS_PER_MESSAGE = 100;
export const DHAN_INSTRUMENTS_PER_CONNECTION = 5000;
/** The spread we quote an index at, in basis points of its LTP (1 bp: NIFTY at 24,350 → 2.44 points). */
export const DHAN_INDEX_SPREAD_BPS = 1;

/** Exchange segments and the byte that names them in a response header (annexure). */
const SEGMENT_CODES = {
  IDX_I: 0,
  NSE_EQ: 1,
  NSE_FNO: 2,
  NSE_CURRENCY: 3,
  BSE_EQ: 4,
  MCX_COMM: 5,
  BSE_CURRENCY: 7,
  BSE_FNO: 8,
} as const;
export type DhanSegment = keyof typeof SEGMENT_CODES;

/** Feed request codes (annexure): indices stream as tickers, everything else as full packets. */
const REQUEST_CODES = {
  disconnect: 12,
  ticker: { subscribe: 15, unsubscribe: 16 },
  full: { subscribe: 21, unsubscribe: 22 },
} as const;

const HEADER_BYTES = 8;
/**
 * Each response code's packet size, header included. The header's own length field is not used:
 * the docs call it int16 without saying whose length, and clients disagree on its byte order.
 */
const PACKET_BYTES: Record<number, number> = { 2: 16, 4: 50, 5: 12, 6: 16, 7: 8, 8: 162, 50: 10 };
const DEPTH_OFFSET = 62;
const DEPTH_LEVEL_BYTES = 20;

/** Dhan pings every 10 s and drops a client silent for 40 s; 45 s without a ping or a packet is a dead line. */
const IDLE_TIMEOUT_MS = 45_000;
const HANDSHAKE_TIMEOUT_MS = 15_000;
/** Waits after a problem only an admin can fix (token, client ID, Data API plan): minutes, not seconds. */
const CREDENTIAL_RETRY = { baseMs: 5 * 60_000, capMs: 30 * 60_000 };
/** Waits after Dhan says the account holds too many connections, so we do not evict another in a loop. */
const CROWDED_RETRY = { baseMs: 2 * 60_000, capMs: 15 * 60_000 };

export type DhanDepthLevel = {
  bidQuantity: number;
  askQuantity: number;
  bidOrders: number;
  askOrders: number;
  bidPrice: number;
  askPrice: number;
};

export type DhanFeedPacket =
  | { kind: 'ticker'; segment: number; securityId: number; ltp: number; tradeTime: number }
  | { kind: 'quote'; segment: number; securityId: number; ltp: number; tradeTime: number }
  | {
      kind: 'full';
      segment: number;
      securityId: number;
      ltp: number;
      tradeTime: number;
      depth: DhanDepthLevel[];
    }
  | { kind: 'disconnect'; reason: number }
  | { kind: 'other'; code: number; segment: number; securityId: number };

/** Splits one WebSocket frame into its packets; an unknown code or a truncated packet ends the frame. */
export function parseDhanFeedFrame(frame: Buffer): DhanFeedPacket[] {
  const packets: DhanFeedPacket[] = [];
  let offset = 0;
  while (offset + HEADER_BYTES <= frame.length) {
    const code = frame.readUInt8(offset);
    const size = PACKET_BYTES[code];
    if (!size || offset + size > frame.length) break;
    packets.push(parsePacket(frame.subarray(offset, offset + size), code));
    offset += size;
  }
  return packets;
}

function parsePacket(packet: Buffer, code: number): DhanFeedPacket {
  const segment = packet.readUInt8(3);
  const securityId = packet.readUInt32LE(4);
  switch (code) {
    case 2:
      return {
        kind: 'ticker',
        segment,
        securityId,
        ltp: packet.readFloatLE(8),
        tradeTime: packet.readInt32LE(12),
      };
    case 4:
      return {
        kind: 'quote',
        segment,
        securityId,
        ltp: packet.readFloatLE(8),
        tradeTime: packet.readInt32LE(14),
      };
    case 8: {
      const depth: DhanDepthLevel[] = [];
      for (let level = 0; level < 5; level++) {
        const at = DEPTH_OFFSET + level * DEPTH_LEVEL_BYTES;
        depth.push({
          bidQuantity: packet.readInt32LE(at),
          askQuantity: packet.readInt32LE(at + 4),
          bidOrders: packet.readInt16LE(at + 8),
          askOrders: packet.readInt16LE(at + 10),
          bidPrice: packet.readFloatLE(at + 12),
          askPrice: packet.readFloatLE(at + 16),
        });
      }
      return {
        kind: 'full',
        segment,
        securityId,
        ltp: packet.readFloatLE(8),
        tradeTime: packet.readInt32LE(14),
        depth,
      };
    }
    case 50:
      return { kind: 'disconnect', reason: packet.readInt16LE(8) };
    default:
      return { kind: 'other', code, segment, securityId };
  }
}

/** Prices arrive as float32; Dhan's ticks are whole paise. */
const toPaise = (price: number) => Math.round(price * 100) / 100;

/**
 * The bid and ask a packet gives, or null: an index at its LTP ± half the spread; anything else at
 * its best depth level, only while both sides of the book are there (an empty or one-sided book,
 * before the open or at a circuit limit, gives no quote, so nothing fills against a price nobody offers).
 */
export function dhanQuoteFromPacket(
  packet: DhanFeedPacket,
  indexSpreadBps = DHAN_INDEX_SPREAD_BPS,
): { bid: number; ask: number } | null {
  if (packet.kind === 'disconnect' || packet.kind === 'other') return null;
  if (packet.segment === SEGMENT_CODES.IDX_I) {
    if (!(packet.ltp > 0)) return null;
    const half = (packet.ltp * indexSpreadBps) / 20_000;
    return { bid: toPaise(packet.ltp - half), ask: toPaise(packet.ltp + half) };
  }
  if (packet.kind !== 'full') return null;
  const best = packet.depth[0];
  const bid = toPaise(best.bidPrice);
  const ask = toPaise(best.askPrice);
  return bid > 0 && ask >= bid ? { bid, ask } : null;
}

export type DhanInstrument = { segment: DhanSegment; securityId: string };

/** `NSE_EQ:1333` → { segment: 'NSE_EQ', securityId: '1333' }; null when it is not that shape. */
export function parseDhanProviderSymbol(value: string): DhanInstrument | null {
  const match = /^([A-Z_]+):0*(\d{1,10})$/.exec(value.trim().toUpperCase());
  if (!match || !(match[1] in SEGMENT_CODES)) return null;
  return { segment: match[1] as DhanSegment, securityId: match[2] };
}

const instrumentKey = (segmentCode: number, securityId: number | string) =>
  `${segmentCode}:${Number(securityId)}`;
const keyOf = (instrument: DhanInstrument) =>
  instrumentKey(SEGMENT_CODES[instrument.segment], instrument.securityId);
const modeOf = (instrument: DhanInstrument) => (instrument.segment === 'IDX_I' ? 'ticker' : 'full');

/** The JSON messages that (un)subscribe these instruments, each mode in batches of at most 100. */
export function dhanSubscriptionMessages(
  instruments: DhanInstrument[],
  action: 'subscribe' | 'unsubscribe',
): string[] {
  const messages: string[] = [];
  for (const mode of ['ticker', 'full'] as const) {
    const list = instruments.filter((instrument) => modeOf(instrument) === mode);
    for (let start = 0; start < list.length; start += DHAN_INSTRUMENTS_PER_MESSAGE) {
      const batch = list.slice(start, start + DHAN_INSTRUMENTS_PER_MESSAGE);
      messages.push(
        JSON.stringify({
          RequestCode: REQUEST_CODES[mode][action],
          InstrumentCount: batch.length,
          InstrumentList: batch.map(({ segment, securityId }) => ({
            ExchangeSegment: segment,
            SecurityId: securityId,
          })),
        }),
      );
    }
  }
  return messages;
}

type Retry = 'normal' | 'crowded' | 'credentials';
type Problem = { sentence: string; retry: Retry; code?: number | string };

const NEW_TOKEN =
  'An admin must paste a new one: generate it on web.dhan.co (My Profile → Access DhanHQ APIs).';

/** Dhan's disconnect reason (annexure "Data API Error") as a sentence an admin can act on. */
export function describeDhanDisconnect(reason: number): Problem {
  const problem = (sentence: string, retry: Retry): Problem => ({ sentence, retry, code: reason });
  switch (reason) {
    case 800:
      return problem("Dhan's market feed had an internal error (800) and closed the connection.", 'normal');
    case 804:
      return problem(
        'Dhan refused the subscription: more instruments than it allows (804). It takes at most 5,000 per connection; remove some live Dhan instruments.',
        'credentials',
      );
    case 805:
      return problem(
        'Dhan closed the market feed because this Dhan account has more than 5 feed connections open (805). Close other apps streaming with this account.',
        'crowded',
      );
    case 806:
      return problem(
        'Dhan says this account has no Data API subscription (806). Subscribe to Data APIs on web.dhan.co; the feed then resumes by itself.',
        'credentials',
      );
    case 807:
      return problem(
        `The Dhan access token has expired (807); Dhan access tokens last 24 hours. ${NEW_TOKEN}`,
        'credentials',
      );
    case 808:
      return problem(
        `Dhan did not accept the client ID and access token (808). An admin must check the Dhan client ID; if it is right, the token is wrong or expired. ${NEW_TOKEN}`,
        'credentials',
      );
    case 809:
      return problem(`Dhan says the access token is invalid (809). ${NEW_TOKEN}`, 'credentials');
    case 810:
      return problem(
        'Dhan says the client ID is invalid (810). An admin must check the Dhan client ID (shown on web.dhan.co under My Profile).',
        'credentials',
      );
    case 813:
      return problem(
        "Dhan rejected a security ID (813). Check the live instruments' Dhan symbols (SEGMENT:SECURITY_ID from Dhan's instrument list, e.g. NSE_EQ:1333).",
        'credentials',
      );
    case 814:
      return problem('Dhan rejected a feed request as invalid (814).', 'credentials');
    default:
      return problem(`Dhan closed the market feed (reason ${reason}).`, 'normal');
  }
}

/** A failed connect or handshake, from the error's code or HTTP status only (its text may carry the URL). */
function describeSocketError(error: Error & { code?: string }): Problem {
  const status = /Unexpected server response: (\d{3})/.exec(error.message)?.[1];
  if (status === '401' || status === '403')
    return {
      sentence: `Dhan refused the market feed connection (HTTP ${status}): the client ID or access token is not valid, or the token has expired (Dhan access tokens last 24 hours). ${NEW_TOKEN}`,
      retry: 'credentials',
      code: Number(status),
    };
  if (status === '429')
    return {
      sentence: 'Dhan is refusing new feed connections from this account for now (HTTP 429).',
      retry: 'crowded',
      code: 429,
    };
  if (status)
    return {
      sentence: `Dhan's market feed answered HTTP ${status} instead of opening the connection.`,
      retry: 'normal',
      code: Number(status),
    };
  const code = error.code ?? (/timed out/i.test(error.message) ? 'handshake timeout' : 'network error');
  return {
    sentence: `Candlewise could not reach Dhan's market feed (${code}). If this lasts, check this server's internet access.`,
    retry: 'normal',
    code,
  };
}

const aboutDuration = (ms: number) =>
  ms < 90_000 ? `${Math.max(1, Math.round(ms / 1000))} s` : `${Math.round(ms / 60_000)} min`;

type LogFn = (details: Record<string, unknown>, message: string) => void;
export type DhanMarketDataLog = { info: LogFn; warn: LogFn; error: LogFn };

export type DhanMarketDataOptions = {
  clientId: string;
  accessToken: string;
  log: DhanMarketDataLog;
  /** The feed's address without the query string (tests point it at a local server). */
  baseUrl?: string;
  indexSpreadBps?: number;
  /** Backoff after an ordinary drop: exponential from `baseDelayMs` up to `maxDelayMs`, with jitter. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Injected so tests can pin the jitter. */
  random?: () => number;
  idleTimeoutMs?: number;
};

type WantedInstrument = DhanInstrument & { symbols: string[] };

export class DhanMarketData implements MarketDataProvider {
  readonly name = 'dhan';
  private readonly options: Required<Omit<DhanMarketDataOptions, 'log'>> & { log: DhanMarketDataLog };
  private wanted = new Map<string, WantedInstrument>();
  private onQuote: (quote: ProviderQuote) => void = () => undefined;
  private socket: WebSocket | null = null;
  /** Instruments subscribed on the open socket, by key. */
  private subscribed = new Map<string, DhanInstrument>();
  private reconnectTimer: NodeJS.Timeout | null = null;
  private watchdog: NodeJS.Timeout | null = null;
  private stopped = true;
  private failures: Record<Retry, number> = { normal: 0, crowded: 0, credentials: 0 };
  /** A connection problem (cleared by the next packet) and a configuration one (until the next start). */
  private connectionError: string | null = null;
  private configError: string | null = null;
  private lastQuoteAt: number | null = null;

  constructor(options: DhanMarketDataOptions) {
    this.options = {
      clientId: options.clientId.trim(),
      accessToken: options.accessToken.trim(),
      log: options.log,
      baseUrl: options.baseUrl ?? DHAN_FEED_URL,
      indexSpreadBps: options.indexSpreadBps ?? DHAN_INDEX_SPREAD_BPS,
      baseDelayMs: options.baseDelayMs ?? 1000,
      maxDelayMs: options.maxDelayMs ?? 60_000,
      random: options.random ?? Math.random,
      idleTimeoutMs: options.idleTimeoutMs ?? IDLE_TIMEOUT_MS,
    };
  }

  async start(subscriptions: ProviderSubscription[], onQuote: (quote: ProviderQuote) => void): Promise<void> {
    this.stopped = false;
    this.onQuote = onQuote;
    if (!this.options.clientId || !this.options.accessToken) {
      this.configError =
        'Dhan market data needs a Dhan client ID and access token; an admin must enter both (Dhan access tokens last 24 hours).';
      throw new Error(this.configError);
    }
    const { wanted, problems } = this.plan(subscriptions);
    this.configError = problems.length ? problems.join(' ') : null;
    for (const problem of problems)
      this.options.log.warn({ provider: this.name }, `dhan market feed: ${problem}`);
    this.wanted = wanted;

    if (!wanted.size) {
      this.cancelReconnect();
      await this.closeSocket();
      return;
    }
    const socket = this.socket;
    if (socket?.readyState === WebSocket.OPEN) {
      const removed = [...this.subscribed].filter(([key]) => !wanted.has(key));
      const added = [...wanted].filter(([key]) => !this.subscribed.has(key));
      this.send(socket, removed, 'unsubscribe');
      this.send(socket, added, 'subscribe');
    } else if (!socket && !this.reconnectTimer) {
      this.connect();
    }
    // Connecting, or waiting to reconnect: the whole list is subscribed once the socket opens.
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.cancelReconnect();
    await this.closeSocket();
  }

  status(): ProviderStatus {
    const connected = this.socket?.readyState === WebSocket.OPEN;
    return {
      name: this.name,
      connected,
      subscribed: connected ? this.subscribed.size : 0,
      lastQuoteAt: this.lastQuoteAt,
      lastError: this.redact(this.connectionError ?? this.configError),
    };
  }

  /** A quote on a short connection of its own (one of the five Dhan allows), closed as soon as it answers. */
  probe(providerSymbol: string, timeoutMs: number): Promise<{ bid: number; ask: number; time: number }> {
    const instrument = parseDhanProviderSymbol(providerSymbol);
    if (!instrument) return Promise.reject(new Error(symbolSentence(providerSymbol)));
    if (!this.options.clientId || !this.options.accessToken)
      return Promise.reject(
        new Error('Dhan market data needs a Dhan client ID and access token; enter both first.'),
      );
    const key = keyOf(instrument);
    const seconds = Number((timeoutMs / 1000).toFixed(2));

    return new Promise((resolve, reject) => {
      let socket: WebSocket;
      try {
        socket = new WebSocket(this.feedUrl(), { handshakeTimeout: timeoutMs });
      } catch {
        reject(new Error('The Dhan market feed address is not a valid WebSocket URL.'));
        return;
      }
      let problem: string | null = null;
      let settled = false;
      const finish = (outcome: Error | { bid: number; ask: number; time: number }) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        void closeQuietly(socket);
        if (outcome instanceof Error) reject(new Error(this.redact(outcome.message) ?? ''));
        else resolve(outcome);
      };
      const timer = setTimeout(
        () =>
          finish(
            new Error(
              `Dhan sent no two-sided price for ${instrument.segment}:${instrument.securityId} within ${seconds} s. The market may be closed (NSE and BSE trade 09:15–15:30 IST on weekdays) or the security ID may be wrong.`,
            ),
          ),
        timeoutMs,
      );
      socket.on('open', () => {
        for (const message of dhanSubscriptionMessages([instrument], 'subscribe')) socket.send(message);
      });
      socket.on('message', (data, isBinary) => {
        if (!isBinary) return;
        for (const packet of parseDhanFeedFrame(toBuffer(data))) {
          if (packet.kind === 'disconnect')
            return finish(new Error(describeDhanDisconnect(packet.reason).sentence));
          if (packet.kind === 'other' || instrumentKey(packet.segment, packet.securityId) !== key) continue;
          const quote = dhanQuoteFromPacket(packet, this.options.indexSpreadBps);
          if (quote) return finish({ ...quote, time: Date.now() });
        }
      });
      socket.on('error', (error) => {
        problem = describeSocketError(error).sentence;
      });
      socket.on('close', () =>
        finish(new Error(problem ?? 'Dhan closed the test connection before sending a price.')),
      );
    });
  }

  /** Our symbols grouped by Dhan instrument (two symbols may share one), within Dhan's per-connection limit. */
  private plan(subscriptions: ProviderSubscription[]) {
    const wanted = new Map<string, WantedInstrument>();
    const invalid: string[] = [];
    let overflow = 0;
    for (const { symbol, providerSymbol } of subscriptions) {
      const instrument = parseDhanProviderSymbol(providerSymbol);
      if (!instrument) {
        invalid.push(symbol);
        continue;
      }
      const key = keyOf(instrument);
      const existing = wanted.get(key);
      if (existing) existing.symbols.push(symbol);
      else if (wanted.size < DHAN_INSTRUMENTS_PER_CONNECTION)
        wanted.set(key, { ...instrument, symbols: [symbol] });
      else overflow++;
    }
    const problems: string[] = [];
    if (invalid.length)
      problems.push(
        `${invalid.join(', ')} ${invalid.length === 1 ? 'has no valid Dhan symbol and gets' : 'have no valid Dhan symbol and get'} no quotes; a Dhan symbol is SEGMENT:SECURITY_ID from Dhan's instrument list (e.g. NSE_EQ:1333, IDX_I:13).`,
      );
    if (overflow)
      problems.push(
        `Dhan carries at most ${DHAN_INSTRUMENTS_PER_CONNECTION.toLocaleString('en')} instruments on one connection; ${overflow} more get no quotes.`,
      );
    return { wanted, problems };
  }

  private feedUrl(): string {
    const url = new URL(this.options.baseUrl);
    url.searchParams.set('version', '2');
    url.searchParams.set('token', this.options.accessToken);
    url.searchParams.set('clientId', this.options.clientId);
    url.searchParams.set('authType', '2');
    return url.toString();
  }

  private connect(): void {
    if (this.stopped || this.socket || !this.wanted.size) return;
    let socket: WebSocket;
    try {
      socket = new WebSocket(this.feedUrl(), { handshakeTimeout: HANDSHAKE_TIMEOUT_MS });
    } catch {
      this.scheduleReconnect({
        sentence: 'The Dhan market feed address is not a valid WebSocket URL; fix the configured address.',
        retry: 'credentials',
      });
      return;
    }
    this.socket = socket;
    // What ended this connection, if Dhan or the network said so before it closed.
    let problem: Problem | null = null;
    let lastHeard = Date.now();
    let heardData = false;

    socket.on('open', () => {
      lastHeard = Date.now();
      this.subscribed.clear();
      this.send(socket, [...this.wanted], 'subscribe');
      this.options.log.info(
        { provider: this.name, instruments: this.subscribed.size },
        'dhan market feed: connected and subscribed',
      );
      this.watchdog = setInterval(
        () => {
          if (Date.now() - lastHeard <= this.options.idleTimeoutMs) return;
          problem = {
            sentence: `Dhan's market feed went silent for ${aboutDuration(this.options.idleTimeoutMs)} (no ping, no data) and was dropped.`,
            retry: 'normal',
            code: 'idle',
          };
          socket.terminate();
        },
        Math.max(10, Math.min(this.options.idleTimeoutMs / 4, 5000)),
      );
      this.watchdog.unref();
    });
    socket.on('ping', () => {
      lastHeard = Date.now();
    });
    socket.on('message', (data, isBinary) => {
      if (this.socket !== socket) return;
      lastHeard = Date.now();
      if (!isBinary) return;
      for (const packet of parseDhanFeedFrame(toBuffer(data))) {
        if (packet.kind === 'disconnect') {
          problem = describeDhanDisconnect(packet.reason);
          socket.close();
          return;
        }
        if (!heardData) {
          heardData = true;
          this.healthy();
        }
        if (packet.kind !== 'other') this.deliver(packet);
      }
    });
    socket.on('error', (error) => {
      problem ??= describeSocketError(error);
    });
    socket.on('close', (code) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.subscribed.clear();
      this.stopWatchdog();
      if (this.stopped || !this.wanted.size) return;
      this.scheduleReconnect(
        problem ?? {
          sentence: `The connection to Dhan's market feed closed (code ${code}).`,
          retry: 'normal',
          code,
        },
      );
    });
  }

  private deliver(packet: Exclude<DhanFeedPacket, { kind: 'disconnect' } | { kind: 'other' }>): void {
    const instrument = this.wanted.get(instrumentKey(packet.segment, packet.securityId));
    if (!instrument) return;
    const quote = dhanQuoteFromPacket(packet, this.options.indexSpreadBps);
    if (!quote) return;
    // The book is as of now; the packet's LTT is the last trade's second, which can be long past.
    const time = Date.now();
    this.lastQuoteAt = time;
    for (const symbol of instrument.symbols) this.onQuote({ symbol, ...quote, time });
  }

  /** Dhan sent a packet, so the credentials, the plan and the line all work: backoffs start over. */
  private healthy(): void {
    this.connectionError = null;
    this.failures = { normal: 0, crowded: 0, credentials: 0 };
  }

  private send(
    socket: WebSocket,
    entries: Array<[string, DhanInstrument]>,
    action: 'subscribe' | 'unsubscribe',
  ): void {
    const instruments = entries.map(([, { segment, securityId }]) => ({ segment, securityId }));
    for (const message of dhanSubscriptionMessages(instruments, action)) socket.send(message);
    for (const [key, instrument] of entries) {
      if (action === 'subscribe') this.subscribed.set(key, instrument);
      else this.subscribed.delete(key);
    }
  }

  private scheduleReconnect(problem: Problem): void {
    const attempt = this.failures[problem.retry]++;
    const { baseMs, capMs } =
      problem.retry === 'credentials'
        ? CREDENTIAL_RETRY
        : problem.retry === 'crowded'
          ? CROWDED_RETRY
          : { baseMs: this.options.baseDelayMs, capMs: this.options.maxDelayMs };
    const delay = reconnectDelay(Math.min(attempt, 30), baseMs, capMs, this.options.random);
    this.connectionError = `${problem.sentence} Candlewise tries again in about ${aboutDuration(delay)}.`;
    const level = problem.retry === 'credentials' ? 'error' : 'warn';
    this.options.log[level](
      { provider: this.name, reason: problem.code ?? null, retryInMs: delay },
      `dhan market feed: ${this.redact(problem.sentence)}`,
    );
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect();
    }, delay);
    this.reconnectTimer.unref();
  }

  private cancelReconnect(): void {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
  }

  private stopWatchdog(): void {
    if (this.watchdog) clearInterval(this.watchdog);
    this.watchdog = null;
  }

  private async closeSocket(): Promise<void> {
    const socket = this.socket;
    this.socket = null;
    this.subscribed.clear();
    this.stopWatchdog();
    if (socket) await closeQuietly(socket);
  }

  /** Never let the token or the client ID out, whatever text reaches a log or an admin. */
  private redact(text: string | null): string | null {
    if (!text) return text;
    let clean = text;
    for (const secret of [this.options.accessToken, this.options.clientId])
      if (secret) clean = clean.split(secret).join('[redacted]');
    return clean;
  }
}

function symbolSentence(providerSymbol: string): string {
  const shown = providerSymbol.length > 40 ? `${providerSymbol.slice(0, 40)}…` : providerSymbol;
  return `"${shown}" is not a Dhan symbol; use SEGMENT:SECURITY_ID from Dhan's instrument list (e.g. NSE_EQ:1333 for HDFC Bank, IDX_I:13 for NIFTY 50).`;
}

function toBuffer(data: WebSocket.RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}

/** Says goodbye the way Dhan asks (RequestCode 12), closes, and gives up waiting after 2 s. */
function closeQuietly(socket: WebSocket): Promise<void> {
  if (socket.readyState === WebSocket.CLOSED) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      socket.terminate();
      resolve();
    }, 2000);
    timer.unref();
    socket.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
    socket.on('error', () => undefined);
    if (socket.readyState === WebSocket.OPEN) {
      socket.send(JSON.stringify({ RequestCode: REQUEST_CODES.disconnect }));
      socket.close(1000);
    } else if (socket.readyState === WebSocket.CONNECTING) socket.terminate();
    else socket.close();
  });
}

export function createDhanMarketData(options: DhanMarketDataOptions): MarketDataProvider {
  return new DhanMarketData(options);
}
