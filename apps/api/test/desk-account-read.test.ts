import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createOnboardedUser } from '../src/services/users/create-onboarded-user.ts';
import { bearer, createTestDatabase, testConfig } from './helper.ts';

// The desk's account read while the member's own orders are being booked (issue #40's desk load):
// what one read shows must be one state of the account, never the balance of one moment beside the
// fills of another.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let app: FastifyInstance;
const people: Record<string, { id: string; token: string }> = {};

const as = (who: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  app.inject({ method, url: `/api/v1${url}`, headers: bearer(people[who].token), payload });

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ config: testConfig(), database, logger: false });
  await app.tradingEngine.tryLead();
  for (const [name, role] of [
    ['asha', 'user'],
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
  await as('asha', 'POST', '/group/group-running/participants', { userId: people.asha.id });
  const requests = (await as('admin', 'GET', '/admin/groups/group-running/participants')).json().data;
  const request = requests.find((row: { userId: string }) => row.userId === people.asha.id);
  await as('admin', 'POST', `/admin/groups/group-running/participants/${request._id}/approve`);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

type Summary = {
  account: { balance: number; startingBalance: number; trades: number };
  fills: Array<{ realizedPnl: number }>;
};

describe('the account read during a flow of orders', () => {
  it('shows one state of the account: its trade count and balance agree with the fills it lists', async () => {
    app.tradingEngine.setPrice('NIFTY50', 20_000);
    const work: Array<Promise<unknown>> = [];
    const reads: Array<Promise<Summary>> = [];
    for (let n = 0; n < 24; n += 1) {
      work.push(
        as('asha', 'POST', '/group/group-running/orders', {
          symbol: 'NIFTY50',
          side: n % 2 === 0 ? 'buy' : 'sell',
          type: 'market',
          quantity: 1,
        }).then((response) => expect(response.statusCode).toBe(201)),
      );
      reads.push(
        as('asha', 'GET', '/group/group-running/account').then((response) => {
          expect(response.statusCode).toBe(200);
          return response.json().data as Summary;
        }),
      );
    }
    await Promise.all(work);
    const seen = await Promise.all(reads);
    for (const summary of seen) {
      expect(summary.fills.length).toBe(summary.account.trades);
      const realizedCents = summary.fills.reduce((sum, fill) => sum + Math.round(fill.realizedPnl * 100), 0);
      expect(Math.round(summary.account.balance * 100)).toBe(
        Math.round(summary.account.startingBalance * 100) + realizedCents,
      );
    }
    // The last read after the orders shows all of them.
    const after = (await as('asha', 'GET', '/group/group-running/account')).json().data as Summary;
    expect(after.account.trades).toBe(24);
  });

  it('answers each of many reads at once on its own: a member sees its account, a non-member 403', async () => {
    const reads = await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        as(n % 3 === 0 ? 'admin' : 'asha', 'GET', '/group/group-running/account'),
      ),
    );
    reads.forEach((response, n) => {
      if (n % 3 === 0) {
        expect(response.statusCode).toBe(403);
      } else {
        expect(response.statusCode).toBe(200);
        expect(response.json().data.account.trades).toBe(24);
      }
    });
  });
});
