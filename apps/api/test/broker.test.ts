import { Writable } from 'node:stream';
import { brokerConnections, journalExecutions, journalTrades, notifications, users } from '@candlewise/db';
import { BROKER_SYNC_NEEDS_PRO } from '@candlewise/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, LOG_REDACT_PATHS } from '../src/app.ts';
import { createBrokerAdapters } from '../src/providers/broker/create-broker-adapters.ts';
import { BROKER_SYNC_LOCK_KEY, runBrokerSyncJob } from '../src/services/broker/broker-sync-job.ts';
import { createOnboardedUser } from '../src/services/users/create-onboarded-user.ts';
import {
  alpacaFill,
  dhanTrade,
  type FakeAlpaca,
  type FakeDhan,
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
      alpacaLiveUrl: alpaca.url,
      dhanUrl: dhan.url,
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
    expect(result).toEqual({ synced: 2, failed: 0 });
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
    for (const secret of [alpaca.secretKey, dhan.accessToken, 'a-wrong-secret']) {
      expect(log).not.toContain(secret);
    }
  });
});
