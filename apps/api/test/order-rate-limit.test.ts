import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createOnboardedUser } from '../src/services/users/create-onboarded-user.ts';
import { bearer, createTestDatabase, testConfig } from './helper.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let app: FastifyInstance;
const people: Record<string, { id: string; token: string }> = {};

const as = (who: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  app.inject({ method, url: `/api/v1${url}`, headers: bearer(people[who].token), payload });

beforeAll(async () => {
  database = await createTestDatabase();
  // A small limit, so a flood is a dozen orders; the default is checked on its own below.
  app = await buildApp({ config: testConfig({ ordersPerMemberPerMinute: 5 }), database, logger: false });
  await app.tradingEngine.tryLead();
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
  for (const who of ['asha', 'ravi']) {
    await as(who, 'POST', '/group/group-running/participants', { userId: people[who].id });
    const requests = (await as('admin', 'GET', '/admin/groups/group-running/participants')).json().data;
    const request = requests.find((row: { userId: string }) => row.userId === people[who].id);
    await as('admin', 'POST', `/admin/groups/group-running/participants/${request._id}/approve`);
  }
  app.tradingEngine.setPrice('NIFTY50', 20_000);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const order = (who: string) =>
  as(who, 'POST', '/group/group-running/orders', {
    symbol: 'NIFTY50',
    side: 'buy',
    type: 'market',
    quantity: 1,
  });

describe('orders per member', () => {
  it('answers a flood of orders from one member with 429, a sentence and Retry-After', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, () => order('asha')));
    const accepted = answers.filter((answer) => answer.statusCode === 201);
    const limited = answers.filter((answer) => answer.statusCode === 429);
    expect(accepted.length).toBe(5);
    expect(limited.length).toBe(7);
    expect(limited[0]?.json()).toEqual({
      success: false,
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/^Too many orders\. Please wait \d+ seconds? and try again\.$/),
    });
    expect(limited[0]?.headers['retry-after']).toMatch(/^\d+$/);
  });

  it('does not hold back another member', async () => {
    expect((await order('ravi')).statusCode).toBe(201);
  });

  it('allows a person or a small script 60 orders a minute unless ORDERS_PER_MEMBER_PER_MINUTE says otherwise', () => {
    const base = { NODE_ENV: 'test', APP_SECRET: 'test-secret-test-secret-test-secret-0123456789' };
    expect(loadConfig(base).ordersPerMemberPerMinute).toBe(60);
    expect(loadConfig({ ...base, ORDERS_PER_MEMBER_PER_MINUTE: '1000' }).ordersPerMemberPerMinute).toBe(1000);
    expect(() => loadConfig({ ...base, ORDERS_PER_MEMBER_PER_MINUTE: '0' })).toThrow(
      /ORDERS_PER_MEMBER_PER_MINUTE/,
    );
  });
});
