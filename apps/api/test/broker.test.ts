import { Writable } from 'node:stream';
import { brokerConnections, journalExecutions, journalTrades, notifications, users } from '@candlewise/db';
import { BROKER_SYNC_NEEDS_PRO } from '@candlewise/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, LOG_REDACT_PATHS } from '../src/app.ts';
import { createBrokerAdapters } from '../src/providers/broker/create-broker-adapters.ts';
import { parseDhanExpiry } from '../src/providers/broker/dhan-broker.ts';
import { BROKER_SYNC_LOCK_KEY, runBrokerSyncJob } from '../src/services/broker/broker-sync-job.ts';
import { remindTokenExpiry } from '../src/services/broker/remind-token-expiry.ts';
import { LATE_REPORT_WINDOW_MS } from '../src/services/broker/sync-broker-connection.ts';
import { createOnboardedUser } from '../src/services/users/create-onboarded-user.ts';
import {
  alpacaFee,
  alpacaFill,
  dhanTrade,
  type FakeAlpaca,
  type FakeDhan,
  istText,
  marketDay,
  startFakeAlpaca,
  startFakeDhan,
} from './broker-fakes.ts';
import { bearer, createTestDatabase, testConfig } from './helper.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let app: FastifyInstance;
let alpaca: FakeAlpaca;
let dhan: FakeDhan;
const logLines: string[] = [];
const people: Record<string, { id: string; token: string }> = {};

type Who = 'asha' | 'ravi' | 'free' | 'admin';
const as = (who: Who, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url: `/api/v1${url}`, headers: bearer(people[who].token), payload });

const setPro = (who: Who, pro: boolean) =>
  database.db
    .update(users)
    .set(
      pro
        ? { planStatus: 'active', planExpirationDate: Math.floor(Date.now() / 1000) + 30 * 86_400 }
        : { planStatus: 'Not Subscribed', planExpirationDate: null },
    )
    .where(eq(users.id, people[who].id));

const alpacaFields = () => ({ environment: 'paper', keyId: alpaca.keyId, secretKey: alpaca.secretKey });
const jobDeps = () => ({
  db: database.db,
  pool: database.pool,
  adapters: app.brokerAdapters,
  appSecret: app.config.appSecret,
  bus: app.eventBus,
  log: app.log,
});

beforeAll(async () => {
  [alpaca, dhan] = await Promise.all([startFakeAlpaca(), startFakeDhan()]);
  database = await createTestDatabase();
  const config = testConfig({
    broker: {
      alpacaPaperUrl: alpaca.url,
      alpacaLiveUrl: `${alpaca.url}/live`,
      dhanUrl: dhan.url,
      dhanAuthUrl: dhan.url,
      syncIntervalMinutes: 30,
    },
  });
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  app = await buildApp({
    config,
    database,
    brokerAdapters: createBrokerAdapters(config, { sleep: async () => undefined }),
    logger: { level: 'trace', redact: LOG_REDACT_PATHS, stream },
  });
  await app.tradingEngine.tryLead();
  for (const [name, role] of [
    ['asha', 'user'],
    ['ravi', 'user'],
    ['free', 'user'],
    ['admin', 'admin'],
  ] as const) {
    const user = await createOnboardedUser(database.db, {
      email: `${name}@example.com`,
      password: 'password-for-tests',
      role,
    });
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: `${name}@example.com`, password: 'password-for-tests' },
    });
    people[name] = { id: user.id, token: login.json().data.token };
  }
  await setPro('asha', true);
  await setPro('ravi', true);
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  await Promise.all([alpaca?.close(), dhan?.close()]);
});

describe('broker connection API', () => {
  it('describes the three brokers with the fields their forms need', async () => {
    const response = await as('free', 'GET', '/broker/brokers');
    expect(response.statusCode).toBe(200);
    const brokers = response.json().data;
    expect(brokers.map((broker: { id: string }) => broker.id)).toEqual(['paper', 'alpaca', 'dhan']);
    const alpacaFieldsDescribed = brokers[1].fields.map((field: { name: string; type: string }) => [
      field.name,
      field.type,
    ]);
    expect(alpacaFieldsDescribed).toEqual([
      ['environment', 'choice'],
      ['keyId', 'text'],
      ['secretKey', 'secret'],
    ]);
    expect(brokers[2].fields.every((field: { help: string }) => field.help.length > 20)).toBe(true);
  });

  it('refuses a free learner with 403 and a sentence saying how to upgrade', async () => {
    const response = await as('free', 'POST', '/broker/connections', { broker: 'paper', fields: {} });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      success: false,
      code: 'FORBIDDEN',
      message: BROKER_SYNC_NEEDS_PRO,
    });
    expect(response.json().message).toMatch(/Upgrade on the Pricing page/);
  });

  it('refuses bad Alpaca keys with a 400 that says what to check, and stores nothing', async () => {
    const response = await as('asha', 'POST', '/broker/connections', {
      broker: 'alpaca',
      fields: { ...alpacaFields(), secretKey: 'a-wrong-secret' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/Alpaca did not accept this API key ID and secret key/);
    const stored = await database.db
      .select()
      .from(brokerConnections)
      .where(eq(brokerConnections.userId, people.asha.id));
    expect(stored).toHaveLength(0);
    const missing = await as('asha', 'POST', '/broker/connections', {
      broker: 'dhan',
      fields: { clientId: '1' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Enter your access token.');
  });

  it('connects Alpaca, keeps only ciphertext in the table, and never returns the credentials', async () => {
    const response = await as('asha', 'POST', '/broker/connections', {
      broker: 'alpaca',
      fields: alpacaFields(),
    });
    expect(response.statusCode).toBe(201);
    const view = response.json().data;
    expect(view).toMatchObject({
      broker: 'alpaca',
      brokerName: 'Alpaca',
      status: 'connected',
      summary: { accountLabel: 'PA3F7Z9Q2K1M', currency: 'USD', equity: 103820.56 },
      lastSyncAt: null,
    });
    expect(response.body).not.toContain(alpaca.secretKey);
    expect(response.body).not.toContain(alpaca.keyId);

    const raw = await database.db.execute(
      sql`select credentials from broker_connections where id = ${view._id}`,
    );
    const credentials = String(
      (raw as unknown as { rows: Array<{ credentials: string }> }).rows[0].credentials,
    );
    expect(credentials).toMatch(/^v1:[^:]+:[^:]+:[^:]+$/);
    expect(credentials).not.toContain(alpaca.secretKey);
    expect(credentials).not.toContain(alpaca.keyId);
    expect(Buffer.from(credentials.split(':')[3], 'base64').toString('utf8')).not.toContain(alpaca.secretKey);

    const list = await as('asha', 'GET', '/broker/connections');
    expect(list.json().data).toHaveLength(1);
    expect(list.body).not.toContain(alpaca.secretKey);
    expect(list.body).not.toContain('credentials');
  });

  it('imports round trips as verified trades, whole across two syncs, and a second sync adds nothing', async () => {
    const [connection] = (await as('asha', 'GET', '/broker/connections')).json().data;
    const t0 = Date.now() - 3 * 3_600_000;
    alpaca.activities.length = 0;
    alpaca.activities.push(
      alpacaFill(new Date(t0), 'AAPL', 'buy', 10, 180),
      alpacaFill(new Date(t0 + 60_000), 'AAPL', 'sell', 10, 185),
      alpacaFill(new Date(t0 + 120_000), 'MSFT', 'buy', 5, 400),
    );
    const first = await as('asha', 'POST', `/broker/connections/${connection._id}/sync`);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ fetched: 3, imported: 1 });
    expect(first.json().message).toBe('Sync finished: 1 new trade in your journal.');

    // The MSFT trade opened before the first sync closes after it.
    alpaca.activities.push(alpacaFill(new Date(t0 + 180_000), 'MSFT', 'sell', 5, 410));
    const second = await as('asha', 'POST', `/broker/connections/${connection._id}/sync`);
    expect(second.json().data).toMatchObject({ imported: 1 });
    const third = await as('asha', 'POST', `/broker/connections/${connection._id}/sync`);
    expect(third.json().data).toMatchObject({ imported: 0 });
    expect(third.json().data.connection).toMatchObject({ lastSyncResult: 'ok', lastSyncImported: 0 });

    const trades = await database.db
      .select()
      .from(journalTrades)
      .where(and(eq(journalTrades.userId, people.asha.id), eq(journalTrades.source, 'broker')));
    expect(trades).toHaveLength(2);
    expect(trades.every((trade) => trade.verified && trade.origin === connection._id)).toBe(true);
    const msft = trades.find((trade) => trade.symbol === 'MSFT');
    expect(msft).toMatchObject({
      side: 'long',
      quantity: 5,
      entryPrice: 400,
      exitPrice: 410,
      pnl: 50,
      currency: 'USD',
      account: `${connection._id}:paper`,
    });
    const fills = await database.db
      .select()
      .from(journalExecutions)
      .where(eq(journalExecutions.account, `${connection._id}:paper`));
    expect(fills).toHaveLength(4);
    expect(fills.every((fill) => fill.source === 'broker' && fill.currency === 'USD')).toBe(true);

    const listed = (await as('asha', 'GET', `/broker/connections/${connection._id}/trades`)).json().data;
    expect(listed.map((trade: { symbol: string }) => trade.symbol)).toEqual(['MSFT', 'AAPL']);
  });

  it('brings in a fill Alpaca reports days late, though newer fills were synced before it', async () => {
    const [connection] = (await as('asha', 'GET', '/broker/connections')).json().data;
    const tradesOf = async (symbol: string) =>
      database.db
        .select()
        .from(journalTrades)
        .where(and(eq(journalTrades.userId, people.asha.id), eq(journalTrades.symbol, symbol)));
    alpaca.activities.push(alpacaFill(new Date(Date.now() - 60_000), 'INTC', 'buy', 3, 20));
    await as('asha', 'POST', `/broker/connections/${connection._id}/sync`);
    // A round trip executed four days ago, which Alpaca lists only now.
    const late = Date.now() - 4 * 86_400_000;
    alpaca.activities.push(
      alpacaFill(new Date(late), 'ORCL', 'buy', 2, 150),
      alpacaFill(new Date(late + 600_000), 'ORCL', 'sell', 2, 155),
    );
    const sync = await as('asha', 'POST', `/broker/connections/${connection._id}/sync`);
    expect(sync.json().data).toMatchObject({ imported: 1 });
    expect((await tradesOf('ORCL')).map((trade) => [trade.side, trade.pnl])).toEqual([['long', 10]]);
    // The next sync reads the late fills again (they are inside the window) and adds nothing.
    const again = (await as('asha', 'POST', `/broker/connections/${connection._id}/sync`)).json().data;
    expect(again.fetched).toBeGreaterThanOrEqual(3);
    expect(again.imported).toBe(0);
    expect(await tradesOf('ORCL')).toHaveLength(1);
    const orclFills = await database.db
      .select()
      .from(journalExecutions)
      .where(and(eq(journalExecutions.userId, people.asha.id), eq(journalExecutions.symbol, 'ORCL')));
    expect(orclFills).toHaveLength(2);
  });

  it('answers another learner’s connection id with 404, for every route', async () => {
    const [connection] = (await as('asha', 'GET', '/broker/connections')).json().data;
    for (const [method, url] of [
      ['POST', `/broker/connections/${connection._id}/sync`],
      ['GET', `/broker/connections/${connection._id}/trades`],
      ['DELETE', `/broker/connections/${connection._id}`],
    ] as const) {
      const response = await as('ravi', method, url);
      expect(response.statusCode).toBe(404);
    }
    expect((await as('ravi', 'GET', '/broker/connections')).json().data).toEqual([]);
  });

  it('marks a revoked key as needing reconnection and notifies the learner once', async () => {
    const [connection] = (await as('asha', 'GET', '/broker/connections')).json().data;
    alpaca.revoked = true;
    try {
      const response = await as('asha', 'POST', `/broker/connections/${connection._id}/sync`);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/Alpaca did not accept/);
      await as('asha', 'POST', `/broker/connections/${connection._id}/sync`);
    } finally {
      alpaca.revoked = false;
    }
    const [after] = (await as('asha', 'GET', '/broker/connections')).json().data;
    expect(after).toMatchObject({ status: 'needs_reconnect', lastSyncResult: 'failed' });
    expect(after.lastError).toMatch(/Alpaca did not accept/);
    const notes = await database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, people.asha.id), eq(notifications.kind, 'broker_reconnect')));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ title: 'Reconnect Alpaca', link: '/connectbroker' });

    // The periodic job leaves it alone until the learner reconnects; reconnecting keeps the same connection.
    const reconnect = await as('asha', 'POST', '/broker/connections', {
      broker: 'alpaca',
      fields: alpacaFields(),
    });
    expect(reconnect.statusCode).toBe(201);
    expect(reconnect.json().data).toMatchObject({
      _id: connection._id,
      status: 'connected',
      lastError: null,
    });
  });

  it('retries a 429 from the broker during a sync and still imports', async () => {
    await as('ravi', 'POST', '/broker/connections', {
      broker: 'dhan',
      fields: { clientId: dhan.clientId, accessToken: dhan.accessToken },
    });
    const [connection] = (await as('ravi', 'GET', '/broker/connections')).json().data;
    const t0 = Date.now() - 5 * 86_400_000;
    dhan.history.push(
      dhanTrade(dhan.clientId, new Date(t0), 'RELIANCE', 'BUY', 10, 2900),
      dhanTrade(dhan.clientId, new Date(t0 + 3_600_000), 'RELIANCE', 'SELL', 10, 2950),
    );
    dhan.throttleNext(2);
    const response = await as('ravi', 'POST', `/broker/connections/${connection._id}/sync`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ fetched: 2, imported: 1 });
    const [trade] = (await as('ravi', 'GET', `/broker/connections/${connection._id}/trades`)).json().data;
    // 500 gross less 2 × 25.46 of Dhan's charges.
    expect(trade).toMatchObject({
      symbol: 'RELIANCE',
      side: 'long',
      fees: 50.92,
      pnl: 449.08,
      verified: true,
    });
  });

  it('holds back a Dhan sale of shares bought before the synced days until opening holdings make it a long', async () => {
    const [connection] = (await as('ravi', 'GET', '/broker/connections')).json().data;
    const account = `${connection._id}:live`;
    // Shares bought long before the first sync, sold three days ago: not a short.
    dhan.history.push(
      dhanTrade(dhan.clientId, new Date(Date.now() - 3 * 86_400_000), 'TATASTEEL', 'SELL', 450, 150),
    );
    const sync = await as('ravi', 'POST', `/broker/connections/${connection._id}/sync`);
    expect(sync.json().data).toMatchObject({ imported: 0 });
    const tataTrades = () =>
      database.db
        .select()
        .from(journalTrades)
        .where(and(eq(journalTrades.userId, people.ravi.id), eq(journalTrades.symbol, 'TATASTEEL')));
    expect(await tataTrades()).toEqual([]);
    const positions = (await as('ravi', 'GET', '/journal/positions')).json().data;
    expect(positions.needsOpeningHoldings).toEqual([
      expect.objectContaining({
        source: 'broker',
        account,
        accountLabel: 'Dhan',
        symbol: 'TATASTEEL',
        quantity: 450,
        currency: 'INR',
      }),
    ]);
    expect(positions.positions).toEqual([]);

    // Another learner cannot write into this connection's account.
    const holdings = {
      source: 'broker',
      account,
      holdings: [{ symbol: 'tatasteel', quantity: 450, averagePrice: 140 }],
    };
    expect((await as('asha', 'POST', '/journal/opening-holdings', holdings)).statusCode).toBe(404);
    const saved = await as('ravi', 'POST', '/journal/opening-holdings', holdings);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ addedTrades: 1, openPositions: 0, needsOpeningHoldings: [] });
    const [trade] = await tataTrades();
    // 450 × (150 − 140) less the sale's charges (25.46).
    expect(trade).toMatchObject({
      side: 'long',
      quantity: 450,
      entryPrice: 140,
      exitPrice: 150,
      pnl: 4474.54,
    });
    expect((await as('ravi', 'GET', '/journal/positions')).json().data.needsOpeningHoldings).toEqual([]);
  });

  it('updates a fill’s fee and its trade when the broker reports the charges later, keeping the learner’s tags', async () => {
    const [connection] = (await as('ravi', 'GET', '/broker/connections')).json().data;
    const t0 = Date.now() - 2 * 86_400_000;
    const noCharges = {
      brokerageCharges: 0,
      stt: 0,
      serviceTax: 0,
      exchangeTransactionCharges: 0,
      sebiTax: 0,
      stampDuty: 0,
    };
    const buy = Object.assign(dhanTrade(dhan.clientId, new Date(t0), 'SBIN', 'BUY', 10, 800), noCharges);
    const sell = Object.assign(
      dhanTrade(dhan.clientId, new Date(t0 + 3_600_000), 'SBIN', 'SELL', 10, 810),
      noCharges,
    );
    dhan.history.push(buy, sell);
    expect(
      (await as('ravi', 'POST', `/broker/connections/${connection._id}/sync`)).json().data,
    ).toMatchObject({
      imported: 1,
    });
    const sbin = async () =>
      (
        await database.db
          .select()
          .from(journalTrades)
          .where(and(eq(journalTrades.userId, people.ravi.id), eq(journalTrades.symbol, 'SBIN')))
      )[0];
    const before = await sbin();
    expect(before).toMatchObject({ fees: 0, pnl: 100 });
    await as('ravi', 'POST', '/journal/trades/bulk-tag', { tradeIds: [before.id], setupTags: ['breakout'] });

    Object.assign(sell, { brokerageCharges: 20 });
    const again = await as('ravi', 'POST', `/broker/connections/${connection._id}/sync`);
    expect(again.json().data).toMatchObject({ imported: 0 });
    const after = await sbin();
    expect(after).toMatchObject({ id: before.id, fees: 20, pnl: 80, setupTags: ['breakout'] });
  });

  it('keeps the Dhan token’s expiry from its profile and shows it with the connection', async () => {
    const [connection] = (await as('ravi', 'GET', '/broker/connections')).json().data;
    expect(connection).toMatchObject({
      authMethod: 'form',
      tokenExpiresAt: parseDhanExpiry(dhan.tokenValidity)?.toISOString(),
    });
    // Each sync asks again.
    dhan.tokenValidity = istText(new Date(Date.now() + 23 * 3_600_000), 'profile');
    const synced = await as('ravi', 'POST', `/broker/connections/${connection._id}/sync`);
    expect(synced.json().data.connection.tokenExpiresAt).toBe(
      parseDhanExpiry(dhan.tokenValidity)?.toISOString(),
    );
  });

  it('reminds once when the Dhan token expires within two hours, and asks to reconnect once it has', async () => {
    const [connection] = (await as('ravi', 'GET', '/broker/connections')).json().data;
    const byId = eq(brokerConnections.id, connection._id);
    const notes = (title: string) =>
      database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, people.ravi.id), eq(notifications.title, title)));

    dhan.tokenValidity = istText(new Date(Date.now() + 100 * 60_000), 'profile');
    expect((await runBrokerSyncJob(jobDeps()))?.reminded).toBe(1);
    expect(await notes('Dhan access expires soon')).toEqual([
      expect.objectContaining({
        kind: 'broker_reconnect',
        link: '/connectbroker',
        message:
          'Your Dhan access token expires in about 2 hours. Generate a new one and reconnect to keep importing trades.',
      }),
    ]);
    expect((await runBrokerSyncJob(jobDeps()))?.reminded).toBe(0);
    // Two processes reaching the same token's reminder together: one sends it.
    await database.db.update(brokerConnections).set({ expiryRemindedAt: null }).where(byId);
    const [row] = await database.db.select().from(brokerConnections).where(byId);
    const raced = await Promise.all([remindTokenExpiry(jobDeps(), row), remindTokenExpiry(jobDeps(), row)]);
    expect(raced.filter(Boolean)).toHaveLength(1);
    expect(await notes('Dhan access expires soon')).toHaveLength(2);

    // Past its expiry the token is not even tried: the connection asks to be reconnected, once.
    await database.db
      .update(brokerConnections)
      .set({ tokenExpiresAt: new Date(Date.now() - 60_000) })
      .where(byId);
    dhan.requests.length = 0;
    const expired =
      'Your Dhan access token expired (they last 24 hours). Generate a new one and connect again on the Connect Broker page to keep importing trades.';
    const refused = await as('ravi', 'POST', `/broker/connections/${connection._id}/sync`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(expired);
    expect(dhan.requests).toEqual([]);
    expect((await as('ravi', 'GET', '/broker/connections')).json().data[0]).toMatchObject({
      status: 'needs_reconnect',
      lastError: expired,
    });
    expect(await notes('Reconnect Dhan')).toEqual([
      expect.objectContaining({
        message:
          'Your Dhan access token expired, so your trades are not being imported. Generate a new token and connect again on the Connect Broker page.',
      }),
    ]);

    // A new token: connected again, with its own expiry and its own reminder to come.
    dhan.tokenValidity = istText(new Date(Date.now() + 24 * 3_600_000), 'profile');
    const reconnect = await as('ravi', 'POST', '/broker/connections', {
      broker: 'dhan',
      fields: { clientId: dhan.clientId, accessToken: dhan.accessToken },
    });
    expect(reconnect.json().data).toMatchObject({
      _id: connection._id,
      status: 'connected',
      tokenExpiresAt: parseDhanExpiry(dhan.tokenValidity)?.toISOString(),
    });
    const [renewed] = await database.db.select().from(brokerConnections).where(byId);
    expect(renewed.expiryRemindedAt).toBeNull();
  });

  it('imports the paper account’s closed trades as paper trades, once', async () => {
    await as('asha', 'POST', '/group/group-running/participants', { userId: people.asha.id });
    const requests = (await as('admin', 'GET', '/admin/groups/group-running/participants')).json().data;
    const request = requests.find((row: { userId: string }) => row.userId === people.asha.id);
    await as('admin', 'POST', `/admin/groups/group-running/participants/${request._id}/approve`);
    app.tradingEngine.setPrice('NIFTY50', 20_000);
    const order = await as('asha', 'POST', '/group/group-running/orders', {
      symbol: 'NIFTY50',
      side: 'buy',
      type: 'market',
      quantity: 2,
    });
    expect(order.statusCode).toBe(201);
    app.tradingEngine.setPrice('NIFTY50', 20_100);
    expect((await as('asha', 'POST', '/group/group-running/positions/NIFTY50/close')).statusCode).toBe(200);

    const connect = await as('asha', 'POST', '/broker/connections', { broker: 'paper', fields: {} });
    expect(connect.statusCode).toBe(201);
    expect(connect.json().data.summary).toMatchObject({
      accountLabel: '1 competition account',
      currency: 'INR',
    });
    const id = connect.json().data._id;
    const first = (await as('asha', 'POST', `/broker/connections/${id}/sync`)).json().data;
    expect(first).toMatchObject({ fetched: 2, imported: 1 });
    expect((await as('asha', 'POST', `/broker/connections/${id}/sync`)).json().data).toMatchObject({
      imported: 0,
    });
    const [trade] = (await as('asha', 'GET', `/broker/connections/${id}/trades`)).json().data;
    expect(trade).toMatchObject({
      symbol: 'NIFTY50',
      side: 'long',
      quantity: 2,
      source: 'paper',
      verified: true,
    });
    expect(trade.pnl).toBeGreaterThan(0);
  });

  it('runs the periodic sync for Pro learners only, and one process at a time', async () => {
    const t0 = Date.now() - 3_600_000;
    alpaca.activities.push(
      alpacaFill(new Date(t0), 'TSLA', 'sell', 3, 250),
      alpacaFill(new Date(t0 + 60_000), 'TSLA', 'buy', 3, 240),
    );
    await setPro('ravi', false);
    const result = await runBrokerSyncJob(jobDeps());
    // Asha's Alpaca and paper connections; Ravi's Dhan connection is skipped (no Pro any more).
    expect(result).toEqual({ synced: 2, failed: 0, reminded: 0 });
    const short = await database.db
      .select()
      .from(journalTrades)
      .where(and(eq(journalTrades.userId, people.asha.id), eq(journalTrades.symbol, 'TSLA')));
    expect(short).toMatchObject([{ side: 'short', pnl: 30 }]);

    const [ravis] = (await as('ravi', 'GET', '/broker/connections')).json().data;
    const refused = await as('ravi', 'POST', `/broker/connections/${ravis._id}/sync`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(BROKER_SYNC_NEEDS_PRO);

    if (database.pool) {
      const holder = await database.pool.connect();
      try {
        await holder.query('select pg_advisory_lock($1)', [BROKER_SYNC_LOCK_KEY]);
        expect(await runBrokerSyncJob(jobDeps())).toBeNull();
        await holder.query('select pg_advisory_unlock($1)', [BROKER_SYNC_LOCK_KEY]);
      } finally {
        holder.release();
      }
    }
  });

  it('reads the live history from the start when Alpaca switches from paper to live keys, apart from the paper fills', async () => {
    const connection = (await as('asha', 'GET', '/broker/connections'))
      .json()
      .data.find((row: { broker: string }) => row.broker === 'alpaca');
    const fillsOf = (environment: string) =>
      database.db
        .select()
        .from(journalExecutions)
        .where(eq(journalExecutions.account, `${connection._id}:${environment}`));
    const paperBefore = (await fillsOf('paper')).length;
    expect(paperBefore).toBeGreaterThan(0);
    const t0 = Date.now() - 10 * 86_400_000;
    alpaca.live.activities.push(
      alpacaFill(new Date(t0), 'GOOG', 'buy', 4, 150),
      alpacaFill(new Date(t0 + 3_600_000), 'GOOG', 'sell', 4, 160),
      alpacaFill(new Date(Date.now() - 3 * 3_600_000), 'AMD', 'buy', 10, 120),
    );
    const live = await as('asha', 'POST', '/broker/connections', {
      broker: 'alpaca',
      fields: { ...alpacaFields(), environment: 'live' },
    });
    expect(live.statusCode).toBe(201);
    expect(live.json().data).toMatchObject({ _id: connection._id, summary: { accountLabel: '3F7Z9Q2K1M' } });

    alpaca.requests.length = 0;
    const synced = await as('asha', 'POST', `/broker/connections/${connection._id}/sync`);
    expect(synced.json().data).toMatchObject({ fetched: 3, imported: 1 });
    // The live account has no cursor yet: its whole history, not from the paper account's newest fill.
    expect(alpaca.requests[0]).toBe('GET /live/v2/account/activities/FILL?direction=asc&page_size=100');
    expect(alpaca.requests.every((line) => line.startsWith('GET /live/'))).toBe(true);
    expect(await fillsOf('live')).toHaveLength(3);
    expect(await fillsOf('paper')).toHaveLength(paperBefore);
    const trades = await database.db
      .select()
      .from(journalTrades)
      .where(and(eq(journalTrades.userId, people.asha.id), eq(journalTrades.source, 'broker')));
    expect(trades.find((trade) => trade.symbol === 'GOOG')).toMatchObject({
      account: `${connection._id}:live`,
      pnl: 40,
    });
    expect(
      trades
        .filter((trade) => trade.symbol !== 'GOOG')
        .every((trade) => trade.account === `${connection._id}:paper`),
    ).toBe(true);
  });

  it('puts a charge Alpaca posts days later on its fill and trade, and counts an option contract ×100', async () => {
    const connection = (await as('asha', 'GET', '/broker/connections'))
      .json()
      .data.find((row: { broker: string }) => row.broker === 'alpaca');
    const tradeOf = async (symbol: string) =>
      (
        await database.db
          .select()
          .from(journalTrades)
          .where(and(eq(journalTrades.userId, people.asha.id), eq(journalTrades.symbol, symbol)))
      )[0];
    const option = 'AAPL240119C00190000';
    alpaca.live.activities.push(
      alpacaFill(new Date(Date.now() - 2 * 3_600_000), option, 'buy', 2, 3.45),
      alpacaFill(new Date(Date.now() - 3_600_000), option, 'sell', 2, 4.1),
    );
    const first = await as('asha', 'POST', `/broker/connections/${connection._id}/sync`);
    expect(first.json().data).toMatchObject({ imported: 1 });
    // (4.10 − 3.45) × 2 contracts × 100 shares.
    expect(await tradeOf(option)).toMatchObject({ side: 'long', quantity: 2, multiplier: 100, pnl: 130 });
    const google = await tradeOf('GOOG');
    expect(google).toMatchObject({ fees: 0, pnl: 40 });

    // The GOOG sale is days before the window now; Alpaca posts its charge only now.
    const sale = alpaca.live.activities.find((fill) => fill.symbol === 'GOOG' && fill.side === 'sell');
    const day = marketDay(new Date(sale?.transaction_time ?? 0));
    alpaca.live.fees.push(alpacaFee(day, 'GOOG', 0.05));
    alpaca.requests.length = 0;
    const second = await as('asha', 'POST', `/broker/connections/${connection._id}/sync`);
    expect(second.json().data).toMatchObject({ imported: 0 });
    expect(alpaca.requests).toContain(
      `GET /live/v2/account/activities/FILL?direction=asc&page_size=100&date=${day}`,
    );
    const charged = await tradeOf('GOOG');
    expect(charged).toMatchObject({ id: google.id, fees: 0.05 });
    expect(charged.pnl).toBeCloseTo(39.95, 6);
  });

  it('continues the paper history where it stopped when switched back to paper keys', async () => {
    const connection = (await as('asha', 'GET', '/broker/connections'))
      .json()
      .data.find((row: { broker: string }) => row.broker === 'alpaca');
    const [newest] = await database.db
      .select({ at: sql<string>`max(${journalExecutions.executedAt})` })
      .from(journalExecutions)
      .where(eq(journalExecutions.account, `${connection._id}:paper`));
    const back = await as('asha', 'POST', '/broker/connections', {
      broker: 'alpaca',
      fields: alpacaFields(),
    });
    expect(back.json().data).toMatchObject({
      _id: connection._id,
      summary: { accountLabel: 'PA3F7Z9Q2K1M' },
    });
    alpaca.requests.length = 0;
    expect((await as('asha', 'POST', `/broker/connections/${connection._id}/sync`)).statusCode).toBe(200);
    // From a week before the newest paper fill (late reports), not from the start.
    const since = new Date(new Date(newest.at).getTime() - LATE_REPORT_WINDOW_MS).toISOString();
    expect(alpaca.requests[0]).toBe(
      `GET /v2/account/activities/FILL?direction=asc&page_size=100&after=${encodeURIComponent(since)}`,
    );
  });

  it('connects Dhan by signing in on Dhan’s page, renews access the same way, and refuses what cannot work', async () => {
    const app = { clientId: dhan.clientId, apiKey: dhan.apiKey, apiSecret: dhan.apiSecret };
    const start = (who: Who, fields: Record<string, string>, broker = 'dhan') =>
      as(who, 'POST', '/broker/sign-in', { broker, fields });
    const complete = (tokenId: string) => as('admin', 'POST', '/broker/sign-in/complete', { tokenId });
    const consentOf = (signInUrl: string) => new URL(signInUrl).searchParams.get('consentAppId') ?? '';

    expect((await start('free', app)).statusCode).toBe(403);
    const paper = await start('admin', {}, 'paper');
    expect(paper.statusCode).toBe(400);
    expect(paper.json().message).toBe(
      'Candlewise paper does not offer signing in on its own page. Fill in its connect form instead.',
    );
    const wrong = await start('admin', { ...app, apiSecret: 'not-the-secret' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/^Dhan did not accept this API key and secret/);
    const missing = await start('admin', { clientId: app.clientId, apiKey: app.apiKey });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Enter your API secret.');
    const nothing = await complete('a-token-nobody-sent');
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().message).toMatch(/^No broker sign-in is waiting for you/);
    const blank = await complete('  ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().details).toEqual([
      { path: 'tokenId', message: 'The broker did not send a sign-in token back. Start the sign-in again.' },
    ]);

    const started = await start('admin', app);
    expect(started.statusCode).toBe(200);
    const { signInUrl, expiresInMinutes } = started.json().data;
    expect(expiresInMinutes).toBe(30);
    expect(signInUrl).toBe(`${dhan.url}/login/consentApp-login?consentAppId=${consentOf(signInUrl)}`);
    expect(started.body).not.toContain(dhan.apiSecret);
    const waiting = await database.db.execute(sql`select credentials from broker_sign_ins`);
    expect(JSON.stringify(waiting)).not.toContain(dhan.apiSecret);

    // Dhan's login page sends the learner back to /connectbroker?tokenId=…, which the page hands on.
    const tokenId = dhan.signIn(consentOf(signInUrl));
    const done = await complete(tokenId);
    expect(done.statusCode).toBe(201);
    const view = done.json().data;
    expect(view).toMatchObject({
      broker: 'dhan',
      status: 'connected',
      authMethod: 'consent',
      tokenExpiresAt: parseDhanExpiry(dhan.tokenValidity)?.toISOString(),
    });
    for (const secret of [dhan.apiSecret, dhan.apiKey, ...dhan.issuedTokens]) {
      expect(done.body).not.toContain(secret);
    }
    // The sign-in is used once.
    expect((await complete(tokenId)).statusCode).toBe(409);
    expect((await as('admin', 'POST', `/broker/connections/${view._id}/sync`)).statusCode).toBe(200);

    // Renew access: the saved key and secret start a new sign-in; only the Dhan login is asked again.
    const renew = await as('admin', 'POST', `/broker/connections/${view._id}/renew`);
    expect(renew.statusCode).toBe(200);
    const issued = dhan.issuedTokens.length;
    const renewed = await complete(dhan.signIn(consentOf(renew.json().data.signInUrl)));
    expect(renewed.json().data).toMatchObject({ _id: view._id, status: 'connected', authMethod: 'consent' });
    expect(dhan.issuedTokens).toHaveLength(issued + 1);
    expect((await as('admin', 'POST', `/broker/connections/${view._id}/sync`)).statusCode).toBe(200);

    // Signing in on Dhan as another client changes nothing.
    const other = await start('admin', app);
    const elsewhere = await complete(dhan.signIn(consentOf(other.json().data.signInUrl), '1000000777'));
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().message).toBe(
      'You signed in to Dhan as client 1000000777, but entered client ID 1000000009. Sign in with the account whose client ID you entered.',
    );
    expect((await as('admin', 'GET', '/broker/connections')).json().data).toEqual([
      expect.objectContaining({ _id: view._id, status: 'connected' }),
    ]);

    // A connection made with a pasted token has nothing to renew.
    await setPro('ravi', true);
    const [ravis] = (await as('ravi', 'GET', '/broker/connections')).json().data;
    const pasted = await as('ravi', 'POST', `/broker/connections/${ravis._id}/renew`);
    expect(pasted.statusCode).toBe(400);
    expect(pasted.json().message).toMatch(/was made with an access token, so there is nothing to renew here/);
  });

  it('disconnects: credentials and stored fills go, imported trades stay', async () => {
    const [connection] = (await as('ravi', 'GET', '/broker/connections')).json().data;
    const response = await as('ravi', 'DELETE', `/broker/connections/${connection._id}`);
    expect(response.statusCode).toBe(200);
    expect((await as('ravi', 'GET', '/broker/connections')).json().data).toEqual([]);
    expect(
      await database.db
        .select()
        .from(journalExecutions)
        .where(eq(journalExecutions.account, `${connection._id}:live`)),
    ).toEqual([]);
    const kept = await database.db
      .select()
      .from(journalTrades)
      .where(eq(journalTrades.userId, people.ravi.id));
    expect(kept.map((trade) => trade.symbol).sort()).toEqual(['RELIANCE', 'SBIN', 'TATASTEEL']);
    expect((await as('ravi', 'DELETE', `/broker/connections/${connection._id}`)).statusCode).toBe(404);
  });

  it('never wrote a broker secret to the log', () => {
    const log = logLines.join('');
    expect(log.length).toBeGreaterThan(0);
    for (const secret of [
      alpaca.secretKey,
      dhan.accessToken,
      dhan.apiSecret,
      ...dhan.issuedTokens,
      'a-wrong-secret',
      'not-the-secret',
    ]) {
      expect(log).not.toContain(secret);
    }
  });
});
