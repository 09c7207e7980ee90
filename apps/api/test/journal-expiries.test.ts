/**
 * Expired derivatives (issue #41): a Zerodha F&O position left open after its expiry is closed at
 * expiry — an option at 0, said on the trade — and a future's settlement is asked for, not invented.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createOnboardedUser } from '../src/services/users/create-onboarded-user.ts';
import { bearer, createTestDatabase, testConfig } from './helper.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let app: FastifyInstance;
let token = '';

const BOUNDARY = '----candlewise-expiry-boundary';
const upload = (url: string, text: string) =>
  app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="tradebook.csv"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      Buffer.from(text),
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]),
  });

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ config: testConfig(), database, logger: false });
  await createOnboardedUser(database.db, {
    email: 'ishaan@example.com',
    password: 'password-for-tests',
    role: 'user',
  });
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email: 'ishaan@example.com', password: 'password-for-tests' },
  });
  token = login.json().data.token;
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const TRADEBOOK = [
  'symbol,isin,trade_date,exchange,segment,series,trade_type,auction,quantity,price,trade_id,order_id,order_execution_time,expiry_date',
  // A NIFTY put sold in April 2024 and never bought back.
  'NIFTY24APR22000PE,,2024-04-10,NFO,FO,,sell,false,75,120,7001,1100000000000001,2024-04-10T10:00:00,2024-04-25',
  // A NIFTY future bought and held through its expiry.
  'NIFTY24FEBFUT,,2024-02-01,NFO,FO,,buy,false,50,21710.5,7002,1100000000000002,2024-02-01T09:20:11,2024-02-29',
].join('\n');

describe('expired Zerodha F&O positions', () => {
  it('closes the expired put at 0 with a note, and asks for the future’s settlement price', async () => {
    const preview = (await upload('/journal/import/preview', TRADEBOOK)).json().data;
    expect(preview).toMatchObject({ layout: 'zerodha-tradebook', completeTrades: 1, openPositions: 1 });
    expect(preview.trades).toEqual([
      expect.objectContaining({ symbol: 'NIFTY24APR22000PE', side: 'short', exitPrice: 0, pnl: 9000 }),
    ]);
    expect(preview.needsSettlement).toEqual([
      {
        account: '',
        symbol: 'NIFTY24FEBFUT',
        side: 'long',
        quantity: 50,
        currency: 'INR',
        expiresAt: '2024-02-29T10:00:00.000Z',
      },
    ]);

    const commit = await upload('/journal/import/commit', TRADEBOOK);
    expect(commit.statusCode).toBe(201);
    const trades = (
      await app.inject({ method: 'GET', url: '/api/v1/journal/trades', headers: bearer(token) })
    ).json().data.trades as Array<Record<string, unknown>>;
    expect(trades).toHaveLength(1);
    expect(trades[0]).toMatchObject({
      symbol: 'NIFTY24APR22000PE',
      side: 'short',
      exitPrice: 0,
      exitTime: '2024-04-25T10:00:00.000Z',
      pnl: 9000,
      notes: 'closed at expiry, settlement assumed 0 — edit if it expired in the money',
    });
    // The future stays open (its settlement is not invented).
    const positions = (
      await app.inject({ method: 'GET', url: '/api/v1/journal/positions', headers: bearer(token) })
    ).json().data.positions as Array<Record<string, unknown>>;
    expect(positions.map((position) => [position.symbol, position.side, position.quantity])).toEqual([
      ['NIFTY24FEBFUT', 'long', 50],
    ]);
  });

  it('closes the future at the settlement price a later file gives, as an ordinary trade', async () => {
    // The exchange's settlement as the closing fill, 15:30 India time on the expiry day.
    const settlement = [
      TRADEBOOK.split('\n')[0],
      'NIFTY24FEBFUT,,2024-02-29,NFO,FO,,sell,false,50,21900,7003,1100000000000003,2024-02-29T15:30:00,2024-02-29',
    ].join('\n');
    const preview = (await upload('/journal/import/preview', settlement)).json().data;
    expect(preview).toMatchObject({ newFills: 1, completeTrades: 1, openPositions: 0, needsSettlement: [] });
    expect((await upload('/journal/import/commit', settlement)).statusCode).toBe(201);
    const trades = (
      await app.inject({ method: 'GET', url: '/api/v1/journal/trades', headers: bearer(token) })
    ).json().data.trades as Array<Record<string, unknown>>;
    // (21,900 − 21,710.5) × 50 = 9,475, no fees in a Zerodha tradebook.
    expect(trades.find((trade) => trade.symbol === 'NIFTY24FEBFUT')).toMatchObject({
      side: 'long',
      quantity: 50,
      entryPrice: 21710.5,
      exitPrice: 21900,
      exitTime: '2024-02-29T10:00:00.000Z',
      pnl: 9475,
      notes: '',
    });
    const positions = (
      await app.inject({ method: 'GET', url: '/api/v1/journal/positions', headers: bearer(token) })
    ).json().data.positions;
    expect(positions).toEqual([]);
  });
});
