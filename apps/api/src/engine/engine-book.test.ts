import { describe, expect, it } from 'vitest';
import { type AccountState, executeFill, type GroupState, runTick } from './engine-book.ts';
import { type MarketQuote, SimulatedFeed } from './simulated-feed.ts';

const T0 = Date.UTC(2026, 10, 21, 10, 0, 0);
const quote = (symbol: string, mid: number, spread = 0): MarketQuote => ({
  symbol,
  bid: mid - spread / 2,
  ask: mid + spread / 2,
  mid,
  time: T0,
});
const sizes = new Map([
  ['NIFTY50', 1],
  ['XAUUSD', 1],
]);

function account(id: string, overrides: Partial<AccountState> = {}): AccountState {
  return {
    id,
    groupId: 'g',
    userId: `user-${id}`,
    name: `Trader ${id}`,
    startingBalance: 100_000,
    balance: 100_000,
    equity: 100_000,
    peakEquity: 100_000,
    frozenUntil: null,
    freezeCount: 0,
    tradesCount: 0,
    finalRank: null,
    version: 0,
    positions: new Map(),
    openOrders: [],
    ...overrides,
  };
}

function group(accounts: AccountState[], overrides: Partial<GroupState> = {}): GroupState {
  return {
    id: 'g',
    name: 'Test Cup',
    startMs: T0 - 1000,
    endMs: T0 + 3_600_000,
    freezeThreshold: 5,
    freezeDurationMs: 600_000,
    accounts: new Map(accounts.map((a) => [a.id, a])),
    startAnnounced: true,
    finalized: false,
    standings: [],
    ...overrides,
  };
}

describe('the simulated feed', () => {
  const instruments = [
    { symbol: 'NIFTY50', basePrice: 24_300, volatility: 0.0002, spread: 1, tickSize: 0.05 },
  ];
  it('is deterministic for a seed and differs across seeds', () => {
    const walk = (seed: number) => {
      const feed = new SimulatedFeed(instruments, seed);
      return Array.from({ length: 50 }, (_, i) => feed.tick(T0 + i * 1000).get('NIFTY50')!.mid);
    };
    expect(walk(42)).toEqual(walk(42));
    expect(walk(42)).not.toEqual(walk(43));
  });
  it('keeps the spread and the tick size, and resumes from a snapshot', () => {
    const feed = new SimulatedFeed(instruments, 7);
    for (let i = 0; i < 10; i += 1) feed.tick(T0 + i);
    const q = feed.tick(T0 + 10).get('NIFTY50')!;
    expect(q.ask - q.bid).toBeCloseTo(1, 6);
    expect(Math.abs(q.mid / 0.05 - Math.round(q.mid / 0.05))).toBeLessThan(1e-6);
    const resumed = new SimulatedFeed(instruments, 7, feed.snapshot());
    expect(resumed.tick(T0 + 11).get('NIFTY50')).toEqual(feed.tick(T0 + 11).get('NIFTY50'));
  });
});

describe('a scripted freeze with fixed prices', () => {
  it('closes positions, counts the freeze at exactly the threshold and releases after the duration', () => {
    const risky = account('risky');
    const calm = account('calm');
    const g = group([risky, calm]);
    executeFill(
      risky,
      { orderId: 'o1', symbol: 'NIFTY50', side: 'buy', quantity: 100, price: 20_000, reason: 'order' },
      1,
    );

    // Up first: the peak rises to 110,000.
    let events = runTick([g], new Map([['NIFTY50', quote('NIFTY50', 20_100)]]), sizes, T0);
    expect(risky.equity).toBe(110_000);
    expect(risky.peakEquity).toBe(110_000);
    expect(events).toEqual([]);

    // 4.99 % below the peak: no freeze.
    runTick([g], new Map([['NIFTY50', quote('NIFTY50', 20_045.11)]]), sizes, T0 + 1000);
    expect(risky.frozenUntil).toBeNull();

    // Exactly 5 %: 110,000 × 0.95 = 104,500 → mid 20,045.
    events = runTick([g], new Map([['NIFTY50', quote('NIFTY50', 20_045)]]), sizes, T0 + 2000);
    const freeze = events.find((event) => event.type === 'freeze');
    expect(freeze).toMatchObject({ type: 'freeze', accountId: 'risky', until: T0 + 2000 + 600_000 });
    expect(risky.positions.size).toBe(0);
    expect(risky.balance).toBeCloseTo(104_500, 6);
    expect(risky.freezeCount).toBe(1);
    expect(risky.tradesCount).toBe(2);
    expect(calm.freezeCount).toBe(0);

    // Still frozen a second before the end of the duration; released at it, peak reset to equity.
    runTick([g], new Map([['NIFTY50', quote('NIFTY50', 19_000)]]), sizes, T0 + 2000 + 599_000);
    expect(risky.frozenUntil).not.toBeNull();
    events = runTick([g], new Map([['NIFTY50', quote('NIFTY50', 19_000)]]), sizes, T0 + 2000 + 600_000);
    expect(events).toContainEqual({ type: 'release', accountId: 'risky' });
    expect(risky.frozenUntil).toBeNull();
    expect(risky.peakEquity).toBeCloseTo(104_500, 6);

    expect(g.standings.map((row) => [row.name, row.rank])).toEqual([
      ['Trader risky', 1],
      ['Trader calm', 2],
    ]);
    expect(g.standings[0]).toMatchObject({ pnlPercent: 4.5, trades: 2, freezes: 1 });
  });
});

describe('orders and protective exits', () => {
  it('fills a buy limit when the ask reaches it and closes at the stop-loss', () => {
    const trader = account('t', {
      openOrders: [
        {
          id: 'lim',
          symbol: 'XAUUSD',
          side: 'buy',
          type: 'limit',
          quantity: 10,
          price: 2_600,
          stopLoss: 2_590,
          takeProfit: null,
        },
      ],
    });
    const g = group([trader], { freezeThreshold: 0 });
    runTick([g], new Map([['XAUUSD', quote('XAUUSD', 2_610, 1)]]), sizes, T0);
    expect(trader.openOrders).toHaveLength(1);
    const filled = runTick([g], new Map([['XAUUSD', quote('XAUUSD', 2_599, 1)]]), sizes, T0 + 1000);
    expect(filled[0]).toMatchObject({
      type: 'fills',
      fills: [{ orderId: 'lim', price: 2_599.5, reason: 'order' }],
    });
    expect(trader.positions.get('XAUUSD')).toMatchObject({ quantity: 10, stopLoss: 2_590 });
    const stopped = runTick([g], new Map([['XAUUSD', quote('XAUUSD', 2_589, 1)]]), sizes, T0 + 2000);
    expect(stopped[0]).toMatchObject({
      type: 'fills',
      fills: [{ reason: 'stop_loss', price: 2_588.5, side: 'sell' }],
    });
    expect(trader.positions.size).toBe(0);
    expect(trader.balance).toBeCloseTo(100_000 + (2_588.5 - 2_599.5) * 10, 6);
  });

  it('ends a competition: closes everything and fixes the ranks', () => {
    const a = account('a');
    const b = account('b');
    executeFill(
      b,
      { orderId: null, symbol: 'NIFTY50', side: 'buy', quantity: 10, price: 20_000, reason: 'order' },
      1,
    );
    const g = group([a, b], { endMs: T0 });
    const events = runTick([g], new Map([['NIFTY50', quote('NIFTY50', 20_500)]]), sizes, T0);
    const finalize = events.find((event) => event.type === 'finalize');
    expect(finalize).toMatchObject({
      ranks: [
        { accountId: 'b', rank: 1 },
        { accountId: 'a', rank: 2 },
      ],
    });
    expect(b.positions.size).toBe(0);
    expect(b.balance).toBe(105_000);
    expect(g.finalized).toBe(true);
    expect(runTick([g], new Map([['NIFTY50', quote('NIFTY50', 1)]]), sizes, T0 + 1000)).toEqual([]);
  });
});
