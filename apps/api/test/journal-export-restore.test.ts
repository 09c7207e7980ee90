/**
 * The export carries fills (issue #41): a journal rebuilt from broker files, exported and imported
 * into a fresh account, comes back with the same trades, P&L, fees and open positions — and the
 * learner's tags — and the same export imported twice adds nothing the second time.
 */
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createOnboardedUser } from '../src/services/users/create-onboarded-user.ts';
import { bearer, createTestDatabase, testConfig } from './helper.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let app: FastifyInstance;
const tokens: Record<string, string> = {};

const as = (who: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  app.inject({ method, url: `/api/v1${url}`, headers: bearer(tokens[who]), payload });

const BOUNDARY = '----candlewise-restore-boundary';
const upload = (who: string, url: string, text: string, name: string) =>
  app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: { ...bearer(tokens[who]), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      Buffer.from(text),
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]),
  });

const fixture = (name: string) =>
  readFileSync(
    new URL(`../../../packages/shared/src/journal/importers/fixtures/${name}`, import.meta.url),
    'utf8',
  );

// A NIFTY put sold and never bought back (closed at expiry, at 0) and a future held through its expiry.
const EXPIRIES = [
  'symbol,isin,trade_date,exchange,segment,series,trade_type,auction,quantity,price,trade_id,order_id,order_execution_time,expiry_date',
  'NIFTY24APR22000PE,,2024-04-10,NFO,FO,,sell,false,75,120,7001,1100000000000001,2024-04-10T10:00:00,2024-04-25',
  'NIFTY24FEBFUT,,2024-02-01,NFO,FO,,buy,false,50,21710.5,7002,1100000000000002,2024-02-01T09:20:11,2024-02-29',
].join('\n');

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ config: testConfig(), database, logger: false });
  for (const name of ['priya', 'fresh']) {
    await createOnboardedUser(database.db, {
      email: `${name}@example.com`,
      password: 'password-for-tests',
      role: 'user',
    });
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: `${name}@example.com`, password: 'password-for-tests' },
    });
    tokens[name] = login.json().data.token;
  }
});
afterAll(async () => {
  await app.close();
  await database.close();
});

interface Trade {
  _id: string;
  symbol: string;
  side: string;
  quantity: number;
  entryPrice: number;
  exitPrice: number;
  entryTime: string;
  exitTime: string;
  fees: number;
  pnl: number;
  currency: string;
  setupTags: string[];
  mistakeTags: string[];
  notes: string;
  fromFills: boolean;
}

async function tradesOf(who: string) {
  const response = await as(who, 'GET', '/journal/trades?limit=100');
  expect(response.statusCode).toBe(200);
  return response.json().data.trades as Trade[];
}

/** What a learner reads of a trade, without the ids that differ between accounts. */
const readable = (trades: Trade[]) =>
  trades
    .map((trade) => ({
      symbol: trade.symbol,
      side: trade.side,
      quantity: trade.quantity,
      entryPrice: trade.entryPrice,
      exitPrice: trade.exitPrice,
      entryTime: trade.entryTime,
      exitTime: trade.exitTime,
      fees: trade.fees,
      pnl: trade.pnl,
      currency: trade.currency,
      setupTags: trade.setupTags,
      mistakeTags: trade.mistakeTags,
      notes: trade.notes,
      fromFills: trade.fromFills,
    }))
    .sort((a, b) =>
      `${a.entryTime}${a.symbol}${a.quantity}`.localeCompare(`${b.entryTime}${b.symbol}${b.quantity}`),
    );

async function positionsOf(who: string) {
  const response = await as(who, 'GET', '/journal/positions');
  expect(response.statusCode).toBe(200);
  const data = response.json().data as {
    positions: Array<{
      symbol: string;
      side: string;
      quantity: number;
      averagePrice: number;
      currency: string;
    }>;
    needsOpeningHoldings: unknown[];
  };
  return {
    positions: data.positions
      .map(({ symbol, side, quantity, averagePrice, currency }) => ({
        symbol,
        side,
        quantity,
        averagePrice,
        currency,
      }))
      .sort((a, b) => `${a.symbol}${a.side}`.localeCompare(`${b.symbol}${b.side}`)),
    needsOpeningHoldings: data.needsOpeningHoldings,
  };
}

const sumBy = (trades: Trade[], key: 'pnl' | 'fees') =>
  Math.round(trades.reduce((sum, trade) => sum + trade[key], 0) * 100) / 100;

describe('an export imported into a fresh account', () => {
  it('restores every trade rebuilt from broker files, with its P&L, fees, tags and the open positions', async () => {
    // Priya's journal: two Zerodha tradebooks, an IBKR statement and an expired NIFTY put.
    for (const name of [
      'zerodha-equity-tradebook.csv',
      'zerodha-fo-tradebook.csv',
      'ibkr-activity-trades.csv',
    ]) {
      const committed = await upload('priya', '/journal/import/commit', fixture(name), name);
      expect(committed.statusCode, committed.body).toBe(201);
    }
    expect((await upload('priya', '/journal/import/commit', EXPIRIES, 'expiries.csv')).statusCode).toBe(201);
    // The JYOTIRES sale had no opening in the file: Priya gives her opening holding.
    const holdings = await as('priya', 'POST', '/journal/opening-holdings', {
      source: 'csv',
      account: '',
      holdings: [{ symbol: 'JYOTIRES', quantity: 15, averagePrice: 700 }],
    });
    expect(holdings.statusCode, holdings.body).toBe(200);

    const original = await tradesOf('priya');
    const put = original.find((trade) => trade.symbol === 'NIFTY24APR22000PE');
    expect(put).toMatchObject({ exitPrice: 0, pnl: 9000 });
    const jyoti = original.find((trade) => trade.symbol === 'JYOTIRES');
    expect(jyoti).toMatchObject({ entryPrice: 700, exitPrice: 745, quantity: 15 });
    const tagged = await as('priya', 'POST', '/journal/trades/bulk-tag', {
      tradeIds: [put!._id],
      setupTags: ['theta'],
      mistakeTags: ['held to expiry'],
    });
    expect(tagged.json().data.updated).toBe(1);

    const before = readable(await tradesOf('priya'));
    const positionsBefore = await positionsOf('priya');
    // Open: AMRUTANJAN and the NIFTY future (Zerodha), and what the IBKR statement leaves open.
    expect(positionsBefore.positions.map((position) => position.symbol)).toEqual(
      expect.arrayContaining(['AMRUTANJAN', 'NIFTY24FEBFUT']),
    );
    expect(positionsBefore.needsOpeningHoldings).toEqual([]);
    expect(before.length).toBeGreaterThan(5);

    const exported = await as('priya', 'GET', '/journal/export');
    expect(exported.statusCode).toBe(200);
    const preview = await upload('fresh', '/journal/import/preview', exported.body, 'export.csv');
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data).toMatchObject({
      errors: [],
      knownFills: 0,
      newTrades: before.length,
      duplicates: 0,
    });

    const restored = await upload('fresh', '/journal/import/commit', exported.body, 'export.csv');
    expect(restored.statusCode, restored.body).toBe(201);
    expect(restored.json().data).toMatchObject({
      added: before.length,
      duplicates: 0,
      needsOpeningHoldings: [],
    });
    expect(restored.json().message).toBe(`${before.length} trades imported.`);

    const after = readable(await tradesOf('fresh'));
    expect(after).toEqual(before);
    expect(sumBy(await tradesOf('fresh'), 'pnl')).toBe(sumBy(await tradesOf('priya'), 'pnl'));
    expect(sumBy(await tradesOf('fresh'), 'fees')).toBe(sumBy(await tradesOf('priya'), 'fees'));
    expect(after.find((trade) => trade.symbol === 'NIFTY24APR22000PE')).toMatchObject({
      exitPrice: 0,
      exitTime: '2024-04-25T10:00:00.000Z',
      pnl: 9000,
      setupTags: ['theta'],
      mistakeTags: ['held to expiry'],
    });
    expect(await positionsOf('fresh')).toEqual(positionsBefore);

    // The same export again, into either account, adds nothing.
    for (const who of ['fresh', 'priya']) {
      const again = await upload(who, '/journal/import/commit', exported.body, 'export.csv');
      expect(again.statusCode, again.body).toBe(201);
      expect(again.json().data).toMatchObject({ added: 0, newFills: 0, duplicates: before.length });
    }
    expect(readable(await tradesOf('fresh'))).toEqual(before);
    expect(readable(await tradesOf('priya'))).toEqual(before);
  });

  it('refuses a fills cell that was edited into nonsense, by line, and imports nothing', async () => {
    const exported = (await as('priya', 'GET', '/journal/export')).body;
    const lines = exported.trim().split('\r\n');
    const broken = [lines[0], lines[1].replace(/(quantity"+:)[\d.]+/, '$1-3')].join('\r\n');
    const before = (await tradesOf('fresh')).length;
    const refused = await upload('fresh', '/journal/import/commit', broken, 'export.csv');
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toMatch(/line 2/i);
    expect(refused.body).toMatch(/export the journal again/);
    expect(await tradesOf('fresh')).toHaveLength(before);
  });
});
