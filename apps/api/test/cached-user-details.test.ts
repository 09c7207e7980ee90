import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createRedisEventBus, type EventBus } from '../src/providers/events/event-bus.ts';
import { createOnboardedUser } from '../src/services/users/create-onboarded-user.ts';
import { addApprovedMembers } from './competition-members.ts';
import { bearer, createTestDatabase, testConfig } from './helper.ts';

const PASSWORD = 'password-for-tests';

async function signIn(app: FastifyInstance, email: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password: PASSWORD },
  });
  expect(response.statusCode).toBe(200);
  const { token, user } = response.json().data;
  return { token: token as string, userId: user._id as string };
}

const details = async (app: FastifyInstance, me: { token: string; userId: string }) => {
  const response = await app.inject({
    method: 'GET',
    url: `/api/v1/user/details/${me.userId}`,
    headers: bearer(me.token),
  });
  expect(response.statusCode).toBe(200);
  return response.json().data.userData as { firstName: string; role: string };
};

/**
 * GET /user/details is answered from the identity cache (read on every page load). Two API
 * processes on one database and one Redis, round-robin: a change made through one is what the
 * other answers on the very next read.
 */
describe.skipIf(!process.env.REDIS_URL)('user details across API processes sharing Redis', () => {
  const namespace = `cw-cached-details-${process.pid}-${Date.now()}:`;
  const closers: Array<() => Promise<unknown>> = [];
  let first: FastifyInstance;
  let second: FastifyInstance;

  beforeAll(async () => {
    const database = await createTestDatabase();
    const redis = new Redis(process.env.REDIS_URL!);
    const config = testConfig({ redisPrefix: namespace });
    const buses: EventBus[] = [createRedisEventBus(redis, namespace), createRedisEventBus(redis, namespace)];
    first = await buildApp({ config, database, redis, eventBus: buses[0], logger: false });
    second = await buildApp({ config, database, redis, eventBus: buses[1], logger: false });
    closers.push(
      () => first.close(),
      () => second.close(),
      () => buses[0].close(),
      () => buses[1].close(),
      () => redis.quit(),
      () => database.close(),
    );
  });
  afterAll(async () => {
    for (const close of closers) await close();
  });

  it("the author's next read on the other process shows their own change", async () => {
    await createOnboardedUser(first.database.db, {
      email: 'cached-author@example.com',
      password: PASSWORD,
      firstName: 'Before',
    });
    const me = await signIn(first, 'cached-author@example.com');
    // Both processes have read (and cached) the user.
    expect((await details(first, me)).firstName).toBe('Before');
    expect((await details(second, me)).firstName).toBe('Before');

    const update = await first.inject({
      method: 'PUT',
      url: '/api/v1/user/update/user-details',
      headers: bearer(me.token),
      payload: { userId: me.userId, firstName: 'After' },
    });
    expect(update.statusCode).toBe(200);
    expect((await details(second, me)).firstName).toBe('After');
    expect((await details(first, me)).firstName).toBe('After');
  });

  it("an administrator's change to a user reaches that user's next read on every process", async () => {
    await createOnboardedUser(first.database.db, {
      email: 'cached-admin@example.com',
      password: PASSWORD,
      role: 'admin',
    });
    await createOnboardedUser(first.database.db, { email: 'cached-learner@example.com', password: PASSWORD });
    const admin = await signIn(first, 'cached-admin@example.com');
    const learner = await signIn(second, 'cached-learner@example.com');
    expect((await details(second, learner)).role).toBe('user');

    const promoted = await first.inject({
      method: 'PATCH',
      url: `/api/v1/admin/users/${learner.userId}`,
      headers: bearer(admin.token),
      payload: { role: 'admin' },
    });
    expect(promoted.statusCode).toBe(200);
    expect((await details(second, learner)).role).toBe('admin');
  });

  it('a lesson marked done on one process shows in the course and the catalogue read on the other', async () => {
    await createOnboardedUser(first.database.db, { email: 'cached-courses@example.com', password: PASSWORD });
    const me = await signIn(first, 'cached-courses@example.com');
    const get = async (app: FastifyInstance, url: string) => {
      const response = await app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(me.token) });
      expect(response.statusCode).toBe(200);
      return response.json().data;
    };
    const course = await get(second, '/courses/course1');
    expect(course.completedVideoIds).toEqual([]);
    expect((await get(second, '/courses'))[0]).toMatchObject({ completedCount: 0 });

    const marked = await first.inject({
      method: 'PUT',
      url: `/api/v1/courses/course1/videos/${course.videos[0].id}/completion`,
      headers: bearer(me.token),
    });
    expect(marked.statusCode).toBe(200);
    expect((await get(second, '/courses/course1')).completedVideoIds).toEqual([course.videos[0].id]);
    expect((await get(second, '/courses'))[0]).toMatchObject({ completedCount: 1 });
  });

  it("an order placed on one process is in the author's account read on the other at once", async () => {
    const [trader] = await addApprovedMembers(
      first.database.db,
      testConfig().appSecret,
      'group-running',
      1,
      'cached-order',
    );
    const me = { token: trader.token, userId: trader.userId };
    const account = async (app: FastifyInstance) => {
      const response = await app.inject({
        method: 'GET',
        url: '/api/v1/group/group-running/account',
        headers: bearer(me.token),
      });
      expect(response.statusCode).toBe(200);
      return response.json().data as { orders: Array<{ price: number }> };
    };
    expect((await account(second)).orders).toEqual([]); // read, and kept, on the second process

    const placed = await first.inject({
      method: 'POST',
      url: '/api/v1/group/group-running/orders',
      headers: bearer(me.token),
      payload: { symbol: 'NIFTY50', side: 'buy', type: 'limit', quantity: 1, price: 1 },
    });
    expect(placed.statusCode).toBe(201);
    expect((await account(second)).orders).toMatchObject([{ price: 1 }]);
  });

  it('an order after a disable or a sign-out on the other process is refused at once, its identity read from the cache', async () => {
    await createOnboardedUser(first.database.db, {
      email: 'cached-order-admin@example.com',
      password: PASSWORD,
      role: 'admin',
    });
    const admin = await signIn(first, 'cached-order-admin@example.com');
    const [trader, leaver] = await addApprovedMembers(
      first.database.db,
      testConfig().appSecret,
      'group-running',
      2,
      'cached-order-refused',
    );
    const order = (token: string) =>
      second.inject({
        method: 'POST',
        url: '/api/v1/group/group-running/orders',
        headers: bearer(token),
        payload: { symbol: 'NIFTY50', side: 'buy', type: 'limit', quantity: 1, price: 1 },
      });
    // Each trader's identity is read, and kept, on the second process by an order there.
    expect((await order(trader.token)).statusCode).toBe(201);
    expect((await order(leaver.token)).statusCode).toBe(201);

    const disabled = await first.inject({
      method: 'PATCH',
      url: `/api/v1/admin/users/${trader.userId}`,
      headers: bearer(admin.token),
      payload: { disabled: true },
    });
    expect(disabled.statusCode).toBe(200);
    expect((await order(trader.token)).statusCode).toBe(403);

    const signedOut = await first.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: bearer(leaver.token),
    });
    expect(signedOut.statusCode).toBe(200);
    const afterSignOut = await order(leaver.token);
    expect(afterSignOut.statusCode).toBe(401);
  });

  it("a journal trade added on one process is in the author's calendar, statistics and home card on the other", async () => {
    await createOnboardedUser(first.database.db, { email: 'cached-journal@example.com', password: PASSWORD });
    const me = await signIn(first, 'cached-journal@example.com');
    const month = new Date().toISOString().slice(0, 7);
    const read = async (url: string) => {
      const response = await second.inject({
        method: 'GET',
        url: `/api/v1${url}`,
        headers: bearer(me.token),
      });
      expect(response.statusCode).toBe(200);
      return response.json().data;
    };
    const before = await Promise.all([
      read(`/journal/calendar?month=${month}`),
      read('/journal/stats'),
      read('/journal/summary'),
    ]);
    expect(before[0].days).toEqual([]);

    const now = Date.now();
    const added = await first.inject({
      method: 'POST',
      url: '/api/v1/journal/trades',
      headers: bearer(me.token),
      payload: {
        symbol: 'RELIANCE',
        side: 'long',
        quantity: 10,
        entryPrice: 2400,
        exitPrice: 2450,
        currency: 'INR',
        entryTime: new Date(now - 60_000).toISOString(),
        exitTime: new Date(now).toISOString(),
      },
    });
    expect(added.statusCode, added.body).toBe(201);
    const after = await Promise.all([
      read(`/journal/calendar?month=${month}`),
      read('/journal/stats'),
      read('/journal/summary'),
    ]);
    expect(after[0].days).toHaveLength(1);
    expect(JSON.stringify(after[1])).not.toBe(JSON.stringify(before[1]));
    expect(JSON.stringify(after[2])).not.toBe(JSON.stringify(before[2]));
  });

  it("an administrator's broadcast on one process is in every learner's first page on the other within a second", async () => {
    await createOnboardedUser(first.database.db, {
      email: 'cached-broadcaster@example.com',
      password: PASSWORD,
      role: 'admin',
    });
    await createOnboardedUser(first.database.db, { email: 'cached-reader@example.com', password: PASSWORD });
    const admin = await signIn(first, 'cached-broadcaster@example.com');
    const reader = await signIn(second, 'cached-reader@example.com');
    const firstPage = async () => {
      const response = await second.inject({
        method: 'GET',
        url: `/api/v1/notification/all?read=false&userId=${reader.userId}`,
        headers: bearer(reader.token),
      });
      expect(response.statusCode).toBe(200);
      return (response.json().data as Array<{ notificationContent: { title: string } }>).map(
        (item) => item.notificationContent.title,
      );
    };
    expect(await firstPage()).not.toContain('Cached broadcast'); // read, and kept, on the second process

    const sent = await first.inject({
      method: 'POST',
      url: '/api/v1/admin/notifications',
      headers: bearer(admin.token),
      payload: { title: 'Cached broadcast', message: 'Markets open early tomorrow.' },
    });
    expect(sent.statusCode).toBe(201);
    const sentAt = Date.now();
    let titles = await firstPage();
    while (!titles.includes('Cached broadcast') && Date.now() - sentAt < 1500) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      titles = await firstPage();
    }
    expect(titles).toContain('Cached broadcast'); // a second of cache, with room for a slow machine
  });

  it("another user's id is refused from the cached read too", async () => {
    await createOnboardedUser(first.database.db, { email: 'cached-a@example.com', password: PASSWORD });
    await createOnboardedUser(first.database.db, { email: 'cached-b@example.com', password: PASSWORD });
    const a = await signIn(first, 'cached-a@example.com');
    const b = await signIn(first, 'cached-b@example.com');
    const response = await second.inject({
      method: 'GET',
      url: `/api/v1/user/details/${b.userId}`,
      headers: bearer(a.token),
    });
    expect(response.statusCode).toBe(403);
  });
});
