import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createTestDatabase, testConfig } from './helper.ts';

const redisUrl = process.env.REDIS_URL;

/** Two API processes behind a load balancer must share their limits, or guessing gets N times easier. */
describe.skipIf(!redisUrl)('rate limits shared through Redis', () => {
  const closers: Array<() => Promise<unknown>> = [];
  let first: Awaited<ReturnType<typeof buildApp>>;
  let second: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    const database = await createTestDatabase();
    const makeRedis = () => new Redis(redisUrl!, { keyPrefix: `cw-test-${process.pid}-${Date.now()}:` });
    const redisA = makeRedis();
    const redisB = new Redis(redisUrl!, { keyPrefix: redisA.options.keyPrefix });
    first = await buildApp({ config: testConfig(), database, redis: redisA, logger: false });
    second = await buildApp({ config: testConfig(), database, redis: redisB, logger: false });
    closers.push(
      () => first.close(),
      () => second.close(),
      () => redisA.quit(),
      () => redisB.quit(),
      () => database.close(),
    );
  });
  afterAll(async () => {
    for (const close of closers) await close();
  });

  it('counts contact messages from one address across both processes', async () => {
    const payload = {
      name: 'Ravi',
      email: 'ravi@example.com',
      subject: 'Hello',
      message: 'Testing shared limits.',
    };
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const app = i % 2 === 0 ? first : second;
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/contact',
        payload,
        remoteAddress: '192.0.2.77',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });
});
