import { ruleSetOf } from '@candlewise/shared/challenges/rule-sets';
import type { EventBus } from '../../providers/events/event-bus.ts';
import { type AccountState, type GroupState, Market } from '../account-book.ts';
import type { EngineAnnouncement, EngineNotification, EngineNotifier } from '../engine-contract.ts';
import type { MarketQuote } from '../simulated-feed.ts';

// Plain objects for the engine's unit tests (no database, no app).

export const T0 = Date.UTC(2026, 10, 21, 10, 0, 0);

export const quoteOf = (symbol: string, mid: number, extra: Partial<MarketQuote> = {}): MarketQuote => ({
  symbol,
  bid: mid,
  ask: mid,
  mid,
  time: T0,
  ...extra,
});

export const marketOf = (...quotes: MarketQuote[]) =>
  new Market(
    new Map(quotes.map((quote) => [quote.symbol, quote])),
    new Map([['NIFTY50', { contractSize: 1, currency: 'INR' }]]),
  );

export function accountOf(id: string, overrides: Partial<AccountState> = {}): AccountState {
  return {
    id,
    groupId: 'g1',
    userId: `user-${id}`,
    name: `Trader ${id}`,
    currency: 'INR',
    startingBalance: 100_000,
    balance: 100_000,
    equity: 100_000,
    peakEquity: 100_000,
    frozenUntil: null,
    frozenReason: null,
    dayStartEquity: null,
    dayStartedAt: null,
    freezeCount: 0,
    tradesCount: 0,
    finalRank: null,
    removed: false,
    version: 1,
    ledgerSeq: 0,
    positions: new Map(),
    openOrders: [],
    phase: 1,
    phaseStartedAt: null,
    challengeStatus: 'in-progress',
    dayStartBalance: null,
    eodHighBalance: null,
    equityHigh: null,
    maxDrawdownPercent: 0,
    ...overrides,
  };
}

export function groupOf(accounts: AccountState[], overrides: Partial<GroupState> = {}): GroupState {
  return {
    id: 'g1',
    name: 'Autumn Cup',
    currency: 'INR',
    startMs: T0 - 3_600_000,
    endMs: T0 + 3_600_000,
    freezeThreshold: 5,
    freezeDurationMs: 600_000,
    drawdownBasis: 'peak',
    dailyLossLimit: 0,
    dailyResetHour: 0,
    timeZone: 'Asia/Kolkata',
    ruleSet: ruleSetOf('practice@1'),
    ranking: 'return',
    replay: null,
    symbols: [],
    accounts: new Map(accounts.map((account) => [account.id, account])),
    startAnnounced: true,
    finalized: false,
    standings: [],
    ...overrides,
  };
}

/** A long NIFTY50 position of `quantity` bought at `price`. */
export const longNifty = (quantity: number, price: number) =>
  new Map([
    ['NIFTY50', { symbol: 'NIFTY50', quantity, averagePrice: price, stopLoss: null, takeProfit: null }],
  ]);

/** A pending buy limit order for NIFTY50. */
export const buyLimit = (id: string, price: number, quantity = 1) => ({
  id,
  symbol: 'NIFTY50',
  side: 'buy' as const,
  type: 'limit' as const,
  quantity,
  price,
  stopLoss: null,
  takeProfit: null,
});

/**
 * An event bus that records what is published (and delivers to subscribers, in process). Every
 * channel counts as watched unless `unwatched` names it; who listens is unknown unless `listeners`
 * says.
 */
export function recordingBus(
  unwatched: ReadonlySet<string> = new Set(),
  listeners: ReadonlyMap<string, ReadonlySet<string>> = new Map(),
) {
  const published: Array<{ channel: string; payload: unknown }> = [];
  const handlers = new Map<string, Array<(payload: unknown) => void>>();
  const bus: EventBus = {
    async publish(channel, payload) {
      published.push({ channel, payload });
      for (const handler of handlers.get(channel) ?? []) handler(payload);
    },
    async subscribe(channel, handler) {
      handlers.set(channel, [...(handlers.get(channel) ?? []), handler]);
      return async () => {
        handlers.set(
          channel,
          (handlers.get(channel) ?? []).filter((other) => other !== handler),
        );
      };
    },
    watched: (channel) => !unwatched.has(channel),
    listeners: (channel) => listeners.get(channel) ?? null,
    async close() {},
  };
  return { bus, published, channels: () => published.map((item) => item.channel) };
}

/** A notifier that records what it was asked to store and to announce. */
export function recordingNotifier() {
  const stored: EngineNotification[] = [];
  const announced: EngineAnnouncement[] = [];
  const notifier: EngineNotifier = {
    async record(_tx, list) {
      stored.push(...list);
      return list.map((n) => ({ channel: `notifications:user:${n.userId}`, payload: { kind: n.kind } }));
    },
    async announce(list) {
      announced.push(...list);
    },
  };
  return { notifier, stored, announced };
}
