import { groupParticipants, tradingAccounts, users } from '@candlewise/db';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { addApprovedMembers, type Member } from './competition-members.ts';
import { bearer, createTestDatabase, testConfig } from './helper.ts';

// Issue #40: a member's cached reads (their account, for a second) must survive the order flow of
// everyone else, or under load no cached read is ever served; their own write must still be seen
// by their next read, and a write that may touch someone else's data (an admin's approval) must
// still make everyone's next read here fresh. The cache's second is held still (only Date is
// faked), so the test does not depend on how fast the machine answers.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let app: FastifyInstance;
let asha: Member;
let bala: Member;
let cara: Member;
let admin: Member;

const as = (member: Member, method: 'GET' | 'POST', url: string, payload?: object) =>
  app.inject({ method, url: `/api/v1${url}`, headers: bearer(member.token), payload });

async function startingBalanceShown(member: Member): Promise<number> {
  const response = await as(member, 'GET', '/group/group-running/account');
  expect(response.statusCode).toBe(200);
  return response.json().data.account.startingBalance;
}

/** A change the API did not make (as the engine's own writes are): only a fresh read shows it. */
async function changeBehindTheApi(member: Member) {
  await database.db
    .update(tradingAccounts)
    .set({ startingBalance: sql`${tradingAccounts.startingBalance} + 7` })
    .where(eq(tradingAccounts.id, member.accountId));
}

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  database = await createTestDatabase();
  const config = testConfig();
  app = await buildApp({ config, database, logger: false });
  [asha, bala, cara, admin] = await addApprovedMembers(
    database.db,
    config.appSecret,
    'group-running',
    4,
    'cache',
  );
  await database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.userId));
  // Cara's request to join waits for the admin (her account, made by the helper, stays unused).
  await database.db
    .update(groupParticipants)
    .set({ status: 'pending', decidedAt: null })
    .where(and(eq(groupParticipants.userId, cara.userId), eq(groupParticipants.groupId, 'group-running')));
  app.tradingEngine.setPrice('NIFTY50', 20_000);
});
afterAll(async () => {
  await app.close();
  await database.close();
  vi.useRealTimers();
});

describe("a member's cached account read", () => {
  it("is kept through another member's order, and my own order shows on my next read", async () => {
    const before = await startingBalanceShown(asha);
    await changeBehindTheApi(asha);

    const order = { symbol: 'NIFTY50', side: 'buy', type: 'market', quantity: 1 };
    expect((await as(bala, 'POST', '/group/group-running/orders', order)).statusCode).toBe(201);
    expect(await startingBalanceShown(asha)).toBe(before);

    expect((await as(asha, 'POST', '/group/group-running/orders', order)).statusCode).toBe(201);
    expect(await startingBalanceShown(asha)).toBe(before + 7);
  });

  it("is read again after an admin's approval of someone else", async () => {
    const before = await startingBalanceShown(asha);
    await changeBehindTheApi(asha);
    expect(await startingBalanceShown(asha)).toBe(before);

    const [request] = await database.db
      .select({ id: groupParticipants.id })
      .from(groupParticipants)
      .where(and(eq(groupParticipants.userId, cara.userId), eq(groupParticipants.groupId, 'group-running')));
    const approval = await as(
      admin,
      'POST',
      `/admin/groups/group-running/participants/${request.id}/approve`,
    );
    expect(approval.statusCode).toBe(200);
    expect(await startingBalanceShown(asha)).toBe(before + 7);
  });

  it("is kept through another member's cancel and stop-loss edit, and read again after mine", async () => {
    const limit = { symbol: 'NIFTY50', side: 'buy', type: 'limit', quantity: 1, price: 19_000 };
    const [mine, theirs, theirsToo] = await Promise.all([
      as(asha, 'POST', '/group/group-running/orders', limit),
      as(bala, 'POST', '/group/group-running/orders', limit),
      as(bala, 'POST', '/group/group-running/orders', limit),
    ]);
    expect([mine.statusCode, theirs.statusCode, theirsToo.statusCode]).toEqual([201, 201, 201]);
    const orderUrl = (order: typeof mine) => `/api/v1/group/group-running/orders/${order.json().data._id}`;
    const protect = (member: Member, order: typeof mine) =>
      app.inject({
        method: 'PATCH',
        url: orderUrl(order),
        headers: bearer(member.token),
        payload: { stopLoss: 18_000 },
      });
    const cancel = (member: Member, order: typeof mine) =>
      app.inject({ method: 'DELETE', url: orderUrl(order), headers: bearer(member.token) });

    const shown = await startingBalanceShown(asha);
    await changeBehindTheApi(asha);
    expect((await protect(bala, theirs)).statusCode).toBe(200);
    expect((await cancel(bala, theirsToo)).statusCode).toBe(200);
    expect(await startingBalanceShown(asha)).toBe(shown);

    expect((await protect(asha, mine)).statusCode).toBe(200);
    expect(await startingBalanceShown(asha)).toBe(shown + 7);
    await changeBehindTheApi(asha);
    expect((await cancel(asha, mine)).statusCode).toBe(200);
    expect(await startingBalanceShown(asha)).toBe(shown + 14);
  });
});
