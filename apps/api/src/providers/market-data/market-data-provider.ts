/**
 * A source of live quotes for the engine (docs/architecture.md §Market data and paper trading). The simulated market stays the
 * default; an instrument that names a provider (and the provider's symbol for it) takes its bid and
 * ask from there. Adapters keep their own connection: reconnect with backoff and jitter,
 * resubscribe, respect the provider's limits, and never log keys.
 */
export type ProviderQuote = {
  /** Our symbol (the adapter maps the provider's back). */
  symbol: string;
  bid: number;
  ask: number;
  /** When the provider says the quote was made (else when it arrived). */
  time?: number;
};

export type ProviderSubscription = { symbol: string; providerSymbol: string };

export type ProviderStatus = {
  name: string;
  connected: boolean;
  subscribed: number;
  lastQuoteAt: number | null;
  /** The last problem, as a sentence an admin can act on (no keys in it). */
  lastError: string | null;
};

export interface MarketDataProvider {
  readonly name: string;
  /** Connects (if needed) and subscribes exactly these instruments; quotes go to `onQuote`. */
  start(subscriptions: ProviderSubscription[], onQuote: (quote: ProviderQuote) => void): Promise<void>;
  stop(): Promise<void>;
  status(): ProviderStatus;
  /**
   * For the admin's "test connection": the first quote for one provider symbol within `timeoutMs`,
   * on a connection of its own (so it does not disturb the running one where limits allow), or a
   * sentence saying why not.
   */
  probe(providerSymbol: string, timeoutMs: number): Promise<{ bid: number; ask: number; time: number }>;
}

export type MarketDataProviders = Map<string, MarketDataProvider>;

/** The delay before reconnect attempt `attempt` (0-based): exponential, capped, with full jitter. */
export function reconnectDelay(attempt: number, baseMs = 1000, capMs = 60_000, random = Math.random): number {
  const ceiling = Math.min(capMs, baseMs * 2 ** attempt);
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}
