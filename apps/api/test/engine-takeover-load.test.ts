import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompetitionMemory } from '../src/engine/competition-memory.ts';
import { addApprovedMembers } from './competition-members.ts';
import { bearer, createTestApp, type TestApp, testConfig } from './helper.ts';

let t: TestApp;
let database: TestApp['database'];
let app: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp();
  ({ app, database } = t);
  await app.tradingEngine.tryLead();
});
afterAll(() => t.close());

const memoryOver = () =>
  new CompetitionMemory({
    db: database.db,
    marketFor: (group) => app.tradingEngine.marketFor(group),
    onLoaded: async () => {},
    owns: () => true,
  });

/** What a process knows of a competition's accounts: everything the engine trades on. */
const accountsOf = (memory: CompetitionMemory, groupId: string) =>
  [...(memory.groups.get(groupId)?.accounts.values() ?? [])]
    .map((account) => ({
      id: account.id,
      userId: account.userId,
      balance: account.balance,
      version: account.version,
      positions: [...account.positions.values()],
      openOrders: account.openOrders,
    }))
    .sort((a, b) => a.id.localeCompare(b.id));

describe('competitions taken over together', () => {
  it('are read in one go with every account, position and resting order, as one by one', async () => {
    const members = await addApprovedMembers(
      database.db,
      testConfig().appSecret,
      'group-running',
      3,
      'takeover',
    );
    const order = (token: string, payload: object) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/group/group-running/orders',
        headers: bearer(token),
        payload: { symbol: 'NIFTY50', quantity: 1, ...payload },
      });
    expect((await order(members[0].token, { side: 'buy', type: 'market' })).statusCode).toBe(201);
    expect((await order(members[1].token, { side: 'buy', type: 'limit', price: 1 })).statusCode).toBe(201);
    expect((await order(members[1].token, { side: 'sell', type: 'market' })).statusCode).toBe(201);

    const together = memoryOver();
    await together.loadTaken(['group-running', 'group-upcoming']);
    const oneByOne = memoryOver();
    await oneByOne.loadGroups('group-running');
    await oneByOne.loadGroups('group-upcoming');

    const running = accountsOf(together, 'group-running');
    expect(running).toEqual(accountsOf(oneByOne, 'group-running'));
    expect(accountsOf(together, 'group-upcoming')).toEqual(accountsOf(oneByOne, 'group-upcoming'));
    const of = (userId: string) => running.find((account) => account.userId === userId);
    expect(of(members[0].userId)?.positions).toMatchObject([{ symbol: 'NIFTY50', quantity: 1 }]);
    expect(of(members[1].userId)?.positions).toMatchObject([{ symbol: 'NIFTY50', quantity: -1 }]);
    expect(of(members[1].userId)?.openOrders).toMatchObject([{ type: 'limit', price: 1 }]);
    expect(of(members[2].userId)).toMatchObject({ positions: [], openOrders: [] });
  });
});
