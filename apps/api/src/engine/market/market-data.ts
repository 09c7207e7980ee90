import {
  candles as candlesTable,
  type Database,
  instruments as instrumentsTable,
  marketState,
} from '@candlewise/db';
import type { MarketSession } from '@candlewise/shared';
import { asc, gt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { MarketDataProviders } from '../../providers/market-data/market-data-provider.ts';
import { type InstrumentTerms, Market } from '../account-book.ts';
import { CandleBook } from '../candle-book.ts';
import { type FeedState, type MarketQuote, SimulatedFeed } from '../simulated-feed.ts';
import { composeQuotes, type LiveQuote } from './compose-quotes.ts';

export type InstrumentRow = typeof instrumentsTable.$inferSelect;

export type MarketDataOptions = {
  db: Database;
  log: FastifyBaseLogger;
  seed: number;
  /** Live market-data providers by name (instruments name theirs); none: every market is simulated. */
  providers?: MarketDataProviders;
  /** A live quote older than this is stale: nothing fills on it (default 5 s). */
  staleAfterMs?: number;
};

/**
 * The live market every process sees: the instruments, this second's quotes (the simulated feed's
 * step composed with the live providers' last quotes), the candles they draw and the providers'
 * connections (the leader alone holds them). Replayed days are in replay-market.ts.
 */
export class MarketData {
  readonly candles = new CandleBook();
  instruments = new Map<string, InstrumentRow>();
  /** Contract size per symbol. */
  sizes = new Map<string, number>();
  private terms = new Map<string, InstrumentTerms>();
  /** Instruments whose quotes come from a market-data provider, and their last quote. */
  private liveSymbols = new Map<string, InstrumentRow>();
  private liveQuotes = new Map<string, LiveQuote>();
  private feed: SimulatedFeed | null = null;
  private quotes = new Map<string, MarketQuote>();

  constructor(private readonly options: MarketDataOptions) {}

  get loaded(): boolean {
    return this.feed !== null;
  }

  /** Loads instruments, the market as last saved and recent candles (every process does). */
  async load(): Promise<void> {
    const { db } = this.options;
    const rows = await db.select().from(instrumentsTable).orderBy(asc(instrumentsTable.position));
    this.instruments = new Map(rows.map((row) => [row.symbol, row]));
    this.sizes = new Map(rows.map((row) => [row.symbol, row.contractSize]));
    this.terms = new Map(
      rows.map((row) => [
        row.symbol,
        { contractSize: row.contractSize, currency: row.currency, session: row.session as MarketSession },
      ]),
    );
    const saved = await db.select().from(marketState);
    this.liveSymbols = new Map(
      rows.filter((row) => row.provider !== 'simulated').map((row) => [row.symbol, row] as const),
    );
    this.feed = new SimulatedFeed(
      rows
        .filter((row) => row.provider === 'simulated')
        .map((row) => ({
          symbol: row.symbol,
          basePrice: row.basePrice,
          volatility: row.volatility,
          spread: row.spread,
          tickSize: row.tickSize,
        })),
      this.options.seed,
      new Map(saved.map((row) => [row.symbol, { mid: row.mid, rngState: row.rngState }])),
    );
    this.quotes = this.compose(this.feed.current(), Date.now());
    const recent = await db
      .select()
      .from(candlesTable)
      .where(gt(candlesTable.startTime, new Date(Date.now() - 6 * 3_600_000)))
      .orderBy(asc(candlesTable.startTime));
    this.candles.forgetChanges();
    for (const symbol of this.instruments.keys()) {
      this.candles.load(
        symbol,
        recent
          .filter((row) => row.symbol === symbol)
          .map((row) => ({
            time: row.startTime.getTime(),
            open: row.open,
            high: row.high,
            low: row.low,
            close: row.close,
          })),
      );
    }
  }

  /** The leader's second: the feed steps (or the given quotes are taken), the candles follow. */
  step(now: number, quotes?: Map<string, MarketQuote>): Map<string, MarketQuote> {
    this.quotes = quotes ?? this.compose(this.requireFeed().tick(now), now);
    for (const quote of this.quotes.values())
      if (!quote.stale) this.candles.add(quote.symbol, quote.mid, now);
    return this.quotes;
  }

  /** A follower takes the quotes the leader published. */
  receive(quotes: MarketQuote[]): void {
    for (const quote of quotes) {
      this.quotes.set(quote.symbol, quote);
      this.candles.add(quote.symbol, quote.mid, quote.time);
    }
  }

  /** Sets a price for scripted scenarios and tests. */
  setPrice(symbol: string, mid: number, time = Date.now()): MarketQuote {
    const quote = this.requireFeed().setMid(symbol, mid, time);
    this.quotes.set(symbol, quote);
    return quote;
  }

  quote(symbol: string): MarketQuote | undefined {
    return this.quotes.get(symbol);
  }

  current(): Map<string, MarketQuote> {
    return this.quotes;
  }

  market(quotes: Map<string, MarketQuote> = this.quotes): Market {
    return new Market(quotes, this.terms);
  }

  /** The live market with some quotes replaced, their instruments always open (a replayed day). */
  marketWith(replayed: Map<string, MarketQuote> | undefined): Market {
    const quotes = new Map([...this.quotes, ...(replayed ?? new Map())]);
    const terms = new Map(this.terms);
    for (const symbol of replayed?.keys() ?? []) {
      const known = terms.get(symbol);
      if (known) terms.set(symbol, { ...known, session: 'always' });
    }
    return new Market(quotes, terms);
  }

  /** What a new leader continues from: the feed's mid and generator state per symbol. */
  feedSnapshot(): Map<string, FeedState> {
    return this.requireFeed().snapshot();
  }

  /** Subscribes each provider to the instruments that name it (the leader alone holds connections). */
  async startProviders(): Promise<void> {
    const { log, providers } = this.options;
    const byProvider = new Map<string, Array<{ symbol: string; providerSymbol: string }>>();
    for (const [symbol, row] of this.liveSymbols) {
      const list = byProvider.get(row.provider) ?? [];
      list.push({ symbol, providerSymbol: row.providerSymbol ?? symbol });
      byProvider.set(row.provider, list);
    }
    for (const [name, subscriptions] of byProvider) {
      const provider = providers?.get(name);
      if (!provider) {
        log.warn(
          { provider: name, symbols: subscriptions.map((item) => item.symbol) },
          'trading engine: instruments name a market-data provider that is not configured; they get no quotes',
        );
        continue;
      }
      await provider
        .start(subscriptions, (quote) => {
          if (!this.liveSymbols.has(quote.symbol) || !(quote.bid > 0) || !(quote.ask >= quote.bid)) return;
          this.liveQuotes.set(quote.symbol, {
            bid: quote.bid,
            ask: quote.ask,
            time: quote.time ?? Date.now(),
            receivedAt: Date.now(),
          });
        })
        .catch((error) =>
          log.error(
            { provider: name, reason: (error as Error).message },
            'market data provider failed to start',
          ),
        );
    }
  }

  async stopProviders(): Promise<void> {
    for (const provider of this.options.providers?.values() ?? [])
      await provider.stop().catch(() => undefined);
  }

  /** A configured live provider by name (admin: test connection). */
  provider(name: string) {
    return this.options.providers?.get(name);
  }

  /** Each live provider's connection state (admin). */
  providerStatus() {
    return [...(this.options.providers?.values() ?? [])].map((provider) => provider.status());
  }

  private compose(simulated: Map<string, MarketQuote>, now: number): Map<string, MarketQuote> {
    return composeQuotes(
      simulated,
      this.liveSymbols,
      this.liveQuotes,
      now,
      this.options.staleAfterMs ?? 5000,
    );
  }

  private requireFeed(): SimulatedFeed {
    if (!this.feed) throw new Error('trading engine: the market is not loaded yet (call load())');
    return this.feed;
  }
}
