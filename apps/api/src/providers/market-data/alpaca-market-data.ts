import {
  type MarketDataProvider,
  type ProviderQuote,
  type ProviderStatus,
  type ProviderSubscription,
  reconnectDelay,
} from './market-data-provider.ts';
import {
  type BackoffOptions,
  type ConnectionLog,
  describeClose,
  formatDelay,
  ProviderSocket,
  type SocketClosed,
} from './provider-socket.ts';

/**
 * Alpaca market data v2 (US stocks on IEX or SIP, crypto on v1beta3/crypto/us). Facts this relies on,
 * from Alpaca's "WebSocket Stream" page: the server greets with [{"T":"success","msg":"connected"}];
 * the client has 10 s to send {"action":"auth","key","secret"}; subscribe and unsubscribe messages add
 * to or take from the session's set, and every change is answered with the whole set
 * ({"T":"subscription",…}); control messages come one per array, quotes in batches; most plans allow
 * ONE connection per endpoint and answer a second with error 406 — so each feed has exactly one
 * connection here, and the probe borrows it instead of opening another.
 */
const DEFAULT_BASE_URL = 'wss://stream.data.alpaca.markets';
/** Alpaca gives a connection 10 s to authenticate. */
const AUTH_TIMEOUT_MS = 10_000;
/** Alpaca sends no pings of its own that we can rely on; we ping when it has been quiet this long / 2. */
const IDLE_TIMEOUT_MS = 60_000;
/** After 406 (or a refused key or plan) retrying soon cannot help: the first wait, doubled up to the cap. */
const REFUSED_DELAY_MS = 60_000;
const REFUSED_MAX_DELAY_MS = 15 * 60_000;

const CONNECTION_LIMIT_SENTENCE =
  'Alpaca allows one market-data connection per account; another program is using it';

export type AlpacaFeed = 'stocks' | 'crypto';

export type AlpacaMarketDataOptions = BackoffOptions & {
  keyId: string;
  secretKey: string;
  log: ConnectionLog;
  /** wss://stream.data.alpaca.markets unless given (tests pass a local server). */
  baseUrl?: string;
  /** The stock feed the plan includes: 'iex' (free) or 'sip' (paid). */
  stockFeed?: 'iex' | 'sip';
  /** First wait after Alpaca refused the connection (406), the key (402) or the plan (409). */
  refusedDelayMs?: number;
  authTimeoutMs?: number;
  idleTimeoutMs?: number;
};

type Quote = { bid: number; ask: number; time: number };

/** Crypto pairs are written with a slash (BTC/USD) and live on their own feed; everything else is a stock. */
export function alpacaFeedOf(providerSymbol: string): AlpacaFeed {
  return providerSymbol.includes('/') ? 'crypto' : 'stocks';
}

export class AlpacaMarketData implements MarketDataProvider {
  readonly name = 'alpaca';
  private readonly feeds = new Map<AlpacaFeed, AlpacaFeedConnection>();
  /** Our symbols by Alpaca symbol (two instruments may share one). */
  private symbolsByProvider = new Map<string, string[]>();
  private onQuote: (quote: ProviderQuote) => void = () => undefined;
  private lastQuoteAt: number | null = null;
  private lastError: string | null = null;

  constructor(private readonly options: AlpacaMarketDataOptions) {}

  /**
   * Subscribes exactly these symbols: on an open connection by sending subscribe and unsubscribe for
   * the difference; else the feed's connection opens and subscribes them all once authenticated.
   * Returns without waiting for the connection (problems go to `status().lastError`).
   */
  async start(subscriptions: ProviderSubscription[], onQuote: (quote: ProviderQuote) => void): Promise<void> {
    this.onQuote = onQuote;
    const symbolsByProvider = new Map<string, string[]>();
    const wanted = new Map<AlpacaFeed, Set<string>>([
      ['stocks', new Set()],
      ['crypto', new Set()],
    ]);
    for (const { symbol, providerSymbol } of subscriptions) {
      const alpacaSymbol = providerSymbol.trim().toUpperCase();
      symbolsByProvider.set(alpacaSymbol, [...(symbolsByProvider.get(alpacaSymbol) ?? []), symbol]);
      wanted.get(alpacaFeedOf(alpacaSymbol))!.add(alpacaSymbol);
    }
    this.symbolsByProvider = symbolsByProvider;
    for (const [feed, symbols] of wanted) {
      if (symbols.size || this.feeds.has(feed)) this.feed(feed).subscribeExactly(symbols);
    }
  }

  async stop(): Promise<void> {
    this.symbolsByProvider = new Map();
    await Promise.all([...this.feeds.values()].map((feed) => feed.stop()));
  }

  status(): ProviderStatus {
    const active = [...this.feeds.values()].filter((feed) => feed.subscribed.size > 0);
    let subscribed = 0;
    for (const feed of this.feeds.values()) {
      for (const symbol of feed.confirmed) subscribed += this.symbolsByProvider.get(symbol)?.length ?? 0;
    }
    return {
      name: this.name,
      connected: active.length > 0 && active.every((feed) => feed.ready),
      subscribed,
      lastQuoteAt: this.lastQuoteAt,
      lastError: this.lastError,
    };
  }

  /**
   * Alpaca allows one connection per feed, so the probe never opens a second one: a subscribed symbol
   * answers with its latest quote; another is subscribed for the probe's duration on the feed's
   * connection; only when that feed has no connection does the probe open it (and close it after).
   */
  async probe(providerSymbol: string, timeoutMs: number): Promise<Quote> {
    const symbol = providerSymbol.trim().toUpperCase();
    const feed = this.feed(alpacaFeedOf(symbol));
    const borrowed = !feed.subscribed.has(symbol);
    if (borrowed) feed.addProbe(symbol);
    else {
      const latest = feed.latest.get(symbol);
      if (latest) return latest;
    }
    try {
      return await feed.nextQuote(symbol, timeoutMs);
    } catch (error) {
      // The admin testing the connection wants the reason the feed is down, not only that it is.
      if (feed.ready || !this.lastError) throw error;
      throw new Error(`${(error as Error).message} Last problem: ${this.lastError}`);
    } finally {
      if (borrowed) feed.removeProbe(symbol);
    }
  }

  private feed(feed: AlpacaFeed): AlpacaFeedConnection {
    let connection = this.feeds.get(feed);
    if (!connection) {
      const base = (this.options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
      const path = feed === 'crypto' ? '/v1beta3/crypto/us' : `/v2/${this.options.stockFeed ?? 'iex'}`;
      connection = new AlpacaFeedConnection(feed, `${base}${path}`, this.options, {
        onQuote: (symbol, quote) => this.deliver(symbol, quote),
        onProblem: (sentence) => this.problem(feed, sentence),
      });
      this.feeds.set(feed, connection);
    }
    return connection;
  }

  private deliver(alpacaSymbol: string, quote: Quote): void {
    const symbols = this.symbolsByProvider.get(alpacaSymbol);
    if (!symbols) return; // a probe's symbol, or one just unsubscribed
    this.lastQuoteAt = Date.now();
    for (const symbol of symbols) this.onQuote({ symbol, ...quote });
  }

  /** Records the sentence for the admin; the key ID and secret never appear in it, whatever Alpaca echoed. */
  private problem(feed: AlpacaFeed, sentence: string): void {
    let safe = sentence;
    for (const secret of [this.options.keyId, this.options.secretKey]) {
      if (secret) safe = safe.split(secret).join('[redacted]');
    }
    this.lastError = safe;
    this.options.log.warn({ provider: this.name, feed }, safe);
  }
}

export function createAlpacaMarketData(options: AlpacaMarketDataOptions): MarketDataProvider {
  return new AlpacaMarketData(options);
}

type FeedEvents = {
  onQuote: (alpacaSymbol: string, quote: Quote) => void;
  onProblem: (sentence: string) => void;
};

type QuoteWaiter = { symbol: string; resolve: (quote: Quote) => void; reject: (error: Error) => void };

/** The one connection to one Alpaca feed: authenticates, keeps the subscription in step, hands on quotes. */
class AlpacaFeedConnection {
  /** What the engine asked for on this feed. */
  subscribed = new Set<string>();
  /** What Alpaca last said this session holds (its subscription message lists the whole set). */
  confirmed = new Set<string>();
  /** The last two-sided quote of each symbol (for the probe). */
  readonly latest = new Map<string, Quote>();
  /** Symbols subscribed only while a probe waits (a count, as two probes may ask for one). */
  private readonly probes = new Map<string, number>();
  /** What we have asked for on this session: the base for the next subscribe/unsubscribe difference. */
  private requested = new Set<string>();
  private readonly socket: ProviderSocket;
  private active = false;
  private authenticated = false;
  /** This session's end is already explained in lastError (Alpaca often closes right after its error). */
  private endExplained = false;
  private authTimer: NodeJS.Timeout | null = null;
  private refusals = 0;
  private waiters = new Set<QuoteWaiter>();

  constructor(
    private readonly feed: AlpacaFeed,
    url: string,
    private readonly options: AlpacaMarketDataOptions,
    private readonly events: FeedEvents,
  ) {
    this.socket = new ProviderSocket({
      ...options,
      label: `alpaca ${feed}`,
      url: () => url,
      idleTimeoutMs: options.idleTimeoutMs ?? IDLE_TIMEOUT_MS,
      onOpen: () => this.awaitAuthentication(),
      onMessage: (text) => this.handleMessage(text),
      onClose: (closed) => this.handleClose(closed),
    });
  }

  get ready(): boolean {
    return this.authenticated && this.socket.isOpen;
  }

  subscribeExactly(symbols: Set<string>): void {
    this.subscribed = symbols;
    this.sync();
  }

  addProbe(symbol: string): void {
    this.probes.set(symbol, (this.probes.get(symbol) ?? 0) + 1);
    this.sync();
  }

  removeProbe(symbol: string): void {
    const count = (this.probes.get(symbol) ?? 1) - 1;
    if (count > 0) this.probes.set(symbol, count);
    else this.probes.delete(symbol);
    this.sync();
  }

  nextQuote(symbol: string, timeoutMs: number): Promise<Quote> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        reject(new Error(this.noQuoteSentence(symbol, timeoutMs)));
      }, timeoutMs);
      const waiter: QuoteWaiter = {
        symbol,
        resolve: (quote) => {
          clearTimeout(timer);
          resolve(quote);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      this.waiters.add(waiter);
    });
  }

  async stop(): Promise<void> {
    this.subscribed = new Set();
    this.probes.clear();
    for (const waiter of this.waiters) waiter.reject(new Error('Alpaca market data was stopped.'));
    this.waiters.clear();
    this.active = false;
    await this.socket.stop();
  }

  /**
   * Brings the connection in line with what is wanted: none wanted → close it (it holds the account's
   * only slot); wanted but closed → open it (it subscribes everything once authenticated); open →
   * send the difference. The socket opens a new connection only after the last one has closed.
   */
  private sync(): void {
    const wanted = new Set([...this.subscribed, ...this.probes.keys()]);
    if (!wanted.size) {
      if (this.active) {
        this.active = false;
        void this.socket.stop();
      }
      return;
    }
    if (!this.active) {
      this.active = true;
      this.socket.start();
      return;
    }
    if (!this.ready) return;
    const removed = [...this.requested].filter((symbol) => !wanted.has(symbol));
    const added = [...wanted].filter((symbol) => !this.requested.has(symbol));
    for (const symbol of removed) this.latest.delete(symbol);
    if (removed.length) this.socket.send({ action: 'unsubscribe', quotes: removed });
    if (added.length) this.socket.send({ action: 'subscribe', quotes: added });
    this.requested = wanted;
  }

  private awaitAuthentication(): void {
    this.endExplained = false;
    const timeoutMs = this.options.authTimeoutMs ?? AUTH_TIMEOUT_MS;
    this.authTimer = setTimeout(() => {
      this.end(
        `Alpaca did not confirm authentication on the ${this.feed} feed within ${timeoutMs / 1000} s; reconnecting.`,
      );
    }, timeoutMs);
    this.authTimer.unref();
  }

  private handleMessage(text: string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      this.events.onProblem(
        `Alpaca sent a message on the ${this.feed} feed that was not valid JSON; it was ignored.`,
      );
      return;
    }
    for (const item of Array.isArray(parsed) ? parsed : [parsed]) {
      if (typeof item !== 'object' || item === null) continue;
      const message = item as Record<string, unknown>;
      switch (message.T) {
        case 'q':
          this.handleQuote(message);
          break;
        case 'success':
          if (message.msg === 'connected')
            this.socket.send({ action: 'auth', key: this.options.keyId, secret: this.options.secretKey });
          else if (message.msg === 'authenticated') this.onAuthenticated();
          break;
        case 'subscription':
          this.confirmed = new Set(Array.isArray(message.quotes) ? message.quotes.map(String) : []);
          break;
        case 'error':
          this.handleError(Number(message.code), String(message.msg ?? ''));
          break;
      }
    }
  }

  private onAuthenticated(): void {
    if (this.authTimer) clearTimeout(this.authTimer);
    this.authenticated = true;
    this.refusals = 0;
    this.socket.markHealthy();
    this.requested = new Set();
    this.sync();
  }

  private handleQuote(message: Record<string, unknown>): void {
    const symbol = message.S;
    const bid = message.bp;
    const ask = message.ap;
    if (typeof symbol !== 'string' || typeof bid !== 'number' || typeof ask !== 'number') return;
    if (!Number.isFinite(bid) || !Number.isFinite(ask)) return;
    const time = typeof message.t === 'string' ? Date.parse(message.t) : Number.NaN;
    const quote = { bid, ask, time: Number.isNaN(time) ? Date.now() : time };
    this.events.onQuote(symbol, quote);
    // IEX often has no bid or no ask (0): a probe answers only with a two-sided quote.
    if (!(bid > 0 && ask > 0)) return;
    this.latest.set(symbol, quote);
    for (const waiter of this.waiters) {
      if (waiter.symbol !== symbol) continue;
      this.waiters.delete(waiter);
      waiter.resolve(quote);
    }
  }

  /** Alpaca's documented stream errors, each as what the admin can do about it. */
  private handleError(code: number, message: string): void {
    const feedName = this.feed === 'crypto' ? 'crypto' : (this.options.stockFeed ?? 'iex');
    switch (code) {
      case 402:
        this.refuse(
          'Alpaca refused the API key ID and secret key (auth failed). Copy both from the same key pair in the Alpaca dashboard',
        );
        return;
      case 406:
        this.refuse(CONNECTION_LIMIT_SENTENCE);
        return;
      case 409:
        this.refuse(
          `Your Alpaca plan does not include the ${feedName} feed (insufficient subscription). Choose the iex feed or upgrade the plan`,
        );
        return;
      case 405:
        // Alpaca keeps the session's subscriptions as they were before the refused request.
        this.requested = new Set(this.confirmed);
        this.events.onProblem(
          `Alpaca refused the subscription on the ${this.feed} feed: it would exceed your plan's symbol limit. Remove instruments or upgrade the plan.`,
        );
        return;
      case 400:
        this.requested = new Set(this.confirmed);
        this.events.onProblem(
          `Alpaca rejected a subscription on the ${this.feed} feed as invalid; check the instruments' Alpaca symbols (stocks like AAPL, crypto like BTC/USD).`,
        );
        return;
      case 401:
      case 404:
        this.end(
          `Alpaca closed the ${this.feed} session before authentication completed (${message || code}); reconnecting.`,
        );
        return;
      default:
        this.end(`Alpaca reported error ${code} on the ${this.feed} feed (${message}); reconnecting.`);
    }
  }

  /** A refusal that retrying soon cannot fix: say so, and wait longer each time it repeats. */
  private refuse(sentence: string): void {
    const delay = reconnectDelay(
      this.refusals,
      this.options.refusedDelayMs ?? REFUSED_DELAY_MS,
      Math.max(REFUSED_MAX_DELAY_MS, this.options.refusedDelayMs ?? 0),
      this.options.random,
    );
    this.refusals += 1;
    this.socket.holdOff(delay);
    this.end(`${sentence}; retrying in ${formatDelay(delay)}.`);
  }

  /** Ends this session for a reason the admin should read; the socket reconnects after its backoff. */
  private end(sentence: string): void {
    this.endExplained = true;
    this.events.onProblem(sentence);
    this.socket.drop();
  }

  private handleClose(closed: SocketClosed): void {
    if (this.authTimer) clearTimeout(this.authTimer);
    this.authenticated = false;
    this.requested = new Set();
    this.confirmed = new Set();
    this.latest.clear(); // a probe after a gap waits for a fresh quote rather than answer with an old one
    if (!closed.initiatedByUs && !this.endExplained && this.active) {
      this.events.onProblem(
        `The Alpaca ${this.feed} connection was lost: ${describeClose(closed)}; reconnecting.`,
      );
    }
  }

  private noQuoteSentence(symbol: string, timeoutMs: number): string {
    const waited = `Alpaca sent no quote for ${symbol} within ${formatDelay(timeoutMs)}.`;
    if (!this.ready) return `${waited} The ${this.feed} connection is not up.`;
    return this.feed === 'stocks'
      ? `${waited} Check the symbol; stock quotes only arrive while the US market is open.`
      : `${waited} Check the symbol (crypto pairs are written like BTC/USD).`;
  }
}
