import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createTestDatabase, type SignedIn, signedInLearner, testConfig } from './helper.ts';

// The reports traders use (issue #41), through the API on both databases: five trades typed in
// with stops, and each report's figures worked by hand below. A free learner sees the same trades'
// headline figures, the breakdowns locked.

let app: FastifyInstance;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let pro: SignedIn;
let free: SignedIn;

/** 10 shares of INFY: P&L = 10 × (exit − entry) for a long, 10 × (entry − exit) for a short. */
const trade = (
  side: 'long' | 'short',
  entryPrice: number,
  exitPrice: number,
  entryTime: string,
  exitTime: string,
  stopPrice?: number,
) => ({
  symbol: 'INFY',
  side,
  quantity: 10,
  entryPrice,
  exitPrice,
  entryTime,
  exitTime,
  currency: 'INR',
  ...(stopPrice === undefined ? {} : { stopPrice }),
});

const TRADES = [
  // +100 in 3 minutes; risk 10 × (8 − 3) = 50 → 2R; entry under 10.
  trade('long', 8, 18, '2026-01-05T04:00:00Z', '2026-01-05T04:03:00Z', 3),
  // −50 in 15 minutes; risk 10 × (1,505 − 1,500) = 50 → −1R.
  trade('short', 1500, 1505, '2026-01-06T04:00:00Z', '2026-01-06T04:15:00Z', 1505),
  // +300 over 30 hours; risk 10 × 10 = 100 → 3R.
  trade('long', 1500, 1530, '2026-01-07T04:00:00Z', '2026-01-08T10:00:00Z', 1490),
  // −20 over 200 hours, no stop (no R).
  trade('short', 9000, 9002, '2026-01-08T04:00:00Z', '2026-01-16T12:00:00Z'),
  // +40 in an hour in February; risk 10 × 8 = 80 → 0.5R.
  trade('long', 120, 124, '2026-02-02T04:00:00Z', '2026-02-02T05:00:00Z', 112),
];

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ config: testConfig(), database, logger: false });
  pro = await signedInLearner(app, database, 'reports-pro', { pro: true });
  free = await signedInLearner(app, database, 'reports-free');
  for (const who of [pro, free])
    for (const payload of TRADES) {
      const created = await app.inject({
        method: 'POST',
        url: '/api/v1/journal/trades',
        headers: who.headers,
        payload,
      });
      expect(created.statusCode, created.body).toBe(201);
    }
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const stats = async (who: SignedIn, query = '') => {
  const response = await app.inject({
    method: 'GET',
    url: `/api/v1/journal/stats${query}`,
    headers: who.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};

describe('GET /journal/stats: the reports, worked by hand', () => {
  it('splits long against short, holding time, entry price, R and month, each with its sample size', async () => {
    const data = await stats(pro);
    expect(data).toMatchObject({ trades: 5, netPnl: 370, currency: 'INR' });
    // Long: +100, +300, +40 = +440 over 3, all won; short: −50, −20 = −70 over 2, none won.
    expect(data.bySide).toEqual([
      { key: 'long', trades: 3, wins: 3, losses: 0, netPnl: 440, winRate: 1 },
      { key: 'short', trades: 2, wins: 0, losses: 2, netPnl: -70, winRate: 0 },
    ]);
    expect(data.byHoldingTime.map((row: Row) => [row.key, row.trades, row.netPnl])).toEqual([
      ['under 5 min', 1, 100],
      ['5–30 min', 1, -50],
      ['30 min–2 h', 1, 40],
      ['1–5 days', 1, 300],
      ['5 days or more', 1, -20],
    ]);
    expect(data.byPriceBand.map((row: Row) => [row.key, row.trades, row.netPnl])).toEqual([
      ['under 10', 1, 100],
      ['50–200', 1, 40],
      ['1,000–5,000', 2, 250],
      ['5,000 or more', 1, -20],
    ]);
    // −1R falls in "−1R to 0R" (a band holds its lower bound); the trade without a stop has no R.
    expect(data.rDistribution.map((row: Row) => [row.key, row.trades])).toEqual([
      ['−1R to 0R', 1],
      ['0R to 1R', 1],
      ['2R to 3R', 1],
      ['3R or more', 1],
    ]);
    expect(data.expectancyR).toBeCloseTo((2 - 1 + 3 + 0.5) / 4, 6);
    expect(data.byMonth.map((row: Row) => [row.key, row.trades, row.netPnl])).toEqual([
      ['2026-01', 4, 330],
      ['2026-02', 1, 40],
    ]);
    // Every trade in exactly one size band, smallest entry value first (80 … 90,020).
    expect(data.bySize.reduce((sum: number, row: Row) => sum + row.trades, 0)).toBe(5);
    expect(data.bySize[0].netPnl).toBeGreaterThan(0);
  });

  it('finds the drawdown from its peak to its recovery, and the one still open', async () => {
    // Equity by exit: 100 (5 Jan), 50 (6 Jan, −50), 350 (8 Jan: recovered, new peak),
    // 330 (16 Jan, −20), 370 (2 Feb: recovered). Deepest first.
    const data = await stats(pro);
    expect(data.drawdownPeriods).toEqual([
      { peak: '2026-01-05', trough: '2026-01-06', recovered: '2026-01-08', depth: 50, trades: 2 },
      { peak: '2026-01-08', trough: '2026-01-16', recovered: '2026-02-02', depth: 20, trades: 2 },
    ]);
    // Filtered to January, the second drawdown has not recovered yet.
    const january = await stats(pro, '?from=2026-01-01&to=2026-01-31');
    expect(january.drawdownPeriods).toEqual([
      { peak: '2026-01-05', trough: '2026-01-06', recovered: '2026-01-08', depth: 50, trades: 2 },
      { peak: '2026-01-08', trough: '2026-01-16', recovered: null, depth: 20, trades: 1 },
    ]);
  });

  it('gives a free learner the same headline figures with the breakdowns locked', async () => {
    const data = await stats(free);
    expect(data).toMatchObject({ trades: 5, netPnl: 370 });
    for (const section of [
      'bySide',
      'byHoldingTime',
      'bySize',
      'byPriceBand',
      'rDistribution',
      'byMonth',
      'drawdownPeriods',
    ])
      expect(data[section], section).toEqual({ locked: true });
  });
});

type Row = { key: string; trades: number; netPnl: number };
