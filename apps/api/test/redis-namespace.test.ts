import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig, redisPrefixFor } from '../src/config.ts';
import { createRedisEventBus } from '../src/providers/events/event-bus.ts';
import { createTestDatabase, testConfig } from './helper.ts';

const redisUrl = process.env.REDIS_URL;
const runId = `cw-test-${process.pid}-${Date.now()}`;

describe('the Redis namespace of a deployment', () => {
  it('defaults to the database’s name, so two deployments on one Redis differ', () => {
    const dataDir = path.join('/tmp', 'data');
    const a = redisPrefixFor(undefined, 'postgres://app@127.0.0.1:5432/candlewise_a', dataDir);
    const b = redisPrefixFor(undefined, 'postgres://app@127.0.0.1:5432/candlewise_b', dataDir);
    expect(a).toBe('candlewise:127.0.0.1:5432:candlewise_a:');
    expect(a).not.toBe(b);
    expect(redisPrefixFor(undefined, undefined, '/srv/one')).not.toBe(
      redisPrefixFor(undefined, undefined, '/srv/two'),
    );
    expect(redisPrefixFor('shop-eu', undefined, dataDir)).toBe('shop-eu:');
    expect(() => loadConfig({ REDIS_PREFIX: 'has space', APP_SECRET: 'x'.repeat(40) })).toThrow(
      /REDIS_PREFIX/,
    );
  });
});

const contact = (app: Awaited<ReturnType<typeof buildApp>>) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/contact',
    payload: { name: 'Ravi', email: 'ravi@example.com', subject: 'Hello', message: 'Testing shared limits.' },
    remoteAddress: '192.0.2.77',
  });

/** Two API processes behind a load balancer must share their limits, or guessing gets N times easier. */
describe.skipIf(!redisUrl)('on one Redis', () => {
  const closers: Array<() => Promise<unknown>> = [];
  let first: Awaited<ReturnType<typeof buildApp>>;
  let second: Awaited<ReturnType<typeof buildApp>>;
  let elsewhere: Awaited<ReturnType<typeof buildApp>>;
  let redis: Redis;

  beforeAll(async () => {
    const database = await createTestDatabase();
    redis = new Redis(redisUrl!);
    const sameDeployment = testConfig({ redisPrefix: `${runId}:one:` });
    first = await buildApp({ config: sameDeployment, database, redis, logger: false });
    second = await buildApp({ config: sameDeployment, database, redis, logger: false });
    elsewhere = await buildApp({
      config: testConfig({ redisPrefix: `${runId}:two:` }),
      database,
      redis,
      logger: false,
    });
    closers.push(
      () => first.close(),
      () => second.close(),
      () => elsewhere.close(),
      () => redis.quit(),
      () => database.close(),
    );
  });
  afterAll(async () => {
    for (const close of closers) await close();
  });

  it('counts contact messages from one address across both processes of a deployment, not another’s', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await contact(i % 2 === 0 ? first : second)).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    // The same address on another deployment sharing the Redis server starts from zero.
    expect((await contact(elsewhere)).statusCode).toBe(201);
    // A limit of our own (per address, on sign-up) is kept under the prefix, its name and what it counts.
    const signUp = await first.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: { email: `${runId}@example.com`, password: 'a-long-enough-password' },
      remoteAddress: '192.0.2.77',
    });
    expect(signUp.statusCode).toBe(201);
    const keys = await redis.keys(`${runId}:*`);
    for (const key of keys) expect(key).not.toMatch(/undefined/);
    expect(keys).toContain(`${runId}:one:rate-limit:signup:ip:192.0.2.77`);
  });

  it('delivers events within a deployment and never to another one', async () => {
    const busOne = createRedisEventBus(redis, `${runId}:one:`);
    const busOneOther = createRedisEventBus(redis, `${runId}:one:`);
    const busTwo = createRedisEventBus(redis, `${runId}:two:`);
    const heardByOne: unknown[] = [];
    const heardByTwo: unknown[] = [];
    await busOneOther.subscribe('trading:quotes', (payload) => heardByOne.push(payload));
    await busTwo.subscribe('trading:quotes', (payload) => heardByTwo.push(payload));
    await busOne.publish('trading:quotes', [{ symbol: 'NIFTY50', mid: 24_300 }]);
    const deadline = Date.now() + 2000;
    while (!heardByOne.length && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heardByOne).toEqual([[{ symbol: 'NIFTY50', mid: 24_300 }]]);
    expect(heardByTwo).toEqual([]);
    for (const bus of [busOne, busOneOther, busTwo]) await bus.close();
  });
});
