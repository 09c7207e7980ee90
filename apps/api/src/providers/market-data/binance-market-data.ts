import WebSocket from 'ws';
import type {
  MarketDataProvider,
  ProviderQuote,
  ProviderStatus,
  ProviderSubscription,
} from './market-data-provider.ts';
import {
  type BackoffOptions,
  type ConnectionLog,
  describeClose,
  formatDelay,
  ProviderSocket,
  refusedStatus,
  type SocketClosed,
} from './provider-socket.ts';

/**
 * Binance public market streams (spot, no key). Facts this relies on, from Binance's "WebSocket
 * Streams" page: combined streams at /stream?streams=a/b with lowercase names, each event wrapped as
 * {"stream","data"}; a ping frame every 20 s, a connection without a pong within a minute is closed;
 * a connection lives at most 24 h; at most 1024 streams per connection; 5 incoming messages a second
 * (pings, pongs and SUBSCRIBE count), which is why we name the streams in the URL and send nothing.
 */
const DEFAULT_BASE_URL = 'wss://stream.binance.com:9443';
const MAX_STREAMS_PER_CONNECTION = 1024;
/** Binance refuses longer request URLs (measured at 8004 characters by unicorn-binance-websocket-api). */
const MAX_URL_LENGTH = 8000;
/** Reconnect on our terms a little before Binance ends the connection at 24 h. */
const MAX_CONNECTION_AGE_MS = 23 * 60 * 60_000 + 50 * 60_000;
/** Binance pings every 20 s, so a minute of silence means the connection is dead. */
const IDLE_TIMEOUT_MS = 60_000;
/**
 * A connection that answers pings but delivers no book ticker for this long is treated as dead:
 * liquid pairs update many times a second, so two minutes without one is a stalled stream.
 */
const DATA_SILENCE_MS = 2 * 60_000;
/** After HTTP 429 (too many connections) or 418 (address banned) Binance asks us to stay away. */
const RATE_LIMITED_DELAY_MS = 5 * 60_000;

export type BinanceMarketDataOptions = BackoffOptions & {
  /** wss://stream.binance.com:9443 unless given (tests pass a local server). */
  baseUrl?: string;
  log: ConnectionLog;
  maxStreamsPerConnection?: number;
  maxUrlLength?: number;
  maxConnectionAgeMs?: number;
  idleTimeoutMs?: number;
  /** No prices for this long on an open connection: reconnect (default 2 min). */
  dataSilenceMs?: number;
  rateLimitedDelayMs?: number;
};

type BookTicker = { stream: string; bid: number; ask: number };

type StreamConnection = {
  key: string;
  streams: string[];
  socket: ProviderSocket;
  open: boolean;
  /** When this connection last delivered a price (or opened). */
  lastDataAt: number;
  watchdog: NodeJS.Timeout | null;
};

export class BinanceMarketData implements MarketDataProvider {
  readonly name = 'binance';
  private readonly baseUrl: string;
  private connections: StreamConnection[] = [];
  /** Our symbols by stream name (two instruments may share one Binance pair). */
  private symbolsByStream = new Map<string, string[]>();
  private onQuote: (quote: ProviderQuote) => void = () => undefined;
  private lastQuoteAt: number | null = null;
  private lastError: string | null = null;
  /** The last problem is still going on (a quote since ends it). */
  private problemOpen = false;
  private malformedMessages = 0;

  constructor(private readonly options: BinanceMarketDataOptions) {
    this.baseUrl = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
  }

  /**
   * Opens the connections for exactly these streams and returns without waiting for them (problems
   * go to `status().lastError`). A connection whose stream list is unchanged is kept as it is; a
   * changed one is replaced, the new one opening before the old one closes.
   */
  async start(subscriptions: ProviderSubscription[], onQuote: (quote: ProviderQuote) => void): Promise<void> {
    this.onQuote = onQuote;
    const symbolsByStream = new Map<string, string[]>();
    for (const { symbol, providerSymbol } of subscriptions) {
      const stream = bookTickerStream(providerSymbol);
      if (!stream) {
        this.problem(invalidSymbolSentence(providerSymbol, symbol));
        continue;
      }
      symbolsByStream.set(stream, [...(symbolsByStream.get(stream) ?? []), symbol]);
    }
    this.symbolsByStream = symbolsByStream;

    const groups = groupStreams(
      [...symbolsByStream.keys()].sort(),
      this.options.maxStreamsPerConnection ?? MAX_STREAMS_PER_CONNECTION,
      (this.options.maxUrlLength ?? MAX_URL_LENGTH) - `${this.baseUrl}/stream?streams=`.length,
    );
    const current = new Map(this.connections.map((connection) => [connection.key, connection]));
    this.connections = groups.map((streams) => {
      const key = streams.join('/');
      const kept = current.get(key);
      current.delete(key);
      return kept ?? this.open(key, streams);
    });
    await Promise.all([...current.values()].map((retired) => this.retire(retired)));
  }

  async stop(): Promise<void> {
    const connections = this.connections;
    this.connections = [];
    this.symbolsByStream = new Map();
    await Promise.all(connections.map((connection) => this.retire(connection)));
  }

  private retire(connection: StreamConnection): Promise<void> {
    if (connection.watchdog) clearInterval(connection.watchdog);
    connection.watchdog = null;
    return connection.socket.stop();
  }

  status(): ProviderStatus {
    let subscribed = 0;
    for (const connection of this.connections) {
      if (!connection.open) continue;
      for (const stream of connection.streams) subscribed += this.symbolsByStream.get(stream)?.length ?? 0;
    }
    return {
      name: this.name,
      connected: this.connections.length > 0 && this.connections.every((connection) => connection.open),
      subscribed,
      lastQuoteAt: this.lastQuoteAt,
      lastError: this.lastError,
    };
  }

  /** The first book ticker for one pair, on a short connection of its own (Binance allows several). */
  probe(providerSymbol: string, timeoutMs: number): Promise<{ bid: number; ask: number; time: number }> {
    const stream = bookTickerStream(providerSymbol);
    if (!stream) return Promise.reject(new Error(invalidSymbolSentence(providerSymbol)));
    return new Promise((resolve, reject) => {
      let settled = false;
      const socket = new WebSocket(`${this.baseUrl}/stream?streams=${stream}`, {
        autoPong: true,
        handshakeTimeout: timeoutMs,
      });
      const finish = (outcome: { bid: number; ask: number; time: number } | Error) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        socket.terminate();
        if (outcome instanceof Error) reject(outcome);
        else resolve(outcome);
      };
      const timer = setTimeout(
        () =>
          finish(
            new Error(
              `Binance sent no quote for ${providerSymbol} within ${formatDelay(timeoutMs)}. Check that it is a Binance spot pair written like btcusdt.`,
            ),
          ),
        timeoutMs,
      );
      socket.on('message', (data) => {
        const ticker = parseBookTicker(parseJson(data.toString()));
        if (ticker?.stream === stream) finish({ bid: ticker.bid, ask: ticker.ask, time: Date.now() });
      });
      socket.on('error', (error) =>
        finish(new Error(`Could not reach Binance market data: ${error.message}.`)),
      );
      socket.on('close', () =>
        finish(new Error(`Binance closed the connection before sending a quote for ${providerSymbol}.`)),
      );
    });
  }

  private open(key: string, streams: string[]): StreamConnection {
    const socket = new ProviderSocket({
      ...this.options,
      label: 'binance',
      url: () => `${this.baseUrl}/stream?streams=${key}`,
      maxAgeMs: this.options.maxConnectionAgeMs ?? MAX_CONNECTION_AGE_MS,
      idleTimeoutMs: this.options.idleTimeoutMs ?? IDLE_TIMEOUT_MS,
      onOpen: () => {
        connection.open = true;
        connection.lastDataAt = Date.now();
      },
      onMessage: (text) => this.handleMessage(connection, text),
      onClose: (closed) => {
        connection.open = false;
        this.handleClose(connection, closed);
      },
    });
    const connection: StreamConnection = {
      key,
      streams,
      socket,
      open: false,
      lastDataAt: Date.now(),
      watchdog: null,
    };
    // Pings keep a socket alive whether or not prices come: watch the prices themselves.
    const silence = this.options.dataSilenceMs ?? DATA_SILENCE_MS;
    connection.watchdog = setInterval(
      () => {
        if (!connection.open || Date.now() - connection.lastDataAt < silence) return;
        this.problem(
          `Binance sent no prices for ${formatDelay(silence)} although the connection stayed open; reconnecting.`,
        );
        connection.open = false;
        connection.lastDataAt = Date.now();
        connection.socket.restart('no prices');
      },
      Math.max(10, Math.min(silence / 4, 5_000)),
    );
    connection.watchdog.unref();
    socket.start();
    return connection;
  }

  private handleMessage(connection: StreamConnection, text: string): void {
    const message = parseJson(text);
    if (message === undefined) {
      this.malformedMessages += 1;
      this.problem(
        `Binance sent ${this.malformedMessages} message${this.malformedMessages === 1 ? '' : 's'} that were not valid JSON; they were ignored.`,
        false,
      );
      return;
    }
    if (isServerShutdown(message)) {
      connection.socket.restart('Binance announced a server shutdown');
      return;
    }
    const ticker = parseBookTicker(message);
    if (!ticker) {
      const reported = errorMessage(message);
      if (reported) this.problem(`Binance reported an error: ${reported}.`, false);
      return;
    }
    connection.socket.markHealthy();
    connection.lastDataAt = Date.now();
    if (this.problemOpen && this.lastError) {
      // Prices flow again: the last problem is history, and says so.
      this.lastError = `Recovered at ${new Date().toISOString()}: ${this.lastError.charAt(0).toLowerCase()}${this.lastError.slice(1)}`;
      this.problemOpen = false;
    }
    const symbols = this.symbolsByStream.get(ticker.stream);
    if (!symbols) return; // a stream just unsubscribed, still arriving on a connection being replaced
    this.lastQuoteAt = Date.now();
    for (const symbol of symbols) this.onQuote({ symbol, bid: ticker.bid, ask: ticker.ask });
  }

  private handleClose(connection: StreamConnection, closed: SocketClosed): void {
    if (closed.initiatedByUs || !this.connections.includes(connection)) return;
    const status = refusedStatus(closed);
    if (status === 429 || status === 418) {
      const delay = this.options.rateLimitedDelayMs ?? RATE_LIMITED_DELAY_MS;
      connection.socket.holdOff(delay);
      this.problem(
        `Binance is refusing connections from this server's address (HTTP ${status}: too many connections); reconnecting in ${formatDelay(delay)}.`,
      );
    } else if (status === 400) {
      this.problem(
        "Binance refused the stream list (HTTP 400); check the instruments' Binance symbols (spot pairs written like btcusdt).",
      );
    } else if (closed.error || (closed.code !== 1000 && closed.code !== 1001)) {
      this.problem(`The Binance connection was lost: ${describeClose(closed)}; reconnecting.`);
    }
    // A clean close from Binance (its 24-hour limit, maintenance) is routine: it reconnects without a problem to report.
  }

  /** Reports a problem; `ongoing` ones (the connection) are marked recovered when prices flow again. */
  private problem(sentence: string, ongoing = true): void {
    this.lastError = sentence;
    this.problemOpen = ongoing;
    this.options.log.warn({ provider: this.name }, sentence);
  }
}

export function createBinanceMarketData(options: BinanceMarketDataOptions): MarketDataProvider {
  return new BinanceMarketData(options);
}

/** Binance's stream name for a pair's best bid and ask, or null when the symbol cannot be one. */
export function bookTickerStream(providerSymbol: string): string | null {
  const symbol = providerSymbol.trim().toLowerCase();
  return /^[a-z0-9]{2,30}$/.test(symbol) ? `${symbol}@bookTicker` : null;
}

/** A combined-stream book ticker ({"stream","data":{"b","a",…}}) as numbers, or null for anything else. */
export function parseBookTicker(message: unknown): BookTicker | null {
  if (!isObject(message) || typeof message.stream !== 'string' || !message.stream.endsWith('@bookTicker'))
    return null;
  const data = message.data;
  if (!isObject(data)) return null;
  const bid = Number(data.b);
  const ask = Number(data.a);
  if (
    typeof data.b !== 'string' ||
    typeof data.a !== 'string' ||
    !Number.isFinite(bid) ||
    !Number.isFinite(ask)
  )
    return null;
  return { stream: message.stream, bid, ask };
}

/** Splits streams over connections: at most `maxStreams` each, and a URL Binance will still accept. */
export function groupStreams(streams: string[], maxStreams: number, maxPathLength: number): string[][] {
  const groups: string[][] = [];
  let group: string[] = [];
  let length = 0;
  for (const stream of streams) {
    const added = (group.length ? 1 : 0) + stream.length;
    if (group.length && (group.length >= maxStreams || length + added > maxPathLength)) {
      groups.push(group);
      group = [];
      length = 0;
    }
    length += (group.length ? 1 : 0) + stream.length;
    group.push(stream);
  }
  if (group.length) groups.push(group);
  return groups;
}

function isServerShutdown(message: unknown): boolean {
  if (!isObject(message)) return false;
  const event = isObject(message.event) ? message.event : isObject(message.data) ? message.data : message;
  return event.e === 'serverShutdown';
}

function errorMessage(message: unknown): string | null {
  if (!isObject(message)) return null;
  const error = isObject(message.error) ? message.error : message;
  return typeof error.msg === 'string' ? error.msg : null;
}

function invalidSymbolSentence(providerSymbol: string, symbol?: string): string {
  const instrument = symbol ? ` for ${symbol}` : '';
  return `"${providerSymbol}" is not a Binance symbol${instrument}: write the spot pair without separators, like btcusdt.`;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
