import { candles, fills, groups, newId, replayBars, tradingAccounts } from '@candlewise/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { bearer, createTestDatabase, signedInLearner, testConfig } from './helper.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let app: FastifyInstance;
const people: Record<string, { id: string; token: string }> = {};

const as = (who: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  app.inject({ method, url: `/api/v1${url}`, headers: bearer(people[who].token), payload });
const detailOf = (who: string, tradeId: string) => as(who, 'GET', `/journal/trades/${tradeId}/detail`);

const BOUNDARY = '----candlewise-trade-detail';
const commitZerodha = (who: string, rows: string[]) => {
  const csv = [
    'symbol,segment,trade_date,trade_type,quantity,price,trade_id,order_id,order_execution_time',
    ...rows,
  ].join('\n');
  return app.inject({
    method: 'POST',
    url: '/api/v1/journal/import/commit?preset=zerodha',
    headers: {
      ...bearer(people[who].token),
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
    },
    payload: Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="tradebook.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${BOUNDARY}--\r\n`,
    ),
  });
};
const tradesOf = async (who: string, query: string) =>
  (await as(who, 'GET', `/journal/trades?${query}&sort=date&order=asc`)).json().data.trades as Array<{
    _id: string;
  }>;

/** A paper account of `who` in a competition, with fills written as the engine writes them. */
async function competitionFills(
  who: string,
  groupId: string,
  symbol: string,
  rows: Array<{ side: 'buy' | 'sell'; quantity: number; price: number; at: Date }>,
) {
  const accountId = newId();
  await database.db.insert(tradingAccounts).values({
    id: accountId,
    groupId,
    userId: people[who].id,
    startingBalance: 100_000,
    balance: 100_000,
    equity: 100_000,
    peakEquity: 100_000,
  });
  await database.db.insert(fills).values(
    rows.map((row, index) => ({
      id: newId(row.at),
      accountId,
      orderId: `${accountId}-order-${index + 1}`,
      symbol,
      side: row.side,
      quantity: row.quantity,
      price: row.price,
      reason: 'order' as const,
      createdAt: row.at,
    })),
  );
}

const MINUTE = 60_000;
type Bar = { open: number; high: number; low: number; close: number };
/** Quiet minutes at `base` from `from` for `count` minutes, with the given minutes (offsets) replaced. */
function bars(from: number, count: number, base: number, special: Record<number, Bar> = {}) {
  return Array.from({ length: count }, (_, minute) => ({
    time: from + minute * MINUTE,
    ...(special[minute] ?? { open: base, high: base, low: base, close: base }),
  }));
}

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ config: testConfig(), database, logger: false });
  for (const name of ['asha', 'ravi']) {
    people[name] = await signedInLearner(app, database, name);
  }
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('GET /journal/trades/:id/detail', () => {
  it('lists the two fills, from two imports, that make a CSV trade, and not the next trade’s', async () => {
    expect(
      (await commitZerodha('asha', ['HDFCBANK,EQ,2026-10-14,buy,20,1650,5001,9001,2026-10-14T10:00:00']))
        .statusCode,
    ).toBe(201);
    expect(
      (
        await commitZerodha('asha', [
          'HDFCBANK,EQ,2026-11-18,sell,20,1700,5002,9002,2026-11-18T14:00:00',
          'HDFCBANK,EQ,2026-11-19,buy,5,1710,5003,9003,2026-11-19T10:00:00',
          'HDFCBANK,EQ,2026-11-19,sell,5,1720,5004,9004,2026-11-19T11:00:00',
        ])
      ).statusCode,
    ).toBe(201);
    const [first, second] = await tradesOf('asha', 'symbol=HDFCBANK');
    const detail = await detailOf('asha', first._id);
    expect(detail.statusCode).toBe(200);
    const data = detail.json().data;
    expect(data.trade).toMatchObject({
      _id: first._id,
      symbol: 'HDFCBANK',
      side: 'long',
      quantity: 20,
      pnl: 1000,
      source: 'csv',
      fromFills: true,
    });
    expect(data.executions).toEqual([
      {
        id: expect.any(String),
        side: 'buy',
        quantity: 20,
        tradeQuantity: 20,
        price: 1650,
        fee: 0,
        currency: 'INR',
        multiplier: 1,
        executedAt: '2026-10-14T04:30:00.000Z',
        brokerTradeId: '5001',
        orderId: '9001',
        kind: 'fill',
      },
      {
        id: expect.any(String),
        side: 'sell',
        quantity: 20,
        tradeQuantity: 20,
        price: 1700,
        fee: 0,
        currency: 'INR',
        multiplier: 1,
        executedAt: '2026-11-18T08:30:00.000Z',
        brokerTradeId: '5002',
        orderId: '9002',
        kind: 'fill',
      },
    ]);
    expect(data.chart).toBeNull();
    expect(data.excursion).toBeNull();

    const next = (await detailOf('asha', second._id)).json().data;
    expect(next.executions.map((fill: { brokerTradeId: string }) => fill.brokerTradeId)).toEqual([
      '5003',
      '5004',
    ]);
  });

  it('gives a competition trade the session’s candles, its entry and exit, and exact MAE and MFE', async () => {
    // Short 2 lots of EURUSD (1,000 units each) at 1.085 from 10:05:20, bought back at 1.083 at 10:12:40.
    const entry = new Date('2026-03-02T10:05:20.000Z');
    const exit = new Date('2026-03-02T10:12:40.000Z');
    await competitionFills('asha', 'group-running', 'EURUSD', [
      { side: 'sell', quantity: 2, price: 1.085, at: entry },
      { side: 'buy', quantity: 2, price: 1.083, at: exit },
    ]);
    const from = Date.parse('2026-03-02T09:00:00.000Z');
    const minute = (hhmm: string) => (Date.parse(`2026-03-02T${hhmm}:00.000Z`) - from) / MINUTE;
    const market = bars(from, 121, 1.0845, {
      // Outside the trade's minutes: never counted.
      [minute('09:50')]: { open: 1.0845, high: 1.09, low: 1.0845, close: 1.0845 },
      [minute('10:04')]: { open: 1.0845, high: 1.0845, low: 1.08, close: 1.0845 },
      [minute('10:20')]: { open: 1.0845, high: 1.0845, low: 1.07, close: 1.0845 },
      // The entry's minute to the exit's: the highest high (against a short) and lowest low (for it).
      [minute('10:05')]: { open: 1.0845, high: 1.0851, low: 1.0844, close: 1.085 },
      [minute('10:08')]: { open: 1.085, high: 1.0862, low: 1.0849, close: 1.086 },
      [minute('10:12')]: { open: 1.084, high: 1.0841, low: 1.0825, close: 1.083 },
    });
    await database.db.insert(candles).values(
      market.map((bar) => ({
        symbol: 'EURUSD',
        startTime: new Date(bar.time),
        open: bar.open,
        high: bar.high,
        low: bar.low,
        close: bar.close,
      })),
    );
    const [trade] = await tradesOf('asha', 'source=paper&symbol=EURUSD');
    const data = (await detailOf('asha', trade._id)).json().data;
    expect(data.trade).toMatchObject({
      side: 'short',
      quantity: 2,
      multiplier: 1000,
      currency: 'USD',
      pnl: 4,
      source: 'paper',
      verified: true,
      origin: 'group-running',
    });
    expect(data.executions.map((fill: { side: string; kind: string }) => [fill.side, fill.kind])).toEqual([
      ['sell', 'fill'],
      ['buy', 'fill'],
    ]);
    const seconds = (iso: string) => Date.parse(iso) / 1000;
    expect(data.chart).toMatchObject({
      symbol: 'EURUSD',
      interval: '1m',
      entry: { time: seconds('2026-03-02T10:05:20Z'), price: 1.085 },
      exit: { time: seconds('2026-03-02T10:12:40Z'), price: 1.083 },
      truncated: false,
    });
    // 30 minutes before the entry's minute to 30 after the exit's: 09:35 to 10:42.
    expect(data.chart.candles).toHaveLength(68);
    expect(data.chart.candles[0]).toEqual({
      time: seconds('2026-03-02T09:35:00Z'),
      open: 1.0845,
      high: 1.0845,
      low: 1.0845,
      close: 1.0845,
    });
    expect(data.chart.candles.at(-1).time).toBe(seconds('2026-03-02T10:42:00Z'));
    // Short: MAE (1.0862 − 1.085) × 2 × 1,000 = 2.4; MFE (1.085 − 1.0825) × 2 × 1,000 = 5.
    expect(data.excursion).toEqual({ mae: 2.4, mfe: 5, maePrice: 1.0862, mfePrice: 1.0825 });
  });

  it('reads a replay competition’s trade on the replayed day, never past what the replay has played', async () => {
    const now = Date.now();
    const replayFrom = Date.parse('2025-01-06T03:45:00.000Z');
    const startDate = now - 60 * MINUTE;
    await database.db.insert(groups).values({
      id: 'group-replay-detail',
      name: 'Replay detail',
      marketMode: 'replay',
      replayFrom: new Date(replayFrom),
      replaySpeed: 1,
      startDate: new Date(startDate),
      endDate: new Date(now + 60 * MINUTE),
    });
    // Long 1 NIFTY50 at 24,300, 40 replayed minutes in; sold at 24,320 ten minutes later.
    await competitionFills('asha', 'group-replay-detail', 'NIFTY50', [
      { side: 'buy', quantity: 1, price: 24_300, at: new Date(startDate + 40 * MINUTE) },
      { side: 'sell', quantity: 1, price: 24_320, at: new Date(startDate + 50 * MINUTE) },
    ]);
    await database.db.insert(replayBars).values(
      bars(replayFrom, 120, 24_300, {
        42: { open: 24_300, high: 24_310, low: 24_280, close: 24_290 },
        47: { open: 24_300, high: 24_340, low: 24_300, close: 24_330 },
        // Not played yet: must not show.
        70: { open: 24_300, high: 25_000, low: 24_300, close: 25_000 },
      }).map((bar) => ({ symbol: 'NIFTY50', ...bar, time: new Date(bar.time) })),
    );
    const [trade] = await tradesOf('asha', 'source=paper&symbol=NIFTY50');
    const data = (await detailOf('asha', trade._id)).json().data;
    expect(data.chart.entry).toEqual({ time: (replayFrom + 40 * MINUTE) / 1000, price: 24_300 });
    expect(data.chart.exit).toEqual({ time: (replayFrom + 50 * MINUTE) / 1000, price: 24_320 });
    // From 30 minutes before the entry to the last minute the replay has finished (59 minutes in).
    expect(data.chart.candles[0].time).toBe((replayFrom + 10 * MINUTE) / 1000);
    expect(data.chart.candles.at(-1).time).toBe((replayFrom + 59 * MINUTE) / 1000);
    expect(Math.max(...data.chart.candles.map((candle: { high: number }) => candle.high))).toBe(24_340);
    expect(data.excursion).toEqual({ mae: 20, mfe: 40, maePrice: 24_280, mfePrice: 24_340 });
  });

  it('charts a typed-in trade from the market’s candles of its symbol, with MAE and MFE (issue #41)', async () => {
    // The EURUSD minutes of the competition test above: a learner's own EURUSD trade of that morning.
    const created = await as('ravi', 'POST', '/journal/trades', {
      symbol: 'EURUSD',
      side: 'long',
      quantity: 1000,
      entryPrice: 1.085,
      exitPrice: 1.0855,
      entryTime: '2026-03-02T10:05:30.000Z',
      exitTime: '2026-03-02T10:09:30.000Z',
    });
    expect(created.statusCode).toBe(201);
    const data = (await detailOf('ravi', created.json().data._id)).json().data;
    expect(data.trade).toMatchObject({ source: 'manual', symbol: 'EURUSD' });
    expect(data.chart).toMatchObject({
      symbol: 'EURUSD',
      entry: { time: Date.parse('2026-03-02T10:05:30Z') / 1000, price: 1.085 },
      exit: { time: Date.parse('2026-03-02T10:09:30Z') / 1000, price: 1.0855 },
    });
    // 09:35 (30 minutes before the entry's minute) to 10:39 (30 after the exit's).
    expect(data.chart.candles).toHaveLength(65);
    // Long, 10:05 to 10:09: lowest low 1.0844 (10:05), highest high 1.0862 (10:08).
    // MAE (1.085 − 1.0844) × 1,000 = 0.6; MFE (1.0862 − 1.085) × 1,000 = 1.2.
    expect(data.excursion).toEqual({ mae: 0.6, mfe: 1.2, maePrice: 1.0844, mfePrice: 1.0862 });
    expect(data.excursionNote).toBeNull();
  });

  it('gives a trade shorter than a minute its chart but no MAE or MFE, and says why (issue #43)', async () => {
    // Inside 10:08, whose candle ran 1.0849–1.0862: a 30-second trade did not see that whole range.
    const created = await as('ravi', 'POST', '/journal/trades', {
      symbol: 'EURUSD',
      side: 'short',
      quantity: 1000,
      entryPrice: 1.0855,
      exitPrice: 1.0853,
      entryTime: '2026-03-02T10:08:10.000Z',
      exitTime: '2026-03-02T10:08:40.000Z',
    });
    const data = (await detailOf('ravi', created.json().data._id)).json().data;
    expect(data.chart.candles.length).toBeGreaterThan(0);
    expect(data.excursion).toBeNull();
    expect(data.excursionNote).toBe(
      'Not enough data: the trade lasted under a minute, shorter than the 1-minute candles kept, so its MAE and MFE are not shown.',
    );
  });

  it('charts an imported trade from an uploaded replay day of its symbol when the market kept none', async () => {
    const day = Date.parse('2025-02-03T03:45:00.000Z');
    await database.db.insert(replayBars).values(
      bars(day, 90, 1200, {
        20: { open: 1200, high: 1204, low: 1190, close: 1195 },
        25: { open: 1195, high: 1230, low: 1195, close: 1228 },
      }).map((bar) => ({ symbol: 'RELIANCE', ...bar, time: new Date(bar.time) })),
    );
    // Bought 10 RELIANCE at 04:05 (minute 20), sold at 04:15 (minute 30).
    const committed = await commitZerodha('ravi', [
      'RELIANCE,EQ,2025-02-03,buy,10,1200,7001,9701,2025-02-03T09:35:00',
      'RELIANCE,EQ,2025-02-03,sell,10,1225,7002,9702,2025-02-03T09:45:00',
    ]);
    expect(committed.statusCode).toBe(201);
    const [trade] = await tradesOf('ravi', 'symbol=RELIANCE');
    const data = (await detailOf('ravi', trade._id)).json().data;
    expect(data.trade).toMatchObject({ source: 'csv', pnl: 250 });
    expect(data.chart.entry).toEqual({ time: (day + 20 * MINUTE) / 1000, price: 1200 });
    expect(data.chart.candles[0].time).toBe(day / 1000);
    expect(data.chart.candles.at(-1).time).toBe((day + 60 * MINUTE) / 1000);
    // Long 10 from 1,200: lowest low 1,190 → MAE 100; highest high 1,230 → MFE 300.
    expect(data.excursion).toEqual({ mae: 100, mfe: 300, maePrice: 1190, mfePrice: 1230 });

    // A symbol nobody keeps candles of: no chart, said so by the page.
    await commitZerodha('ravi', [
      'IRCTC,EQ,2025-02-03,buy,5,800,7101,9801,2025-02-03T09:35:00',
      'IRCTC,EQ,2025-02-03,sell,5,810,7102,9802,2025-02-03T09:45:00',
    ]);
    const [none] = await tradesOf('ravi', 'symbol=IRCTC');
    expect((await detailOf('ravi', none._id)).json().data).toMatchObject({
      chart: null,
      excursion: null,
      excursionNote: null,
    });
  });

  it("answers 404 for another learner's trade, as GET /journal/trades/:id does, and 401 without a token", async () => {
    const [trade] = await tradesOf('asha', 'symbol=HDFCBANK');
    const other = await detailOf('ravi', trade._id);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({
      success: false,
      code: 'NOT_FOUND',
      message: 'That trade is not in your journal.',
    });
    expect((await as('ravi', 'GET', `/journal/trades/${trade._id}`)).statusCode).toBe(404);
    expect((await detailOf('asha', 'no-such-trade')).statusCode).toBe(404);
    const anonymous = await app.inject({ method: 'GET', url: `/api/v1/journal/trades/${trade._id}/detail` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('is documented in the OpenAPI description, MAE and MFE defined', async () => {
    const docs = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const operation = docs.paths['/api/v1/journal/trades/{id}/detail'].get;
    expect(operation.summary).toMatch(/^One of your trades with its fills/);
    expect(JSON.stringify(operation.responses['200'])).toContain('Maximum adverse excursion');
  });

  it('shows a manual trade’s legs as typed in, with no chart', async () => {
    const created = await as('ravi', 'POST', '/journal/trades', {
      symbol: 'infy',
      side: 'short',
      quantity: 5,
      entryPrice: 1500,
      exitPrice: 1480,
      entryTime: '2026-11-02T04:00:00.000Z',
      exitTime: '2026-11-02T06:00:00.000Z',
      fees: 12,
    });
    const tradeId = created.json().data._id;
    const data = (await detailOf('ravi', tradeId)).json().data;
    expect(data.trade).toMatchObject({ _id: tradeId, symbol: 'INFY', pnl: 88, fees: 12, source: 'manual' });
    const leg = { quantity: 5, tradeQuantity: 5, fee: null, currency: 'INR', multiplier: 1 };
    expect(data.executions).toEqual([
      {
        ...leg,
        id: `${tradeId}:entry`,
        side: 'sell',
        price: 1500,
        executedAt: '2026-11-02T04:00:00.000Z',
        brokerTradeId: null,
        orderId: null,
        kind: 'typed',
      },
      {
        ...leg,
        id: `${tradeId}:exit`,
        side: 'buy',
        price: 1480,
        executedAt: '2026-11-02T06:00:00.000Z',
        brokerTradeId: null,
        orderId: null,
        kind: 'typed',
      },
    ]);
    expect(data.chart).toBeNull();
    expect(data.excursion).toBeNull();

    const open = await as('ravi', 'POST', '/journal/trades', {
      symbol: 'TCS',
      side: 'long',
      quantity: 1,
      entryPrice: 4000,
      entryTime: '2026-11-03T04:00:00.000Z',
    });
    const openDetail = (await detailOf('ravi', open.json().data._id)).json().data;
    expect(openDetail.executions).toEqual([expect.objectContaining({ side: 'buy', kind: 'typed' })]);
  });
});
