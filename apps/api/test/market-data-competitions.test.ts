import { fills } from '@candlewise/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createAlpacaMarketData } from '../src/providers/market-data/alpaca-market-data.ts';
import { createBinanceMarketData } from '../src/providers/market-data/binance-market-data.ts';
import { createDhanMarketData } from '../src/providers/market-data/dhan-market-data.ts';
import type { MarketDataProvider } from '../src/providers/market-data/market-data-provider.ts';
import { createOnboardedUser } from '../src/services/users/create-onboarded-user.ts';
import { bearer, createTestDatabase, testConfig } from './helper.ts';
import { startAlpacaServer, startBinanceServer, startDhanServer } from './market-data-servers.ts';

/**
 * "A competition can run on each provider through its local test server": for Binance, Alpaca and
 * Dhan, the real app with the real adapter pointed at a local server speaking that provider's
 * protocol. An admin switches an instrument to the provider, the leader subscribes, the server's
 * quotes become the engine's, a learner's market order in a competition fills at the provider's ask,
 * and when the server goes quiet the quote turns stale and orders are refused (503).
 */

const PASSWORD = 'password-for-tests';
const STALE_AFTER_MS = 2000;

/** Adapter logs, kept out of the test output (printed only if a case fails to see a quote). */
const logs: unknown[][] = [];
const log = {
  info: (...args: unknown[]) => logs.push(args),
  warn: (...args: unknown[]) => logs.push(args),
  error: (...args: unknown[]) => logs.push(args),
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Venue = Awaited<ReturnType<typeof openVenue>>;

/** The real app on a fresh database with one live provider, led by this process; an admin and a learner. */
async function openVenue(name: string, provider: MarketDataProvider) {
  const database = await createTestDatabase();
  const app = await buildApp({
    config: testConfig(),
    database,
    logger: false,
    marketDataProviders: new Map([[name, provider]]),
    quoteStaleAfterMs: STALE_AFTER_MS,
  });
  await app.tradingEngine.tryLead();
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};
  for (const [who, role] of [
    ['admin', 'admin'],
    ['learner', 'user'],
  ] as const) {
    const email = `${who}@${name}.test`;
    ids[who] = (await createOnboardedUser(database.db, { email, password: PASSWORD, role })).id;
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email, password: PASSWORD },
    });
    tokens[who] = login.json().data.token;
  }
  return {
    app,
    database,
    ids,
    as: (who: 'admin' | 'learner', method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      app.inject({ method, url: `/api/v1${url}`, headers: bearer(tokens[who]), payload }),
    tick: (at = Date.now()) => app.tradingEngine.tickOnce(at),
    status: () => app.tradingEngine.providerStatus().find((status) => status.name === name),
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** The admin points an instrument at the provider (any hour: session "always"); the next tick subscribes. */
async function switchInstrument(venue: Venue, symbol: string, provider: string, providerSymbol: string) {
  const switched = await venue.as('admin', 'PUT', `/admin/market/instruments/${symbol}`, {
    provider,
    providerSymbol,
    session: 'always',
  });
  expect(switched.statusCode).toBe(200);
  expect(switched.json().data).toEqual({ symbol, provider, providerSymbol, session: 'always' });
}

/** Ticks until the engine's quote for `symbol` is the provider's bid and ask. */
async function waitForQuote(venue: Venue, symbol: string, expected: { bid: number; ask: number }) {
  const deadline = Date.now() + 5000;
  for (;;) {
    await venue.tick();
    const quote = venue.app.tradingEngine.quote(symbol);
    if (quote && quote.bid === expected.bid && quote.ask === expected.ask && !quote.stale) return quote;
    if (Date.now() > deadline) {
      throw new Error(
        `no ${symbol} quote ${JSON.stringify(expected)} from the provider (engine has ${JSON.stringify(quote)}; ` +
          `provider ${JSON.stringify(venue.status())}; logs ${JSON.stringify(logs.slice(-5))})`,
      );
    }
    await sleep(20);
  }
}

async function waitUntil(check: () => boolean, what: string, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

/** A competition on one instrument, running now; the learner joins and the admin approves. */
async function openCompetition(venue: Venue, symbol: string, currency: 'USD' | 'INR') {
  const created = await venue.as('admin', 'POST', '/admin/groups', {
    name: `${symbol} live cup`,
    startDate: new Date(Date.now() - 3_600_000).toISOString(),
    endDate: new Date(Date.now() + 86_400_000).toISOString(),
    freezeDuration: 0,
    freezeThreshold: 0,
    currency,
    instruments: [symbol],
  });
  expect(created.statusCode).toBe(201);
  const groupId: string = created.json().data._id;
  const joined = await venue.as('learner', 'POST', `/group/${groupId}/participants`, {
    userId: venue.ids.learner,
  });
  expect(joined.statusCode).toBeLessThan(300);
  const requests = (await venue.as('admin', 'GET', `/admin/groups/${groupId}/participants`)).json().data;
  expect(requests).toHaveLength(1);
  const approved = await venue.as(
    'admin',
    'POST',
    `/admin/groups/${groupId}/participants/${requests[0]._id}/approve`,
  );
  expect(approved.statusCode).toBeLessThan(300);
  return groupId;
}

/** A market buy fills at the provider's ask, and the fill is saved at that price. */
async function buyAtAsk(venue: Venue, groupId: string, symbol: string, quantity: number, ask: number) {
  const bought = await venue.as('learner', 'POST', `/group/${groupId}/orders`, {
    symbol,
    side: 'buy',
    quantity,
  });
  expect(bought.statusCode).toBe(201);
  expect(bought.json().data).toMatchObject({ status: 'filled', fillPrice: ask });
  await venue.tick();
  const saved = await venue.database.db.select().from(fills).where(eq(fills.orderId, bought.json().data._id));
  expect(saved).toMatchObject([{ symbol, side: 'buy', quantity, price: ask, reason: 'order' }]);
}

/**
 * The server stops sending (the connection stays open): three seconds later by the engine's clock
 * the quote is stale, and a new order is refused with 503 rather than filled on an old price.
 */
async function goQuiet(
  venue: Venue,
  feed: { silence(): void; readonly sent: number },
  groupId: string,
  order: { symbol: string; quantity: number; bid: number; ask: number },
) {
  feed.silence();
  await sleep(100); // frames already on the wire land
  const sent = feed.sent;
  const lastQuoteAt = venue.status()?.lastQuoteAt;
  await sleep(200);
  expect(feed.sent).toBe(sent);
  expect(venue.status()?.lastQuoteAt).toBe(lastQuoteAt);
  expect(venue.status()?.connected).toBe(true);

  await venue.tick(Date.now() + STALE_AFTER_MS + 1000);
  expect(venue.app.tradingEngine.quote(order.symbol)).toMatchObject({
    bid: order.bid,
    ask: order.ask,
    stale: true,
  });
  const refused = await venue.as('learner', 'POST', `/group/${groupId}/orders`, {
    symbol: order.symbol,
    side: 'buy',
    quantity: order.quantity,
  });
  expect(refused.statusCode).toBe(503);
  expect(refused.json().message).toBe(
    `Prices for ${order.symbol} have stopped arriving, so it cannot be traded until they are back. Try again in a moment.`,
  );
}

describe('Binance: a competition on BTCUSD through a local combined-stream server', () => {
  const BTC = { bid: 97321.45, ask: 97321.46 };
  let feed: Awaited<ReturnType<typeof startBinanceServer>>;
  let venue: Venue;
  let groupId: string;

  beforeAll(async () => {
    feed = await startBinanceServer({ btcusdt: BTC });
    venue = await openVenue(
      'binance',
      createBinanceMarketData({ baseUrl: feed.url, log, baseDelayMs: 5, maxDelayMs: 50 }),
    );
  });
  afterAll(async () => {
    await venue?.close();
    await feed?.close();
  });

  it('subscribes btcusdt@bookTicker once an admin switches BTCUSD, and takes its bid and ask', async () => {
    await switchInstrument(venue, 'BTCUSD', 'binance', 'btcusdt');
    await venue.tick(); // the leader reloads its instruments and subscribes
    await waitForQuote(venue, 'BTCUSD', BTC);
    expect(feed.urls).toEqual(['/stream?streams=btcusdt@bookTicker']);
    expect(venue.status()).toMatchObject({ connected: true, subscribed: 1, lastError: null });
  });

  it("fills a learner's market buy at Binance's ask", async () => {
    groupId = await openCompetition(venue, 'BTCUSD', 'USD');
    await buyAtAsk(venue, groupId, 'BTCUSD', 0.001, BTC.ask);
  });

  it('goes stale when the stream goes quiet, and refuses orders with 503', async () => {
    await goQuiet(venue, feed, groupId, { symbol: 'BTCUSD', quantity: 0.001, ...BTC });
  });
});

describe('Alpaca: a competition on AAPL through a local v2 stock stream server', () => {
  const AAPL = { bid: 142.51, ask: 142.53 };
  const credentials = { keyId: 'PKT3ST5K9QZ2W8X1ALPC', secretKey: 'alpaca-secret-9f8e7d6c5b4a' };
  let feed: Awaited<ReturnType<typeof startAlpacaServer>>;
  let venue: Venue;
  let groupId: string;

  beforeAll(async () => {
    feed = await startAlpacaServer(credentials, { AAPL });
    venue = await openVenue(
      'alpaca',
      createAlpacaMarketData({
        ...credentials,
        baseUrl: feed.url,
        log,
        baseDelayMs: 5,
        maxDelayMs: 50,
        refusedDelayMs: 300,
        authTimeoutMs: 2000,
      }),
    );
  });
  afterAll(async () => {
    await venue?.close();
    await feed?.close();
  });

  it('authenticates and subscribes AAPL on the iex feed once an admin switches it, and takes its bid and ask', async () => {
    await switchInstrument(venue, 'AAPL', 'alpaca', 'AAPL');
    await venue.tick();
    await waitForQuote(venue, 'AAPL', AAPL);
    expect(feed.sessions).toHaveLength(1);
    expect(feed.sessions[0]).toEqual({
      path: '/v2/iex',
      received: [
        { action: 'auth', key: credentials.keyId, secret: credentials.secretKey },
        { action: 'subscribe', quotes: ['AAPL'] },
      ],
    });
    await waitUntil(() => venue.status()?.subscribed === 1, 'the confirmed subscription');
    expect(venue.status()).toMatchObject({ connected: true, subscribed: 1, lastError: null });
  });

  it("fills a learner's market buy of one share at Alpaca's ask", async () => {
    groupId = await openCompetition(venue, 'AAPL', 'USD');
    await buyAtAsk(venue, groupId, 'AAPL', 1, AAPL.ask);
  });

  it('goes stale when the stream goes quiet, and refuses orders with 503', async () => {
    await goQuiet(venue, feed, groupId, { symbol: 'AAPL', quantity: 1, ...AAPL });
  });
});

describe('Dhan: a competition on RELIANCE through a local live-market-feed server', () => {
  // RELIANCE streams full packets (best depth level = bid/ask); NIFTY 50 ticker packets (LTP ± 0.5 bp).
  const RELIANCE = { ltp: 1290.4, bid: 1290.35, ask: 1290.45 };
  const NIFTY = { ltp: 24350.55 };
  const NIFTY_QUOTE = { bid: 24349.33, ask: 24351.77 };
  const credentials = { clientId: '1100987654', accessToken: 'eyJhbGciOiJIUzUxMiJ9.dhan-test-token-7f3a9c' };
  let feed: Awaited<ReturnType<typeof startDhanServer>>;
  let venue: Venue;
  let groupId: string;

  beforeAll(async () => {
    feed = await startDhanServer(credentials, { 'NSE_EQ:2885': RELIANCE, 'IDX_I:13': NIFTY });
    venue = await openVenue(
      'dhan',
      createDhanMarketData({ ...credentials, baseUrl: feed.url, log, baseDelayMs: 5, maxDelayMs: 50 }),
    );
  });
  afterAll(async () => {
    await venue?.close();
    await feed?.close();
  });

  it('subscribes RELIANCE (full) and NIFTY50 (ticker) once an admin switches them, and takes their quotes', async () => {
    await switchInstrument(venue, 'RELIANCE', 'dhan', 'NSE_EQ:2885');
    await switchInstrument(venue, 'NIFTY50', 'dhan', 'IDX_I:13');
    await venue.tick();
    await waitForQuote(venue, 'RELIANCE', { bid: RELIANCE.bid, ask: RELIANCE.ask });
    await waitForQuote(venue, 'NIFTY50', NIFTY_QUOTE);
    expect(feed.requests).toEqual([
      {
        RequestCode: 15,
        InstrumentCount: 1,
        InstrumentList: [{ ExchangeSegment: 'IDX_I', SecurityId: '13' }],
      },
      {
        RequestCode: 21,
        InstrumentCount: 1,
        InstrumentList: [{ ExchangeSegment: 'NSE_EQ', SecurityId: '2885' }],
      },
    ]);
    expect(venue.status()).toMatchObject({ connected: true, subscribed: 2, lastError: null });
  });

  it("fills a learner's market buy of one share at Dhan's best ask, in an INR competition", async () => {
    groupId = await openCompetition(venue, 'RELIANCE', 'INR');
    await buyAtAsk(venue, groupId, 'RELIANCE', 1, RELIANCE.ask);
  });

  it('goes stale when the feed goes quiet, and refuses orders with 503', async () => {
    await goQuiet(venue, feed, groupId, {
      symbol: 'RELIANCE',
      quantity: 1,
      bid: RELIANCE.bid,
      ask: RELIANCE.ask,
    });
    expect(venue.app.tradingEngine.quote('NIFTY50')?.stale).toBe(true);
  });
});
