import { fills, orders, positions, tradingAccounts } from '@candlewise/db';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import {
  checkLedgerInvariants,
  formatLedgerReport,
} from '../src/services/trading/check-ledger-invariants.ts';
import { createOnboardedUser } from '../src/services/users/create-onboarded-user.ts';
import { addApprovedMembers, type Member } from './competition-members.ts';
import { bearer, createTestDatabase, testConfig } from './helper.ts';

/**
 * Issue #17: the stop-loss and take-profit of open positions and pending orders can be changed
 * (PATCH), only by their owner, only on the right side of the price, and never in a way that races
 * a fill: the change and the engine's fills both go through the account's row lock.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let app: FastifyInstance;
const people: Record<string, { id: string; token: string }> = {};
const GROUP = 'group-running';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (token: string, method: Method, url: string, payload?: object) =>
  app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), payload });
const as = (who: string, method: Method, url: string, payload?: object) =>
  call(people[who].token, method, url, payload);

async function joinAndApprove(who: string) {
  await as(who, 'POST', `/group/${GROUP}/participants`, { userId: people[who].id });
  const requests = (await as('admin', 'GET', `/admin/groups/${GROUP}/participants`)).json().data;
  const request = requests.find((row: { userId: string }) => row.userId === people[who].id);
  await as('admin', 'POST', `/admin/groups/${GROUP}/participants/${request._id}/approve`);
}

async function positionRow(userId: string, symbol: string) {
  const [row] = await database.db
    .select({ stopLoss: positions.stopLoss, takeProfit: positions.takeProfit, quantity: positions.quantity })
    .from(positions)
    .innerJoin(tradingAccounts, eq(tradingAccounts.id, positions.accountId))
    .where(
      and(
        eq(tradingAccounts.userId, userId),
        eq(tradingAccounts.groupId, GROUP),
        eq(positions.symbol, symbol),
      ),
    );
  return row ?? null;
}

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ config: testConfig(), database, logger: false });
  await app.tradingEngine.tryLead();
  for (const [name, role] of [
    ['asha', 'user'],
    ['ravi', 'user'],
    ['mira', 'user'],
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
  await joinAndApprove('asha');
  await joinAndApprove('ravi');
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('stop-loss and take-profit of an open position (PATCH /group/{id}/positions/{symbol})', () => {
  it('sets, keeps and removes the levels, and the summary and the database show them', async () => {
    app.tradingEngine.setPrice('NIFTY50', 20_000); // bid 19,999.5, ask 20,000.5
    const bought = await as('asha', 'POST', `/group/${GROUP}/orders`, {
      symbol: 'NIFTY50',
      side: 'buy',
      quantity: 2,
    });
    expect(bought.statusCode).toBe(201);

    const set = await as('asha', 'PATCH', `/group/${GROUP}/positions/NIFTY50`, {
      stopLoss: 19_900,
      takeProfit: 20_500,
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({
      success: true,
      message: 'Stop-loss and take-profit saved.',
      data: { stopLoss: 19_900, takeProfit: 20_500 },
    });
    expect(await positionRow(people.asha.id, 'NIFTY50')).toEqual({
      quantity: 2,
      stopLoss: 19_900,
      takeProfit: 20_500,
    });

    // A level left out stays; null removes one.
    const removed = await as('asha', 'PATCH', `/group/${GROUP}/positions/NIFTY50`, { takeProfit: null });
    expect(removed.json().data).toEqual({ stopLoss: 19_900, takeProfit: null });
    const summary = (await as('asha', 'GET', `/group/${GROUP}/account`)).json().data;
    expect(summary.positions).toEqual([
      expect.objectContaining({ symbol: 'NIFTY50', quantity: 2, stopLoss: 19_900, takeProfit: null }),
    ]);
    // The ticket's conversion rates come with the account (an INR competition: INR and USD quotes).
    expect(summary.rates.INR).toBe(1);
    expect(summary.rates.USD).toBeGreaterThan(50);
  });

  it('refuses a level on the wrong side of the current price with a sentence, and off the tick size', async () => {
    app.tradingEngine.setPrice('NIFTY50', 20_000);
    const through = await as('asha', 'PATCH', `/group/${GROUP}/positions/NIFTY50`, { stopLoss: 20_100 });
    expect(through.statusCode).toBe(400);
    expect(through.json()).toMatchObject({
      success: false,
      code: 'VALIDATION_FAILED',
      message: 'A long position’s stop-loss must be below the current price (19999.5).',
      details: [
        {
          path: 'stopLoss',
          message: 'A long position’s stop-loss must be below the current price (19999.5).',
        },
      ],
    });
    const target = await as('asha', 'PATCH', `/group/${GROUP}/positions/NIFTY50`, { takeProfit: 19_000 });
    expect(target.statusCode).toBe(400);
    expect(target.json().details[0]).toEqual({
      path: 'takeProfit',
      message: 'A long position’s take-profit must be above the current price (19999.5).',
    });
    const offTick = await as('asha', 'PATCH', `/group/${GROUP}/positions/NIFTY50`, { stopLoss: 19_900.03 });
    expect(offTick.statusCode).toBe(400);
    expect(offTick.json().details[0]).toEqual({
      path: 'stopLoss',
      message: "Stop-loss must be a multiple of NIFTY50's tick size, 0.05.",
    });
    const negative = await as('asha', 'PATCH', `/group/${GROUP}/positions/NIFTY50`, { stopLoss: -5 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().details[0]).toEqual({
      path: 'stopLoss',
      message: 'The stop-loss must be more than 0.',
    });
    // The order ticket's old trouble: a negative quantity is refused in words, not zod's.
    const minus = await as('asha', 'POST', `/group/${GROUP}/orders`, {
      symbol: 'NIFTY50',
      side: 'buy',
      quantity: -5,
    });
    expect(minus.statusCode).toBe(400);
    expect(minus.json().details).toEqual([
      { path: 'quantity', message: 'The quantity must be more than 0.' },
    ]);
    const nothing = await as('asha', 'PATCH', `/group/${GROUP}/positions/NIFTY50`, {});
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().details[0].message).toBe('Send a stopLoss or a takeProfit (null removes it).');
    // Nothing changed.
    expect(await positionRow(people.asha.id, 'NIFTY50')).toMatchObject({
      stopLoss: 19_900,
      takeProfit: null,
    });
  });

  it('answers 404 for a position the caller does not hold and 403 to someone not in the competition', async () => {
    const none = await as('ravi', 'PATCH', `/group/${GROUP}/positions/NIFTY50`, { stopLoss: 19_000 });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('You have no open NIFTY50 position.');
    const outsider = await as('mira', 'PATCH', `/group/${GROUP}/positions/NIFTY50`, { stopLoss: 19_000 });
    expect(outsider.statusCode).toBe(403);
    expect(await positionRow(people.asha.id, 'NIFTY50')).toMatchObject({ stopLoss: 19_900 });
  });

  it('lets the engine close the position at the moved stop', async () => {
    const engine = app.tradingEngine;
    const moved = await as('asha', 'PATCH', `/group/${GROUP}/positions/NIFTY50`, { stopLoss: 19_950 });
    expect(moved.statusCode).toBe(200);
    engine.setPrice('NIFTY50', 19_940); // bid 19,939.5: through the new stop, not the old one
    await engine.tickOnce(Date.now(), engine.currentQuotes());
    await engine.flush();
    expect(await positionRow(people.asha.id, 'NIFTY50')).toBeNull();
    const [account] = await database.db
      .select({ id: tradingAccounts.id })
      .from(tradingAccounts)
      .where(and(eq(tradingAccounts.userId, people.asha.id), eq(tradingAccounts.groupId, GROUP)));
    const exits = await database.db
      .select()
      .from(fills)
      .where(and(eq(fills.accountId, account.id), eq(fills.reason, 'stop_loss')));
    expect(exits).toHaveLength(1);
    expect(exits[0]).toMatchObject({ symbol: 'NIFTY50', side: 'sell', quantity: 2, price: 19_939.5 });
  });
});

describe('stop-loss and take-profit of a pending order (PATCH /group/{id}/orders/{orderId})', () => {
  let orderId: string;

  it('sets them against the entry price, and they pass to the position when the order fills', async () => {
    const engine = app.tradingEngine;
    engine.setPrice('XAUUSD', 2_650);
    const placed = await as('asha', 'POST', `/group/${GROUP}/orders`, {
      symbol: 'XAUUSD',
      side: 'buy',
      type: 'limit',
      quantity: 1,
      price: 2_600,
    });
    expect(placed.statusCode).toBe(201);
    orderId = placed.json().data._id;

    const wrong = await as('asha', 'PATCH', `/group/${GROUP}/orders/${orderId}`, { stopLoss: 2_610 });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details[0]).toEqual({
      path: 'stopLoss',
      message: 'A buy’s stop-loss must be below the entry price.',
    });
    const set = await as('asha', 'PATCH', `/group/${GROUP}/orders/${orderId}`, {
      stopLoss: 2_550,
      takeProfit: 2_700,
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().data).toEqual({ stopLoss: 2_550, takeProfit: 2_700 });
    const [row] = await database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row).toMatchObject({ status: 'open', stopLoss: 2_550, takeProfit: 2_700 });
    const summary = (await as('asha', 'GET', `/group/${GROUP}/account`)).json().data;
    expect(summary.orders).toEqual([
      expect.objectContaining({ _id: orderId, stopLoss: 2_550, takeProfit: 2_700 }),
    ]);

    // Someone else's order is not there for them: 404, and nothing changes.
    const other = await as('ravi', 'PATCH', `/group/${GROUP}/orders/${orderId}`, { stopLoss: 2_500 });
    expect(other.statusCode).toBe(404);
    const [still] = await database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(still.stopLoss).toBe(2_550);

    engine.setPrice('XAUUSD', 2_590);
    await engine.tickOnce(Date.now(), engine.currentQuotes());
    await engine.flush();
    expect(await positionRow(people.asha.id, 'XAUUSD')).toEqual({
      quantity: 1,
      stopLoss: 2_550,
      takeProfit: 2_700,
    });
  });

  it('answers 404 once the order is no longer open', async () => {
    const late = await as('asha', 'PATCH', `/group/${GROUP}/orders/${orderId}`, { stopLoss: 2_500 });
    expect(late.statusCode).toBe(404);
    expect(late.json().message).toBe(
      'There is no open order with that id in your account. It may have just filled or been canceled.',
    );
    await as('asha', 'POST', `/group/${GROUP}/positions/XAUUSD/close`);
  });
});

describe('a change of levels racing the engine’s fill', () => {
  let members: Member[];
  const placeFor = (member: Member, body: object) =>
    call(member.token, 'POST', `/group/${GROUP}/orders`, body);

  beforeAll(async () => {
    members = await addApprovedMembers(database.db, app.config.appSecret, GROUP, 30, 'levels');
    await app.tradingEngine.announceGroupChange(GROUP);
  });

  it('either amends the order before it fills (the position gets the levels) or answers 404 after it', async () => {
    const engine = app.tradingEngine;
    engine.setPrice('NIFTY50', 20_000);
    const placed = new Map<string, string>();
    for (const member of members) {
      const response = await placeFor(member, {
        symbol: 'NIFTY50',
        side: 'buy',
        type: 'limit',
        quantity: 1,
        price: 19_990,
      });
      expect(response.statusCode).toBe(201);
      placed.set(member.userId, response.json().data._id);
    }
    await engine.flush();

    // The ask falls through every limit. A third of the members move their order's levels before
    // the tick, a third while it runs, a third after it.
    engine.setPrice('NIFTY50', 19_980);
    const now = Date.now();
    const amend = (member: Member) =>
      call(member.token, 'PATCH', `/group/${GROUP}/orders/${placed.get(member.userId)}`, {
        stopLoss: 19_900,
        takeProfit: 20_100,
      });
    const before = await Promise.all(members.slice(0, 10).map(amend));
    const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const during = await Promise.all([
      ...members.slice(10, 20).map((member, k) => later(k).then(() => amend(member))),
      // The tick starts while the amendments are on their way (authenticated, queued at the desk).
      later(4)
        .then(() => engine.tickOnce(now, engine.currentQuotes()))
        .then(() => null),
    ]);
    const after = await Promise.all(members.slice(20).map(amend));
    expect(before.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    expect(after.map((answer) => answer.statusCode)).toEqual(Array(10).fill(404));
    const answers = [...before, ...during.slice(0, 10), ...after].map((answer) => answer!);
    await engine.tickOnce(now + 1000, engine.currentQuotes());
    await engine.flush();

    const orderRows = await database.db
      .select()
      .from(orders)
      .where(inArray(orders.id, [...placed.values()]));
    expect(orderRows.every((row) => row.status === 'filled')).toBe(true);
    const fillRows = await database.db
      .select()
      .from(fills)
      .where(inArray(fills.orderId, [...placed.values()]));
    expect(fillRows).toHaveLength(members.length);
    let amendedFirst = 0;
    for (const [index, member] of members.entries()) {
      const answer = answers[index];
      const position = await positionRow(member.userId, 'NIFTY50');
      const order = orderRows.find((row) => row.id === placed.get(member.userId))!;
      if (answer.statusCode === 200) {
        amendedFirst += 1;
        // Amended while open: the fill carried the new levels to the position.
        expect(order).toMatchObject({ stopLoss: 19_900, takeProfit: 20_100 });
        expect(position).toEqual({ quantity: 1, stopLoss: 19_900, takeProfit: 20_100 });
      } else {
        // Filled first: the change is refused and nothing half-applied.
        expect(answer.statusCode).toBe(404);
        expect(order).toMatchObject({ stopLoss: null, takeProfit: null });
        expect(position).toEqual({ quantity: 1, stopLoss: null, takeProfit: null });
      }
    }
    expect(amendedFirst).toBeGreaterThanOrEqual(10);
    const report = await checkLedgerInvariants(database.db);
    expect(report.violations, formatLedgerReport(report)).toBe(0);
  });

  it('never brings back a position that its stop closed while the levels were being changed', async () => {
    const engine = app.tradingEngine;
    // Every member holds one NIFTY50 (from the test above); put a stop under it.
    engine.setPrice('NIFTY50', 20_000);
    for (const member of members) {
      const set = await call(member.token, 'PATCH', `/group/${GROUP}/positions/NIFTY50`, {
        stopLoss: 19_950,
        takeProfit: null,
      });
      expect(set.statusCode).toBe(200);
    }
    await engine.flush();

    engine.setPrice('NIFTY50', 19_900); // bid 19,899.5: through every stop
    const now = Date.now();
    const [, ...answers] = await Promise.all([
      engine.tickOnce(now, engine.currentQuotes()),
      ...members.map((member) =>
        call(member.token, 'PATCH', `/group/${GROUP}/positions/NIFTY50`, { takeProfit: 21_000 }),
      ),
    ]);
    await engine.tickOnce(now + 1000, engine.currentQuotes());
    await engine.flush();

    for (const [index, member] of members.entries()) {
      expect([200, 404]).toContain(answers[index].statusCode);
      expect(await positionRow(member.userId, 'NIFTY50')).toBeNull();
    }
    const exits = await database.db
      .select()
      .from(fills)
      .where(
        and(
          inArray(
            fills.accountId,
            members.map((member) => member.accountId),
          ),
          eq(fills.reason, 'stop_loss'),
        ),
      );
    expect(exits).toHaveLength(members.length);
    const report = await checkLedgerInvariants(database.db);
    expect(report.violations, formatLedgerReport(report)).toBe(0);
  });
});
