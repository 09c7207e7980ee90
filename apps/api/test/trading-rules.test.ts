import { fills, notifications, orders, tradingAccounts } from '@candlewise/db';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import {
  checkLedgerInvariants,
  formatLedgerReport,
} from '../src/services/trading/check-ledger-invariants.ts';
import { REMOVED_FROM_COMPETITION } from '../src/services/trading/trading-access.ts';
import { createOnboardedUser } from '../src/services/users/create-onboarded-user.ts';
import { bearer, createTestDatabase, testConfig } from './helper.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let app: FastifyInstance;
const people: Record<string, { id: string; token: string }> = {};
let cup: string;

const as = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url: `/api/v1${url}`, headers: bearer(people[who].token), payload });

async function participantId(groupId: string, who: string) {
  const requests = (await as('admin', 'GET', `/admin/groups/${groupId}/participants`)).json().data;
  return requests.find((row: { userId: string }) => row.userId === people[who].id)._id as string;
}

async function join(who: string, groupId: string) {
  await as(who, 'POST', `/group/${groupId}/participants`, { userId: people[who].id });
  const id = await participantId(groupId, who);
  expect((await as('admin', 'POST', `/admin/groups/${groupId}/participants/${id}/approve`)).statusCode).toBe(
    200,
  );
}

const order = (who: string, body: object) => as(who, 'POST', `/group/${cup}/orders`, body);
const bell = (who: string, kind: string) =>
  database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, people[who].id), eq(notifications.kind, kind)));

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ config: testConfig(), database, logger: false });
  await app.tradingEngine.tryLead();
  for (const [name, role] of [
    ['mira', 'user'],
    ['omar', 'user'],
    ['lena', 'user'],
    ['newcomer', 'user'],
    ['admin', 'admin'],
  ] as const) {
    const user = await createOnboardedUser(database.db, {
      email: `${name}@rules.test`,
      password: 'password-for-tests',
      role,
    });
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: `${name}@rules.test`, password: 'password-for-tests' },
    });
    people[name] = { id: user.id, token: login.json().data.token };
  }
  // A running rupee competition without the freeze rule, so prices can be set freely.
  const created = await as('admin', 'POST', '/admin/groups', {
    name: 'Rules Cup',
    startDate: new Date(Date.now() - 3_600_000).toISOString(),
    endDate: new Date(Date.now() + 86_400_000).toISOString(),
    freezeDuration: 0,
    freezeThreshold: 0,
    instruments: ['NIFTY50', 'XAUUSD', 'BTCUSD', 'EURUSD'],
  });
  expect(created.statusCode).toBe(201);
  expect(created.json().data.currency).toBe('INR');
  cup = created.json().data._id;
  await join('mira', cup);
  await join('omar', cup);
  await join('lena', cup);
});
afterAll(async () => {
  expect((await checkLedgerInvariants(database.db)).violations).toBe(0);
  await app.close();
  await database.close();
});

describe('quantities and prices follow the instrument', () => {
  it('refuses quantities off the lot step or under the minimum, naming the step', async () => {
    app.tradingEngine.setPrice('NIFTY50', 20_000);
    app.tradingEngine.setPrice('BTCUSD', 90_000);
    const half = await order('mira', { symbol: 'NIFTY50', side: 'buy', quantity: 1.5 });
    expect(half.statusCode).toBe(400);
    expect(half.json().details).toEqual([
      { path: 'quantity', message: 'NIFTY50 quantities go in steps of 1.' },
    ]);
    const dust = await order('mira', { symbol: 'BTCUSD', side: 'buy', quantity: 0.0000004 });
    expect(dust.statusCode).toBe(400);
    expect(dust.json().message).toBe('The smallest BTCUSD order is 0.0001.');
    const fine = await order('mira', { symbol: 'BTCUSD', side: 'buy', quantity: 0.0003 });
    expect(fine.statusCode).toBe(201);
    const summary = (await as('mira', 'GET', `/group/${cup}/account`)).json().data;
    expect(summary.positions).toEqual([expect.objectContaining({ symbol: 'BTCUSD', quantity: 0.0003 })]);
  });

  it('refuses prices, stop-losses and take-profits off the tick size', async () => {
    const limit = await order('mira', {
      symbol: 'NIFTY50',
      side: 'buy',
      type: 'limit',
      quantity: 1,
      price: 19_000.03,
    });
    expect(limit.statusCode).toBe(400);
    expect(limit.json().details).toEqual([
      { path: 'price', message: "Price must be a multiple of NIFTY50's tick size, 0.05." },
    ]);
    const stop = await order('mira', { symbol: 'NIFTY50', side: 'buy', quantity: 1, stopLoss: 19_500.01 });
    expect(stop.json().details[0].path).toBe('stopLoss');
  });
});

describe('one currency of account', () => {
  it('books a dollar-quoted trade in rupees at the USDINR rate, and says so', async () => {
    app.tradingEngine.setPrice('USDINR', 84);
    app.tradingEngine.setPrice('XAUUSD', 2_600);
    const buy = await order('omar', { symbol: 'XAUUSD', side: 'buy', quantity: 2 });
    expect(buy.json().data.fillPrice).toBe(2_600.15); // the ask (spread 0.3)
    app.tradingEngine.setPrice('XAUUSD', 2_610);
    const open = (await as('omar', 'GET', `/group/${cup}/account`)).json().data;
    expect(open.account.currency).toBe('INR');
    // Open P&L: (2,609.85 bid − 2,600.15) × 2 = 19.40 USD = ₹1,629.60 at 84.
    expect(open.positions[0]).toMatchObject({
      symbol: 'XAUUSD',
      quoteCurrency: 'USD',
      unrealizedPnl: 1_629.6,
    });
    expect(open.account.equity).toBe(100_000 + 1_629.6);
    const closed = await as('omar', 'POST', `/group/${cup}/positions/XAUUSD/close`);
    expect(closed.statusCode).toBe(200);
    const after = (await as('omar', 'GET', `/group/${cup}/account`)).json().data;
    expect(after.account.balance).toBe(101_629.6);
    expect(after.fills[0]).toMatchObject({ reason: 'order', realizedPnl: 1_629.6, fxRate: 84 });
    const board = (await as('omar', 'GET', `/group/${cup}/leaderboard`)).json().data;
    expect(board.currency).toBe('INR');
  });

  it('keeps the currency once members hold accounts in it', async () => {
    const group = (await as('admin', 'GET', `/group/${cup}`)).json().data;
    const edit = await as('admin', 'PUT', `/admin/groups/${cup}`, {
      name: group.name,
      description: group.description,
      startDate: group.startDate,
      endDate: group.endDate,
      freezeDuration: group.freezeDuration,
      freezeThreshold: group.freezeThreshold,
      startingBalance: group.startingBalance,
      registrationOpen: group.registrationOpen,
      instruments: group.instruments,
      currency: 'USD',
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(
      'Members already hold INR accounts in this competition, so its currency cannot change.',
    );
  });
});

describe('buying power counts pending orders', () => {
  it('refuses a resting order that would stack exposure past 10× equity', async () => {
    app.tradingEngine.setPrice('NIFTY50', 20_000);
    // Lena: 100,000 of equity, so 1,000,000 of exposure. Two resting buys of 25 at 19,000 fit
    // (worst case 50 × 20,000 = 1,000,000); a third does not, though no position exists yet.
    for (let i = 0; i < 2; i += 1) {
      const ok = await order('lena', {
        symbol: 'NIFTY50',
        side: 'buy',
        type: 'limit',
        quantity: 25,
        price: 19_000,
      });
      expect(ok.statusCode).toBe(201);
    }
    const third = await order('lena', {
      symbol: 'NIFTY50',
      side: 'buy',
      type: 'limit',
      quantity: 1,
      price: 19_000,
    });
    expect(third.statusCode).toBe(400);
    expect(third.json().details[0]).toEqual({
      path: 'quantity',
      message:
        'This order needs more buying power: your positions and pending orders may not pass 10× your equity. Reduce the quantity.',
    });
    // A resting sell that only offsets what the buys would hold uses none.
    const offset = await order('lena', {
      symbol: 'NIFTY50',
      side: 'sell',
      type: 'limit',
      quantity: 10,
      price: 21_000,
    });
    expect(offset.statusCode).toBe(201);
    const account = (await as('lena', 'GET', `/group/${cup}/account`)).json().data.account;
    expect(account).toMatchObject({ leverage: 10, exposure: 1_000_000, buyingPower: 0 });
  });

  it('cancels a resting order whose fill would pass the limit when it triggers, and says why', async () => {
    // Lena buys 20 at market, so the resting buys now add to a real position: an offsetting
    // sell first, then a fall in price cuts her equity below what the resting buys need.
    for (const open of (await as('lena', 'GET', `/group/${cup}/account`)).json().data.orders)
      await as('lena', 'DELETE', `/group/${cup}/orders/${open._id}`);
    expect((await order('lena', { symbol: 'NIFTY50', side: 'buy', quantity: 20 })).statusCode).toBe(201);
    const resting = await order('lena', {
      symbol: 'NIFTY50',
      side: 'buy',
      type: 'limit',
      quantity: 25,
      price: 19_000,
    });
    expect(resting.statusCode).toBe(201);
    app.tradingEngine.setPrice('NIFTY50', 18_990); // equity ≈ 79,790: 45 × 18,990 > 797,900
    const events = await app.tradingEngine.tickOnce(Date.now(), app.tradingEngine.currentQuotes());
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'order_canceled', reason: 'buying_power' }),
    );
    const [row] = await database.db.select().from(orders).where(eq(orders.id, resting.json().data._id));
    expect(row).toMatchObject({ status: 'canceled', cancelReason: 'buying_power' });
    expect(await database.db.select().from(fills).where(eq(fills.orderId, row.id))).toEqual([]);
    const told = await bell('lena', 'order_canceled');
    expect(told).toHaveLength(1);
    expect(told[0].message).toMatch(/past 10× your equity/);
  });
});

describe('a member removed after approval', () => {
  it('has positions closed and orders cancelled, cannot trade, leaves the standings, and is told once', async () => {
    app.tradingEngine.setPrice('NIFTY50', 20_000);
    expect((await order('mira', { symbol: 'NIFTY50', side: 'buy', quantity: 3 })).statusCode).toBe(201);
    expect(
      (await order('mira', { symbol: 'NIFTY50', side: 'sell', type: 'limit', quantity: 1, price: 25_000 }))
        .statusCode,
    ).toBe(201);
    const id = await participantId(cup, 'mira');
    for (let i = 0; i < 2; i += 1)
      expect((await as('admin', 'POST', `/admin/groups/${cup}/participants/${id}/reject`)).statusCode).toBe(
        200,
      );

    const [account] = await database.db
      .select()
      .from(tradingAccounts)
      .where(and(eq(tradingAccounts.groupId, cup), eq(tradingAccounts.userId, people.mira.id)));
    expect(account.removedAt).not.toBeNull();
    const closing = await database.db
      .select()
      .from(fills)
      .where(and(eq(fills.accountId, account.id), eq(fills.reason, 'removed')));
    expect(closing.map((fill) => fill.symbol).sort()).toEqual(['BTCUSD', 'NIFTY50']);
    const open = await database.db
      .select()
      .from(orders)
      .where(and(eq(orders.accountId, account.id), eq(orders.status, 'open')));
    expect(open).toEqual([]);

    const refused = await order('mira', { symbol: 'NIFTY50', side: 'buy', quantity: 1 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(REMOVED_FROM_COMPETITION);
    const board = (await as('admin', 'GET', `/group/${cup}/leaderboard`)).json().data.rows;
    expect(board.map((row: { userId: string }) => row.userId)).not.toContain(people.mira.id);
    expect((await as('mira', 'GET', `/group/${cup}/leaderboard`)).statusCode).toBe(403);
    expect(await bell('mira', 'group_rejected')).toHaveLength(1);
    const report = await checkLedgerInvariants(database.db);
    expect(report.violations, formatLedgerReport(report)).toBe(0);
  });

  it('approving a member loads that member alone into the engine, not the whole competition', async () => {
    const engine = app.tradingEngine;
    const wholeGroup = vi.spyOn(engine, 'loadGroups');
    try {
      await join('newcomer', cup);
      await engine.flush();
      expect(wholeGroup).not.toHaveBeenCalled();
      expect(engine.accountState(cup, people.newcomer.id)).toMatchObject({ balance: 100_000, version: 0 });
    } finally {
      wholeGroup.mockRestore();
    }
  });

  it('approving twice says "You are in!" once', async () => {
    const id = await participantId(cup, 'omar');
    expect((await as('admin', 'POST', `/admin/groups/${cup}/participants/${id}/approve`)).statusCode).toBe(
      200,
    );
    expect(await bell('omar', 'group_approved')).toHaveLength(1);
  });
});
