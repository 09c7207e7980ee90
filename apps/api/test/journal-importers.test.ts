/**
 * The MetaTrader 5 and Tradovate importers and the column mapper through the import preview and
 * commit (issue #41): what a learner uploading those files sees and gets in their journal.
 */
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { bearer, createTestDatabase, signedInLearner, testConfig } from './helper.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let app: FastifyInstance;
const people: Record<string, { id: string; token: string }> = {};

const fixture = (name: string) =>
  readFileSync(
    new URL(`../../../packages/shared/src/journal/importers/fixtures/${name}`, import.meta.url),
    'utf8',
  );

const BOUNDARY = '----candlewise-importers-boundary';
const upload = (who: string, url: string, text: string) =>
  app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: { ...bearer(people[who].token), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="history.csv"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      Buffer.from(text),
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]),
  });
const trades = async (who: string) =>
  (
    await app.inject({
      method: 'GET',
      url: '/api/v1/journal/trades?sort=date&order=asc',
      headers: bearer(people[who].token),
    })
  ).json().data.trades as Array<Record<string, unknown>>;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ config: testConfig(), database, logger: false });
  for (const name of ['lena', 'marc', 'sofia']) {
    people[name] = await signedInLearner(app, database, name);
  }
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('MetaTrader 5 and Tradovate files', () => {
  it('previews and imports an MT5 Trade History Report found from its columns', async () => {
    const preview = (
      await upload('lena', '/journal/import/preview', fixture('mt5-trade-history-report.csv'))
    ).json().data;
    expect(preview).toMatchObject({
      layout: 'mt5-trade-history',
      format: 'fills',
      rows: 7,
      newFills: 6,
      knownFills: 0,
      completeTrades: 3,
      openPositions: 0,
      errors: [],
      skipped: { 'balance, credit and other account rows (not trades)': 1 },
    });
    expect(
      preview.trades.map((t: Record<string, unknown>) => [
        t.symbol,
        t.side,
        t.quantity,
        t.fees,
        t.pnl,
        t.currency,
      ]),
    ).toEqual([
      ['EURUSD', 'long', 0.5, 7, 68, 'USD'],
      ['XAUUSDm', 'short', 0.1, 3.55, 118.45, 'USD'],
      ['GBPJPY', 'long', 0.2, 2.8, -3202.8, 'JPY'],
    ]);
    const commit = await upload('lena', '/journal/import/commit', fixture('mt5-trade-history-report.csv'));
    expect(commit.statusCode).toBe(201);
    expect(commit.json().message).toBe(
      '6 new fills, 0 already in your journal: 3 trades complete, 0 positions open.',
    );
    const again = await upload('lena', '/journal/import/commit', fixture('mt5-trade-history-report.csv'));
    expect(again.json().message).toBe(
      '0 new fills, 6 already in your journal: 3 trades complete, 0 positions open.',
    );
    const journal = await trades('lena');
    expect(journal.map((t) => [t.symbol, t.pnl, t.multiplier])).toEqual([
      ['EURUSD', 68, 100_000],
      ['XAUUSDm', 118.45, 100],
      ['GBPJPY', -3202.8, 100_000],
    ]);
  });

  it('imports Tradovate fills with each product’s point value', async () => {
    const commit = await upload(
      'marc',
      '/journal/import/commit?preset=tradovate-fills',
      fixture('tradovate-fills.csv'),
    );
    expect(commit.statusCode).toBe(201);
    expect(commit.json().data).toMatchObject({ layout: 'tradovate-fills', newFills: 5, completeTrades: 2 });
    const journal = await trades('marc');
    expect(
      journal.map((t) => [t.symbol, t.side, t.quantity, t.entryPrice, t.exitPrice, t.fees, t.pnl]),
    ).toEqual([
      ['ESZ6', 'long', 2, 6012.25, 6013.25, 5.16, 94.84],
      ['MNQZ6', 'short', 3, 21450.75, 21441.25, 3.12, 53.88],
    ]);
  });
});

describe('the column mapper', () => {
  const FILE = [
    'Trade Date,Ticker,Action,Shares,Fill Price,Commission,Ccy,Ref',
    '2026-11-04 09:31:05,AAPL,BOT,10,221.10,-1.00,USD,A1',
    '2026-11-04 15:02:40,AAPL,SLD,10,223.45,-1.00,USD,A2',
  ].join('\n');
  const mapping = {
    columns: {
      time: 'Trade Date',
      symbol: 'Ticker',
      side: 'Action',
      quantity: 'Shares',
      price: 'Fill Price',
      fees: 'Commission',
      currency: 'Ccy',
      id: 'Ref',
    },
  };
  const mapped = (value: unknown) =>
    `?preset=column-mapping&mapping=${encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value))}`;

  it('answers the columns of a file it does not recognise', async () => {
    const preview = (await upload('sofia', '/journal/import/preview', FILE)).json().data;
    expect(preview.layout).toBeNull();
    expect(preview.columns).toEqual([
      'Trade Date',
      'Ticker',
      'Action',
      'Shares',
      'Fill Price',
      'Commission',
      'Ccy',
      'Ref',
    ]);
    expect(preview.errors[0].message).toMatch(/say which of its columns holds each field/);
  });

  it('previews and imports the file with the learner’s mapping', async () => {
    const preview = (await upload('sofia', `/journal/import/preview${mapped(mapping)}`, FILE)).json().data;
    expect(preview).toMatchObject({ layout: 'column-mapping', newFills: 2, completeTrades: 1, errors: [] });
    const commit = await upload('sofia', `/journal/import/commit${mapped(mapping)}`, FILE);
    expect(commit.statusCode).toBe(201);
    // (223.45 − 221.10) × 10 = 23.50, less 2.00 commission.
    expect((await trades('sofia')).map((t) => [t.symbol, t.side, t.pnl, t.fees])).toEqual([
      ['AAPL', 'long', 21.5, 2],
    ]);
  });

  it('answers a bad mapping with a 400 in sentences', async () => {
    const notJson = await upload('sofia', `/journal/import/preview${mapped('{columns:')}`, FILE);
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().message).toBe('The column mapping is not JSON.');
    const incomplete = await upload(
      'sofia',
      `/journal/import/commit${mapped({ columns: { time: 'Trade Date' } })}`,
      FILE,
    );
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json()).toMatchObject({
      success: false,
      code: 'VALIDATION_FAILED',
      message: 'Choose the column that holds the symbol.',
      details: [
        { path: 'mapping.columns.symbol', message: 'Choose the column that holds the symbol.' },
        { path: 'mapping.columns.side', message: 'Choose the column that holds the side (buy or sell).' },
        { path: 'mapping.columns.quantity', message: 'Choose the column that holds the quantity.' },
        { path: 'mapping.columns.price', message: 'Choose the column that holds the price.' },
      ],
    });
    const none = await upload('sofia', '/journal/import/commit?preset=column-mapping', FILE);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toMatch(/^Say which column of the file holds each field/);
    const wrongColumn = await upload(
      'sofia',
      `/journal/import/commit${mapped({ columns: { ...mapping.columns, price: 'Price' } })}`,
      FILE,
    );
    expect(wrongColumn.statusCode).toBe(400);
    expect(wrongColumn.json().details).toEqual([
      {
        path: 'line 1',
        message:
          'The file\'s first row has no column "Price" (chosen for price). Its columns are: Trade Date, Ticker, Action, Shares, Fill Price, Commission, Ccy, Ref.',
      },
    ]);
  });
});
