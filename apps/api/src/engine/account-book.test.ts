import { describe, expect, it } from 'vitest';
import {
  type AccountState,
  accountExposure,
  closeOut,
  executeFill,
  Market,
  markToMarket,
} from './account-book.ts';
import { computeStandings } from './compute-standings.ts';
import { decideAccount, needsDecision } from './decide-account.ts';
import { type MarketQuote, SimulatedFeed } from './simulated-feed.ts';
import { accountOf } from './testing/engine-fixtures.ts';

const T0 = Date.UTC(2026, 10, 21, 10, 0, 0);
const quote = (symbol: string, mid: number, spread = 0): MarketQuote => ({
  symbol,
  bid: mid - spread / 2,
  ask: mid + spread / 2,
  mid,
  time: T0,
});
const terms = new Map([
  ['NIFTY50', { contractSize: 1, currency: 'INR' }],
  ['XAUUSD', { contractSize: 1, currency: 'USD' }],
  ['EURUSD', { contractSize: 1000, currency: 'USD' }],
  ['USDINR', { contractSize: 1000, currency: 'INR' }],
]);
const market = (...quotes: MarketQuote[]) => new Market(new Map(quotes.map((q) => [q.symbol, q])), terms);
const rules = { freezeThreshold: 5, freezeDurationMs: 600_000 };

function account(id: string, overrides: Partial<AccountState> = {}): AccountState {
  return accountOf(id, { groupId: 'g', version: 0, ...overrides });
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
    executeFill(
      risky,
      { orderId: 'o1', symbol: 'NIFTY50', side: 'buy', quantity: 100, price: 20_000, reason: 'order' },
      market(quote('NIFTY50', 20_000)),
    );

    // Up first: the peak rises to 110,000.
    let decision = decideAccount(risky, rules, market(quote('NIFTY50', 20_100)), T0);
    expect(risky.equity).toBe(110_000);
    expect(risky.peakEquity).toBe(110_000);
    expect(decision.fills).toEqual([]);

    // 4.99 % below the peak: no freeze (and the cheap check agrees).
    expect(needsDecision(risky, rules, market(quote('NIFTY50', 20_045.11)), T0 + 1000)).toBe(false);
    decideAccount(risky, rules, market(quote('NIFTY50', 20_045.11)), T0 + 1000);
    expect(risky.frozenUntil).toBeNull();

    // Exactly 5 %: 110,000 × 0.95 = 104,500 → mid 20,045.
    expect(needsDecision(risky, rules, market(quote('NIFTY50', 20_045)), T0 + 2000)).toBe(true);
    decision = decideAccount(risky, rules, market(quote('NIFTY50', 20_045)), T0 + 2000);
    expect(decision.frozeUntil).toBe(T0 + 2000 + 600_000);
    expect(decision.fills).toMatchObject([{ reason: 'freeze', side: 'sell', quantity: 100 }]);
    expect(risky.positions.size).toBe(0);
    expect(risky.balance).toBe(104_500);
    expect(risky.freezeCount).toBe(1);
    expect(risky.tradesCount).toBe(2);
    expect(decideAccount(calm, rules, market(quote('NIFTY50', 20_045)), T0 + 2000).frozeUntil).toBeNull();

    // Still frozen a second before the end of the duration; released at it, peak reset to equity.
    expect(decideAccount(risky, rules, market(quote('NIFTY50', 19_000)), T0 + 2000 + 599_000).released).toBe(
      false,
    );
    decision = decideAccount(risky, rules, market(quote('NIFTY50', 19_000)), T0 + 2000 + 600_000);
    expect(decision.released).toBe(true);
    expect(risky.frozenUntil).toBeNull();
    expect(risky.peakEquity).toBe(104_500);

    expect(computeStandings([calm, risky]).map((row) => [row.name, row.rank])).toEqual([
      ['Trader risky', 1],
      ['Trader calm', 2],
    ]);
    expect(computeStandings([calm, risky])[0]).toMatchObject({ pnlPercent: 4.5, trades: 2, freezes: 1 });
  });
});

describe('orders and protective exits', () => {
  it('fills a buy limit when the ask reaches it and closes at the stop-loss', () => {
    const trader = account('t', {
      currency: 'USD',
      balance: 10_000,
      startingBalance: 10_000,
      peakEquity: 10_000,
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
    const free = { freezeThreshold: 0, freezeDurationMs: 0 };
    expect(decideAccount(trader, free, market(quote('XAUUSD', 2_610, 1)), T0).fills).toEqual([]);
    expect(trader.openOrders).toHaveLength(1);
    const filled = decideAccount(trader, free, market(quote('XAUUSD', 2_599, 1)), T0 + 1000);
    expect(filled.fills).toMatchObject([{ orderId: 'lim', price: 2_599.5, reason: 'order' }]);
    expect(filled.filledOrders).toEqual([{ id: 'lim', price: 2_599.5 }]);
    expect(trader.openOrders).toHaveLength(0);
    expect(trader.positions.get('XAUUSD')).toMatchObject({ quantity: 10, stopLoss: 2_590 });
    const stopped = decideAccount(trader, free, market(quote('XAUUSD', 2_589, 1)), T0 + 2000);
    expect(stopped.fills).toMatchObject([{ reason: 'stop_loss', price: 2_588.5, side: 'sell' }]);
    expect(trader.positions.size).toBe(0);
    expect(trader.balance).toBe(10_000 + (2_588.5 - 2_599.5) * 10);
  });

  it('cancels a resting order whose fill would pass 10× equity at the moment it triggers', () => {
    // Placed when equity allowed it; a loss since then leaves less buying power than it needs.
    const trader = account('t', {
      balance: 60_000,
      openOrders: [
        {
          id: 'big',
          symbol: 'NIFTY50',
          side: 'buy',
          type: 'limit',
          quantity: 40,
          price: 20_000,
          stopLoss: null,
          takeProfit: null,
        },
      ],
    });
    const decision = decideAccount(
      trader,
      { freezeThreshold: 0, freezeDurationMs: 0 },
      market(quote('NIFTY50', 20_000)),
      T0,
    );
    expect(decision.fills).toEqual([]);
    expect(decision.canceledOrders).toMatchObject([{ id: 'big', reason: 'buying_power' }]);
    expect(trader.openOrders).toEqual([]);
  });

  it('ends a competition: closes everything and cancels what rests', () => {
    const b = account('b', {
      openOrders: [
        {
          id: 'rest',
          symbol: 'NIFTY50',
          side: 'sell',
          type: 'limit',
          quantity: 1,
          price: 30_000,
          stopLoss: null,
          takeProfit: null,
        },
      ],
    });
    executeFill(
      b,
      { orderId: null, symbol: 'NIFTY50', side: 'buy', quantity: 10, price: 20_000, reason: 'order' },
      market(quote('NIFTY50', 20_000)),
    );
    const decision = closeOut(b, market(quote('NIFTY50', 20_500)), 'competition_end');
    expect(decision.fills).toMatchObject([
      { reason: 'competition_end', quantity: 10, realizedCents: 500_000 },
    ]);
    expect(decision.canceledOrders).toMatchObject([{ id: 'rest', reason: 'competition_end' }]);
    expect(b.positions.size).toBe(0);
    expect(b.balance).toBe(105_000);
  });
});

describe('one currency of account', () => {
  it('books a dollar loss on EURUSD in rupees at the USDINR rate, to the paisa', () => {
    const trader = account('fx');
    const at = market(quote('EURUSD', 1.085), quote('USDINR', 84));
    executeFill(
      trader,
      { orderId: null, symbol: 'EURUSD', side: 'buy', quantity: 13, price: 1.08505, reason: 'order' },
      at,
    );
    // 13 lots × 1,000 EUR, sold 0.00205 lower: −26.65 USD = −₹2,238.60 at 84.
    const close = executeFill(
      trader,
      { orderId: null, symbol: 'EURUSD', side: 'sell', quantity: 13, price: 1.083, reason: 'close' },
      at,
    )!;
    expect(close.fxRate).toBe(84);
    expect(close.realizedCents).toBe(-223_860);
    expect(trader.balance).toBe(100_000 - 2_238.6);
  });

  it('marks open dollar P&L and exposure in rupees at the current rate', () => {
    const trader = account('gold');
    executeFill(
      trader,
      { orderId: null, symbol: 'XAUUSD', side: 'buy', quantity: 2, price: 2_600, reason: 'order' },
      market(quote('XAUUSD', 2_600), quote('USDINR', 84)),
    );
    const later = market(quote('XAUUSD', 2_610), quote('USDINR', 85));
    expect(markToMarket(trader, later)).toBe(100_000 + 20 * 85);
    expect(accountExposure(trader, later).toString()).toBe(String(2 * 2_610 * 85));
  });

  it('does not fill what it cannot convert', () => {
    const trader = account('nofx');
    expect(
      executeFill(
        trader,
        { orderId: null, symbol: 'XAUUSD', side: 'buy', quantity: 1, price: 2_600, reason: 'order' },
        market(quote('XAUUSD', 2_600)),
      ),
    ).toBeNull();
    expect(trader.positions.size).toBe(0);
    expect(trader.tradesCount).toBe(0);
  });
});

describe('removed members', () => {
  it('are off the standings and never decided again', () => {
    const gone = account('gone', { removed: true, equity: 150_000 });
    const here = account('here');
    expect(computeStandings([gone, here]).map((row) => row.userId)).toEqual(['user-here']);
    expect(needsDecision(gone, rules, market(quote('NIFTY50', 1)), T0)).toBe(false);
  });
});

describe('risk rules as prop firms set them', () => {
  const long = (id: string) => {
    const trader = account(id);
    executeFill(
      trader,
      { orderId: null, symbol: 'NIFTY50', side: 'buy', quantity: 100, price: 20_000, reason: 'order' },
      market(quote('NIFTY50', 20_000)),
    );
    return trader;
  };

  it('balance basis: freezes when open losses reach the threshold of the balance, not of the peak', () => {
    const rules = { freezeThreshold: 5, freezeDurationMs: 60_000, drawdownBasis: 'balance' as const };
    const trader = long('balance');
    // Up 10,000 first: a trailing rule would now freeze at 104,500; against the balance it is 95,000.
    decideAccount(trader, rules, market(quote('NIFTY50', 20_100)), T0);
    expect(decideAccount(trader, rules, market(quote('NIFTY50', 19_955)), T0 + 1000).frozeUntil).toBeNull();
    const frozen = decideAccount(trader, rules, market(quote('NIFTY50', 19_950)), T0 + 2000);
    expect(frozen).toMatchObject({ frozeUntil: T0 + 62_000, frozeFor: 'drawdown' });
    expect(trader.balance).toBe(95_000);
  });

  it('start basis: a static maximum loss from the starting balance, kept frozen while still broken', () => {
    const rules = { freezeThreshold: 5, freezeDurationMs: 60_000, drawdownBasis: 'start' as const };
    const trader = long('start');
    decideAccount(trader, rules, market(quote('NIFTY50', 20_400)), T0); // equity 140,000
    // 8 % below the peak, still above the start: no freeze.
    expect(decideAccount(trader, rules, market(quote('NIFTY50', 20_290)), T0 + 1000).frozeUntil).toBeNull();
    const frozen = decideAccount(trader, rules, market(quote('NIFTY50', 19_950)), T0 + 2000); // 95,000
    expect(frozen.frozeFor).toBe('drawdown');
    // At the release the loss from the start is still 5 %: the freeze goes on, quietly.
    const later = decideAccount(trader, rules, market(quote('NIFTY50', 19_950)), T0 + 62_000);
    expect(later).toMatchObject({ released: false, extended: true });
    expect(trader.freezeCount).toBe(1);
    expect(trader.frozenUntil).toBe(T0 + 122_000);
  });

  it('daily loss limit: measured from the day’s opening equity, reset at the set hour in the zone', () => {
    const rules = {
      freezeThreshold: 0,
      freezeDurationMs: 60_000,
      dailyLossLimit: 2,
      dailyResetHour: 9,
      timeZone: 'Asia/Kolkata',
    };
    const trader = long('daily');
    const morning = Date.parse('2026-11-23T04:00:00Z'); // 09:30 IST: the day began at 09:00
    decideAccount(trader, rules, market(quote('NIFTY50', 20_500)), morning); // opens the day at 150,000
    expect(trader.dayStartEquity).toBe(150_000);
    // Down 1.9 % of 150,000 (2,850): fine; down 2 % (3,000): frozen for the daily loss.
    expect(
      decideAccount(trader, rules, market(quote('NIFTY50', 20_471.5)), morning + 1000).frozeUntil,
    ).toBeNull();
    const frozen = decideAccount(trader, rules, market(quote('NIFTY50', 20_470)), morning + 2000);
    expect(frozen.frozeFor).toBe('daily_loss');
    expect(trader.frozenReason).toBe('daily_loss');
    expect(computeStandings([trader])[0]).toMatchObject({ frozenReason: 'daily_loss' });
  });

  it('a daily-loss freeze lasts until the next day: trading after it stays refused, measured from the day’s first equity', () => {
    const rules = {
      freezeThreshold: 0,
      freezeDurationMs: 5_000,
      dailyLossLimit: 1,
      dailyResetHour: 9,
      timeZone: 'Asia/Kolkata',
    };
    const trader = long('day-after-freeze');
    const morning = Date.parse('2026-11-23T04:00:00Z'); // 09:30 IST
    decideAccount(trader, rules, market(quote('NIFTY50', 20_500)), morning); // the day opens at 150,000
    const frozen = decideAccount(trader, rules, market(quote('NIFTY50', 20_485)), morning + 1000); // −1 %
    expect(frozen.frozeFor).toBe('daily_loss');
    const nextDay = Date.parse('2026-11-24T03:30:00Z'); // 09:00 IST the next morning
    expect(trader.frozenUntil).toBe(nextDay);
    // 8 s later, past the 5 s freeze: still frozen, quietly, and the day still starts at 150,000.
    const later = decideAccount(trader, rules, market(quote('NIFTY50', 20_485)), morning + 9000);
    expect(later).toMatchObject({ released: false, frozeUntil: null });
    expect(trader.frozenUntil).toBe(nextDay);
    expect(trader.dayStartEquity).toBe(150_000);
    expect(trader.freezeCount).toBe(1);
    // The next day releases it, measuring the new day from the equity then.
    const released = decideAccount(trader, rules, market(quote('NIFTY50', 20_485)), nextDay + 1000);
    expect(released).toMatchObject({ released: true, releasedFrom: 'daily_loss' });
    expect(trader.frozenUntil).toBeNull();
    expect(trader.dayStartEquity).toBe(trader.equity);
  });

  it('a new day measures from the equity at its start', () => {
    const rules = {
      freezeThreshold: 0,
      freezeDurationMs: 60_000,
      dailyLossLimit: 2,
      dailyResetHour: 0,
      timeZone: 'UTC',
    };
    const trader = long('days');
    decideAccount(trader, rules, market(quote('NIFTY50', 20_000)), Date.parse('2026-11-23T23:00:00Z'));
    expect(trader.dayStartEquity).toBe(100_000);
    // The next day opens 1.5 % lower: that loss belongs to yesterday.
    decideAccount(trader, rules, market(quote('NIFTY50', 19_985)), Date.parse('2026-11-24T00:00:10Z'));
    expect(trader.dayStartEquity).toBe(98_500);
    expect(trader.frozenUntil).toBeNull();
  });
});

describe('closed markets and stale quotes', () => {
  const resting = () =>
    account('waiting', {
      openOrders: [
        {
          id: 'lim',
          symbol: 'NIFTY50',
          side: 'buy',
          type: 'limit',
          quantity: 1,
          price: 20_000,
          stopLoss: null,
          takeProfit: null,
        },
      ],
    });
  const free = { freezeThreshold: 0, freezeDurationMs: 0 };

  it('fills nothing on a stale quote: the order waits', () => {
    const trader = resting();
    const stale = new Market(new Map([['NIFTY50', { ...quote('NIFTY50', 19_000), stale: true }]]), terms);
    expect(needsDecision(trader, free, stale, T0)).toBe(false);
    expect(decideAccount(trader, free, stale, T0).fills).toEqual([]);
    expect(trader.openOrders).toHaveLength(1);
  });

  it('fills nothing while the market is closed, and fills when it opens', () => {
    const trader = resting();
    const nseTerms = new Map([['NIFTY50', { contractSize: 1, currency: 'INR', session: 'nse' as const }]]);
    const nse = new Market(new Map([['NIFTY50', quote('NIFTY50', 19_000)]]), nseTerms);
    const saturday = Date.parse('2026-11-28T05:00:00Z');
    const monday = Date.parse('2026-11-30T05:00:00Z');
    expect(decideAccount(trader, free, nse, saturday).fills).toEqual([]);
    expect(decideAccount(trader, free, nse, monday).fills).toHaveLength(1);
  });
});

describe('exact money (docs/decisions/022-exact-money.md)', () => {
  /** Opens and closes `quantity` of a symbol: the cents the close books and the account after it. */
  function roundTrip(
    trader: AccountState,
    symbol: string,
    side: 'buy' | 'sell',
    quantity: number,
    entry: number,
    exit: number,
    ...others: MarketQuote[]
  ) {
    executeFill(
      trader,
      { orderId: null, symbol, side, quantity, price: entry, reason: 'order' },
      market(quote(symbol, entry), ...others),
    );
    const close = executeFill(
      trader,
      {
        orderId: null,
        symbol,
        side: side === 'buy' ? 'sell' : 'buy',
        quantity,
        price: exit,
        reason: 'close',
      },
      market(quote(symbol, exit), ...others),
    )!;
    return close.realizedCents;
  }

  it('books 3 × (1.1 − 1.0) as exactly 0.30, and the balance moves by exactly that', () => {
    const trader = account('dimes', { currency: 'USD' });
    expect(roundTrip(trader, 'XAUUSD', 'buy', 3, 1.0, 1.1)).toBe(30);
    expect(trader.balance).toBe(100_000.3);
    expect(JSON.stringify(computeStandings([trader])[0].balance)).toBe('100000.3');
    expect(trader.positions.size).toBe(0);
  });

  it('books EURUSD at five decimals converted into rupees once, half away from zero', () => {
    const trader = account('fx');
    // One lot of 1,000 euros, 1.08451 → 1.08456: 0.05 dollars × 84.7 = ₹4.235 → ₹4.24.
    expect(roundTrip(trader, 'EURUSD', 'buy', 1, 1.08451, 1.08456, quote('USDINR', 84.7))).toBe(424);
    expect(trader.balance).toBe(100_004.24);
    // The same move short: −₹4.235 → −₹4.24 (away from zero, not up).
    expect(roundTrip(trader, 'EURUSD', 'sell', 1, 1.08451, 1.08456, quote('USDINR', 84.7))).toBe(-424);
    expect(trader.balance).toBe(100_000);
    // 13 lots losing 0.00205: −26.65 dollars at 84.0001 = −₹2,238.602665 → −₹2,238.60.
    expect(roundTrip(trader, 'EURUSD', 'buy', 13, 1.0871, 1.08505, quote('USDINR', 84.0001))).toBe(-223_860);
  });

  it('books 14,000 exact half-cent P&Ls half away from zero', () => {
    // Prices at three decimals, 5–35 units: each closed P&L is an odd number of half cents.
    let checked = 0;
    let wrong = 0;
    for (let i = 0; checked < 14_000; i += 1) {
      const quantity = 5 * (1 + (i % 7));
      const entryUnits = 100_000 + ((i * 7_919) % 900_000);
      const moveUnits = (2 * (i % 1_000) + 1) * (i % 2 === 0 ? 1 : -1);
      const side = i % 3 === 0 ? 'sell' : 'buy';
      const tenths = quantity * moveUnits * (side === 'buy' ? 1 : -1); // tenths of a cent
      if (Math.abs(tenths) % 10 !== 5) continue;
      checked += 1;
      const expected = Math.sign(tenths) * Math.floor((Math.abs(tenths) + 5) / 10);
      const trader = account(`half${i}`);
      const cents = roundTrip(
        trader,
        'NIFTY50',
        side,
        quantity,
        entryUnits / 1000,
        (entryUnits + moveUnits) / 1000,
      );
      if (cents !== expected || trader.balance !== (10_000_000 + expected) / 100) wrong += 1;
    }
    expect(wrong).toBe(0);
  }, 60_000);

  it('freezes on the exact cent, however large the account', () => {
    const billion = 1_000_000_000;
    const tick = (bid: number) => {
      const trader = account('whale', {
        startingBalance: billion,
        balance: billion,
        equity: billion,
        peakEquity: billion,
      });
      trader.positions.set('NIFTY50', {
        symbol: 'NIFTY50',
        quantity: 1,
        averagePrice: 100_000_000,
        stopLoss: null,
        takeProfit: null,
      });
      const decision = decideAccount(trader, rules, market(quote('NIFTY50', bid)), T0);
      return { trader, decision };
    };
    // 5 % of 1,000,000,000.00 is 50,000,000.00: a loss of 49,999,999.99 is one cent short of it.
    const short = tick(50_000_000.01);
    expect(short.trader.equity).toBe(950_000_000.01);
    expect(short.decision.frozeUntil).toBeNull();
    const exact = tick(50_000_000);
    expect(exact.decision.frozeFor).toBe('drawdown');
    expect(exact.trader.balance).toBe(950_000_000);
  });

  it('keeps equity in whole cents: each open P&L rounded as it would book now', () => {
    const trader = account('open', { currency: 'USD' });
    executeFill(
      trader,
      { orderId: null, symbol: 'XAUUSD', side: 'buy', quantity: 5, price: 100.001, reason: 'order' },
      market(quote('XAUUSD', 100.001)),
    );
    // 5 × 0.001 = 0.005 → 0.01; not 100,000.00499999… or 100,000.005.
    expect(markToMarket(trader, market(quote('XAUUSD', 100.002)))).toBe(100_000.01);
  });
});
