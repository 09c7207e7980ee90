import { candles } from '@candlewise/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createOnboardedUser } from '../src/services/users/create-onboarded-user.ts';
import { bearer, createTestDatabase, testConfig } from './helper.ts';

/** Issue #17: the chart's 1m, 5m, 15m, 1h and 1D candles, all built from the 1-minute ones. */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let app: FastifyInstance;
let token: string;
const MINUTE = 60_000;
/** A quarter of an hour that ended a little while ago: three whole 5-minute buckets. */
const start = Math.floor(Date.now() / (15 * MINUTE)) * 15 * MINUTE - 30 * MINUTE;

const get = (url: string) =>
  app.inject({ method: 'GET', url: `/api/v1/market/candles/${url}`, headers: bearer(token) });

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ config: testConfig(), database, logger: false });
  await app.tradingEngine.tryLead();
  await createOnboardedUser(database.db, {
    email: 'chart@example.com',
    password: 'password-for-tests',
    role: 'user',
  });
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email: 'chart@example.com', password: 'password-for-tests' },
  });
  token = login.json().data.token;
  // Fifteen saved minutes of AAPL: minute i opens at 100 + i, spans ±0.5 and closes at 100.25 + i,
  // except a spike in minute 7.
  await database.db.insert(candles).values(
    Array.from({ length: 15 }, (_, i) => ({
      symbol: 'AAPL',
      startTime: new Date(start + i * MINUTE),
      open: 100 + i,
      high: i === 7 ? 150 : 100.5 + i,
      low: 99.5 + i,
      close: 100.25 + i,
    })),
  );
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('GET /market/candles/{symbol}?interval=', () => {
  it('builds 5-minute candles from the saved minutes: first open, highest high, lowest low, last close', async () => {
    const response = await get('AAPL?interval=5m&limit=50');
    expect(response.statusCode).toBe(200);
    const data = response.json().data as Array<Record<string, number>>;
    const ours = data.filter(
      (candle) => candle.time * 1000 >= start && candle.time * 1000 < start + 15 * MINUTE,
    );
    expect(ours).toEqual([
      { time: start / 1000, open: 100, high: 104.5, low: 99.5, close: 104.25 },
      { time: (start + 5 * MINUTE) / 1000, open: 105, high: 150, low: 104.5, close: 109.25 },
      { time: (start + 10 * MINUTE) / 1000, open: 110, high: 114.5, low: 109.5, close: 114.25 },
    ]);
    const quarter = (await get('AAPL?interval=15m&limit=10')).json().data as Array<Record<string, number>>;
    expect(quarter.find((candle) => candle.time === start / 1000)).toEqual({
      time: start / 1000,
      open: 100,
      high: 150,
      low: 99.5,
      close: 114.25,
    });
    const hours = (await get('AAPL?interval=1h&limit=3')).json().data as Array<Record<string, number>>;
    expect(hours.length).toBeGreaterThanOrEqual(1);
    expect(hours.length).toBeLessThanOrEqual(3);
    for (const candle of hours) expect(candle.time % 3600).toBe(0);
    const days = (await get('AAPL?interval=1d')).json().data as Array<Record<string, number>>;
    expect(days.at(-1)!.time % 86_400).toBe(0);
    expect(days.at(-1)!.high).toBeGreaterThanOrEqual(150);
  });

  it('extends the last candle with the minute in progress', async () => {
    const engine = app.tradingEngine;
    engine.setPrice('AAPL', 321.5);
    await engine.tickOnce(Date.now(), engine.currentQuotes());
    await engine.flush();
    const data = (await get('AAPL?interval=5m&limit=2')).json().data as Array<Record<string, number>>;
    expect(data.length).toBeLessThanOrEqual(2);
    const last = data.at(-1)!;
    expect(last.time).toBe(Math.floor(Date.now() / (5 * MINUTE)) * 5 * 60);
    expect(last.close).toBe(321.5);
    expect(last.high).toBeGreaterThanOrEqual(321.5);
    // 1m stays the engine's minutes as before.
    const minutes = (await get('AAPL')).json().data as Array<Record<string, number>>;
    expect(minutes.at(-1)!.close).toBe(321.5);
  });

  it('refuses an unknown interval and more candles than the interval allows, in plain words', async () => {
    const unknown = await get('AAPL?interval=2m');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details[0]).toEqual({
      path: 'interval',
      message: 'The interval is one of 1m, 5m, 15m, 1h, 1d.',
    });
    const tooMany = await get('AAPL?interval=1d&limit=120');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'At most 90 candles of 1 day can be read at once.',
      details: [{ path: 'limit', message: 'At most 90 candles of 1 day can be read at once.' }],
    });
    expect((await get('AAPL?interval=1d&limit=90')).statusCode).toBe(200);
    expect((await get('NOPE?interval=5m')).statusCode).toBe(404);
  });
});
