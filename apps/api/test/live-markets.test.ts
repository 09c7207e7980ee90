import { fills, orders } from '@candlewise/db';
import { isMarketOpen } from '@candlewise/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type {
  MarketDataProvider,
  ProviderQuote,
  ProviderSubscription,
} from '../src/providers/market-data/market-data-provider.ts';
import { createOnboardedUser } from '../src/services/users/create-onboarded-user.ts';
import { bearer, createTestDatabase, testConfig } from './helper.ts';

/** A provider the test drives by hand: what it was asked to subscribe, and quotes on demand. */
class HandDrivenProvider implements MarketDataProvider {
  readonly name = 'binance';
  subscriptions: ProviderSubscription[] = [];
  private listener: ((quote: ProviderQuote) => void) | null = null;
  async start(subscriptions: ProviderSubscription[], onQuote: (quote: ProviderQuote) => void) {
    this.subscriptions = subscriptions;
    this.listener = onQuote;
  }
  async stop() {
    this.listener = null;
  }
  status() {
    return {
      name: this.name,
      connected: this.listener !== null,
      subscribed: this.subscriptions.length,
      lastQuoteAt: null,
      lastError: null,
    };
  }
  async probe(providerSymbol: string) {
    if (providerSymbol !== 'btcusdt') throw new Error('Binance does not know btc-nope.');
    return { bid: 90_000, ask: 90_010, time: Date.now() };
  }
  emit(symbol: string, bid: number, ask: number) {
    this.listener?.({ symbol, bid, ask, time: Date.now() });
  }
}

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let app: Awaited<ReturnType<typeof buildApp>>;
const provider = new HandDrivenProvider();
const people: Record<string, string> = {};
let cup: string;

const as = (who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  app.inject({ method, url: `/api/v1${url}`, headers: bearer(people[who]), payload });

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({
    config: testConfig(),
    database,
    logger: false,
    marketDataProviders: new Map([['binance', provider]]),
    quoteStaleAfterMs: 2000,
  });
  await app.tradingEngine.tryLead();
  for (const [name, role] of [
    ['trader', 'user'],
    ['admin', 'admin'],
  ] as const) {
    const user = await createOnboardedUser(database.db, {
      email: `${name}@live.test`,
      password: 'password-for-tests',
      role,
    });
    people[`${name}Id`] = user.id;
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: `${name}@live.test`, password: 'password-for-tests' },
    });
    people[name] = login.json().data.token;
  }
  const created = await as('admin', 'POST', '/admin/groups', {
    name: 'Live Crypto Cup',
    startDate: new Date(Date.now() - 3_600_000).toISOString(),
    endDate: new Date(Date.now() + 86_400_000).toISOString(),
    freezeDuration: 0,
    freezeThreshold: 0,
    currency: 'USD',
    instruments: ['BTCUSD', 'RELIANCE'],
  });
  cup = created.json().data._id;
  await as('trader', 'POST', `/group/${cup}/participants`, { userId: people.traderId });
  const [request] = (await as('admin', 'GET', `/admin/groups/${cup}/participants`)).json().data;
  await as('admin', 'POST', `/admin/groups/${cup}/participants/${request._id}/approve`);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const tick = (at = Date.now()) => app.tradingEngine.tickOnce(at);

describe('an instrument on a live provider', () => {
  it('is switched by an admin, subscribed on the provider, and trades on its quotes', async () => {
    const switched = await as('admin', 'PUT', '/admin/market/instruments/BTCUSD', {
      provider: 'binance',
      providerSymbol: 'btcusdt',
      session: 'crypto',
    });
    expect(switched.statusCode).toBe(200);
    await tick(); // the leader reloads its instruments before this tick
    expect(provider.subscriptions).toEqual([{ symbol: 'BTCUSD', providerSymbol: 'btcusdt' }]);

    provider.emit('BTCUSD', 90_000, 90_010);
    await tick();
    expect(app.tradingEngine.quote('BTCUSD')).toMatchObject({ bid: 90_000, ask: 90_010 });
    const bought = await as('trader', 'POST', `/group/${cup}/orders`, {
      symbol: 'BTCUSD',
      side: 'buy',
      quantity: 0.01,
    });
    expect(bought.statusCode).toBe(201);
    expect(bought.json().data).toMatchObject({ status: 'filled', fillPrice: 90_010 });
  });

  it('goes stale within seconds when the provider goes quiet: no fills, orders get 503', async () => {
    const resting = await as('trader', 'POST', `/group/${cup}/orders`, {
      symbol: 'BTCUSD',
      side: 'sell',
      type: 'limit',
      quantity: 0.01,
      price: 95_000,
    });
    expect(resting.statusCode).toBe(201);
    provider.emit('BTCUSD', 96_000, 96_010); // would fill the sell limit…
    await tick(Date.now() + 3000); // …but three seconds later it has gone quiet
    expect(app.tradingEngine.quote('BTCUSD')?.stale).toBe(true);
    const [row] = await database.db.select().from(orders).where(eq(orders.id, resting.json().data._id));
    expect(row.status).toBe('open');
    const refused = await as('trader', 'POST', `/group/${cup}/orders`, {
      symbol: 'BTCUSD',
      side: 'buy',
      quantity: 0.01,
    });
    expect(refused.statusCode).toBe(503);
    expect(refused.json().message).toBe(
      'Prices for BTCUSD have stopped arriving, so it cannot be traded until they are back. Try again in a moment.',
    );

    provider.emit('BTCUSD', 96_000, 96_010); // back
    await tick();
    const [filled] = await database.db.select().from(orders).where(eq(orders.id, resting.json().data._id));
    expect(filled).toMatchObject({ status: 'filled', fillPrice: 96_000 });
    expect(await database.db.select().from(fills).where(eq(fills.orderId, filled.id))).toHaveLength(1);
  });

  it('shows the providers and tests a connection', async () => {
    const status = (await as('admin', 'GET', '/admin/market/providers')).json().data;
    expect(status).toMatchObject({
      role: 'leader',
      providers: [{ name: 'binance', connected: true, subscribed: 1 }],
    });
    const tested = await as('admin', 'POST', '/admin/market/providers/binance/test', {
      providerSymbol: 'btcusdt',
    });
    expect(tested.json().data).toMatchObject({ bid: 90_000, ask: 90_010 });
    const failed = await as('admin', 'POST', '/admin/market/providers/binance/test', {
      providerSymbol: 'btc-nope',
    });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().message).toBe('Binance does not know btc-nope.');
    const unconfigured = await as('admin', 'POST', '/admin/market/providers/alpaca/test', {
      providerSymbol: 'AAPL',
    });
    expect(unconfigured.statusCode).toBe(409);
    const invalid = await as('admin', 'PUT', '/admin/market/instruments/BTCUSD', {
      provider: 'alpaca',
      session: 'us',
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().details[0].path).toBe('providerSymbol');
  });
});

describe('market hours', () => {
  it('refuses a market order while the market is closed, naming the opening; a limit order waits', async () => {
    // Whichever of NSE and US is closed right now (they never overlap).
    const closed = isMarketOpen('nse', Date.now()) ? 'us' : 'nse';
    await as('admin', 'PUT', '/admin/market/instruments/RELIANCE', {
      provider: 'simulated',
      session: closed,
    });
    await tick();
    const refused = await as('trader', 'POST', `/group/${cup}/orders`, {
      symbol: 'RELIANCE',
      side: 'buy',
      quantity: 1,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(
      new RegExp(
        `^The ${closed === 'nse' ? 'NSE' : 'US'} market is closed; it opens at \\d{4}-\\d{2}-\\d{2}T.*Limit and stop orders can wait for it\\.$`,
      ),
    );
    const waiting = await as('trader', 'POST', `/group/${cup}/orders`, {
      symbol: 'RELIANCE',
      side: 'buy',
      type: 'limit',
      quantity: 1,
      price: 100_000,
    });
    expect(waiting.statusCode).toBe(201);
    await tick();
    const [row] = await database.db.select().from(orders).where(eq(orders.id, waiting.json().data._id));
    expect(row.status).toBe('open');
  });
});
