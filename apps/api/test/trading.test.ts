import { notifications, positions, tradingAccounts } from '@candlewise/db';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createOnboardedUser } from '../src/services/users/create-onboarded-user.ts';
import { bearer, createTestDatabase, testConfig } from './helper.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let app: FastifyInstance;
const people: Record<string, { id: string; token: string }> = {};

async function start() {
  const built = await buildApp({ config: testConfig(), database, logger: false });
  await built.tradingEngine.tryLead();
  return built;
}

const as = (who: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url: `/api/v1${url}`, headers: bearer(people[who].token), payload });

async function joinAndApprove(who: string, groupId: string) {
  await as(who, 'POST', `/group/${groupId}/participants`, { userId: people[who].id });
  const requests = (await as('admin', 'GET', `/admin/groups/${groupId}/participants`)).json().data;
  const request = requests.find((row: { userId: string }) => row.userId === people[who].id);
  await as('admin', 'POST', `/admin/groups/${groupId}/participants/${request._id}/approve`);
}

beforeAll(async () => {
  database = await createTestDatabase();
  app = await start();
  for (const [name, role] of [
    ['asha', 'user'],
    ['ravi', 'user'],
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
  await joinAndApprove('asha', 'group-running');
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('paper trading in a running competition', () => {
  it('funds an approved member and refuses the leaderboard to non-members with 403', async () => {
    const summary = (await as('asha', 'GET', '/group/group-running/account')).json().data;
    expect(summary.account).toMatchObject({ balance: 100000, equity: 100000, trades: 0, freezes: 0 });
    expect((await as('ravi', 'GET', '/group/group-running/leaderboard')).statusCode).toBe(403);
    expect((await as('ravi', 'GET', '/group/group-running/account')).statusCode).toBe(403);
    expect((await as('admin', 'GET', '/group/group-running/leaderboard')).statusCode).toBe(200);
  });

  it('fills a market order at the ask, shows Trades 1 on the leaderboard, and validates orders', async () => {
    app.tradingEngine.setPrice('NIFTY50', 20_000);
    const order = await as('asha', 'POST', '/group/group-running/orders', {
      symbol: 'NIFTY50',
      side: 'buy',
      type: 'market',
      quantity: 20,
    });
    expect(order.statusCode).toBe(201);
    expect(order.json().data).toMatchObject({ status: 'filled', fillPrice: 20_000.5 });

    const board = (await as('asha', 'GET', '/group/group-running/leaderboard')).json().data.rows;
    expect(board).toEqual([
      expect.objectContaining({
        rank: 1,
        userId: people.asha.id,
        name: 'Candlewise Admin',
        trades: 1,
        freezes: 0,
      }),
    ]);

    const notHere = await as('asha', 'POST', '/group/group-running/orders', {
      symbol: 'BTCUSD',
      side: 'buy',
      quantity: 1,
    });
    expect(notHere.statusCode).toBe(400);
    expect(notHere.json().message).toMatch(/not traded in this competition/);
    const tooBig = await as('asha', 'POST', '/group/group-running/orders', {
      symbol: 'NIFTY50',
      side: 'buy',
      quantity: 1000,
    });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().details[0].path).toBe('quantity');
    const badStop = await as('asha', 'POST', '/group/group-running/orders', {
      symbol: 'NIFTY50',
      side: 'buy',
      quantity: 1,
      stopLoss: 25_000,
    });
    expect(badStop.statusCode).toBe(400);
  });

  it('lists my competitions for /home: running first, my rank where approved, none for others', async () => {
    expect((await as('ravi', 'GET', '/group/mine')).json().data).toEqual([]);
    await as('ravi', 'POST', '/group/group-upcoming/participants', { userId: people.ravi.id });
    const ravis = (await as('ravi', 'GET', '/group/mine')).json().data;
    expect(ravis).toEqual([
      expect.objectContaining({
        group: expect.objectContaining({ _id: 'group-upcoming', phase: 'upcoming' }),
        status: 'pending',
        standing: null,
      }),
    ]);

    await as('asha', 'POST', '/group/group-upcoming/participants', { userId: people.asha.id });
    const ashas = (await as('asha', 'GET', '/group/mine')).json().data;
    expect(ashas.map((row: { group: { _id: string } }) => row.group._id)).toEqual([
      'group-running',
      'group-upcoming',
    ]);
    expect(ashas[0]).toMatchObject({
      status: 'approved',
      standing: { rank: 1, ranked: 1, trades: 1, freezes: 0, frozenUntil: null },
    });
  });

  it('freezes at the threshold (positions closed, counted), answers orders with 423, and survives a restart', async () => {
    const engine = app.tradingEngine;
    const now = Date.now();
    engine.setPrice('NIFTY50', 20_500);
    await engine.tickOnce(now, engine.currentQuotes());
    const live = engine.accountState('group-running', people.asha.id)!;
    expect(live.peakEquity).toBeCloseTo(100_000 + (20_499.5 - 20_000.5) * 20, 6);

    engine.setPrice('NIFTY50', 20_200); // equity 103,980: more than 5 % below the 109,980 peak
    const events = await engine.tickOnce(now + 1000, engine.currentQuotes());
    expect(events.map((event) => event.type)).toContain('freeze');
    await engine.flush();

    const [row] = await database.db
      .select()
      .from(tradingAccounts)
      .where(eq(tradingAccounts.userId, people.asha.id));
    expect(row.freezeCount).toBe(1);
    expect(row.frozenUntil!.getTime()).toBe(now + 1000 + 5_400_000);
    expect(row.balance).toBeCloseTo(100_000 + (20_199.5 - 20_000.5) * 20, 6);
    expect(await database.db.select().from(positions).where(eq(positions.accountId, row.id))).toHaveLength(0);

    const frozen = await as('asha', 'POST', '/group/group-running/orders', {
      symbol: 'NIFTY50',
      side: 'buy',
      quantity: 1,
    });
    expect(frozen.statusCode).toBe(423);
    expect(frozen.json()).toMatchObject({ code: 'ACCOUNT_FROZEN' });
    expect(frozen.json().message).toMatch(/^Account frozen until \d{4}-\d{2}-\d{2}T/);
    const bell = await database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, people.asha.id), eq(notifications.kind, 'account_frozen')));
    expect(bell).toHaveLength(1);

    // Restart: the freeze is still in force; a release that fell due while down applies on the first tick.
    await app.close();
    app = await start();
    const reloaded = app.tradingEngine.accountState('group-running', people.asha.id)!;
    expect(reloaded.frozenUntil).toBe(now + 1000 + 5_400_000);
    expect(reloaded.freezeCount).toBe(1);
    const later = await app.tradingEngine.tickOnce(now + 1000 + 5_400_000 + 5000);
    expect(later).toContainEqual({ type: 'release', accountId: row.id });
    await app.tradingEngine.flush();
    const [released] = await database.db.select().from(tradingAccounts).where(eq(tradingAccounts.id, row.id));
    expect(released.frozenUntil).toBeNull();
    expect(released.freezeCount).toBe(1);
    const resumed = await database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, people.asha.id), eq(notifications.kind, 'account_released')));
    expect(resumed).toHaveLength(1);
  });

  it('refuses orders outside the competition window with a clear 409', async () => {
    await joinAndApprove('ravi', 'group-upcoming');
    const early = await as('ravi', 'POST', '/group/group-upcoming/orders', {
      symbol: 'NIFTY50',
      side: 'buy',
      quantity: 1,
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/^The competition has not started yet\. Orders open on /);
  });

  it('does not drop the caller from the identity caches for an order (no bus message per order)', async () => {
    const publish = vi.spyOn(app.eventBus, 'publish');
    try {
      app.tradingEngine.setPrice('NIFTY50', 20_000);
      const order = await as('asha', 'POST', '/group/group-running/orders', {
        symbol: 'NIFTY50',
        side: 'buy',
        quantity: 1,
      });
      expect(order.statusCode).toBe(201);
      const channels = publish.mock.calls.map(([channel]) => channel);
      expect(channels).not.toContain('auth:forget-user');
      // A write that can change the user still does (a throwaway user signs out).
      await createOnboardedUser(database.db, { email: 'tara@example.com', password: 'password-for-tests' });
      const login = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: 'tara@example.com', password: 'password-for-tests' },
      });
      await app.inject({
        method: 'POST',
        url: '/api/v1/auth/logout',
        headers: bearer(login.json().data.token),
      });
      expect(publish.mock.calls.map(([channel]) => channel)).toContain('auth:forget-user');
    } finally {
      publish.mockRestore();
    }
  });

  it('places, lists and cancels a limit order', async () => {
    await joinAndApprove('ravi', 'group-running');
    const placed = await as('ravi', 'POST', '/group/group-running/orders', {
      symbol: 'XAUUSD',
      side: 'buy',
      type: 'limit',
      quantity: 1,
      price: 100,
    });
    expect(placed.json().data.status).toBe('open');
    const summary = (await as('ravi', 'GET', '/group/group-running/account')).json().data;
    expect(summary.orders).toEqual([
      expect.objectContaining({ symbol: 'XAUUSD', type: 'limit', price: 100 }),
    ]);
    expect(
      (await as('ravi', 'DELETE', `/group/group-running/orders/${placed.json().data._id}`)).statusCode,
    ).toBe(200);
    expect(
      (await as('ravi', 'DELETE', `/group/group-running/orders/${placed.json().data._id}`)).statusCode,
    ).toBe(404);
  });

  it('serves instruments, quotes and candles', async () => {
    const list = (await as('asha', 'GET', '/instruments')).json().data;
    expect(list.map((item: { symbol: string }) => item.symbol)).toEqual(
      expect.arrayContaining(['EURUSD', 'NIFTY50', 'BTCUSD', 'RELIANCE', 'AAPL', 'XAUUSD']),
    );
    const quotes = (await as('asha', 'GET', '/market/quotes?symbols=NIFTY50')).json().data;
    expect(quotes[0].ask).toBeGreaterThan(quotes[0].bid);
    const candles = (await as('asha', 'GET', '/market/candles/NIFTY50')).json().data;
    expect(candles.length).toBeGreaterThan(0);
    expect((await as('asha', 'GET', '/market/candles/NOPE')).statusCode).toBe(404);
  });
});
