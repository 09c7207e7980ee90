import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { ENGINE_CHANNELS } from '../src/engine/trading-engine.ts';
import { createRedisEventBus, type EventBus } from '../src/providers/events/event-bus.ts';
import { revokeAllTokens } from '../src/services/auth/sessions.ts';
import { createOnboardedUser } from '../src/services/users/create-onboarded-user.ts';
import { openEventStream } from './event-stream.ts';
import { bearer, createTestApp, createTestDatabase, lastCode, type TestApp, testConfig } from './helper.ts';

const PASSWORD = 'password-for-tests';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Session = { token: string; userId: string; email: string };

async function signIn(app: FastifyInstance, email: string, password = PASSWORD): Promise<Session> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password },
  });
  expect(response.statusCode).toBe(200);
  const { token, user } = response.json().data;
  return { token, userId: user._id, email };
}

let userCount = 0;
async function newUser(app: FastifyInstance, role: 'user' | 'admin' = 'user'): Promise<Session> {
  userCount += 1;
  const email = `streamer-${userCount}@example.com`;
  await createOnboardedUser(app.database.db, { email, password: PASSWORD, role });
  return signIn(app, email);
}

/** A live stream of `app`, open once its first event arrived (so it is registered before a test revokes anything). */
async function openStream(app: FastifyInstance, path: string, token: string) {
  const { port } = app.server.address() as { port: number };
  const stream = await openEventStream(port, path, token);
  await stream.waitFor(path.endsWith('/notification/stream') ? 'unread' : 'standings');
  return stream;
}

/** The code mailed to `email` (the reset code may be mailed just after the answer has left). */
async function mailedCode(t: TestApp, email: string) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (t.outbox.some((message) => message.to === email)) return lastCode(t.outbox, email);
    await sleep(20);
  }
  return lastCode(t.outbox, email);
}

function sendNotification(app: FastifyInstance, admin: Session, userId: string, title: string) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/admin/notifications',
    headers: bearer(admin.token),
    payload: { title, message: 'Private to you.', userId },
  });
}

/** After the stream ended, a new private notification must not reach it. */
async function expectNoNotificationAfter(
  stream: Awaited<ReturnType<typeof openStream>>,
  send: () => Promise<unknown>,
) {
  const before = stream.events.length;
  await send();
  await sleep(300);
  expect(stream.events.slice(before).filter((event) => event.event === 'notification')).toEqual([]);
}

describe('open live streams end with the session', () => {
  let t: TestApp;
  let admin: Session;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.tradingEngine.tryLead();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    admin = await newUser(t.app, 'admin');
  });
  afterAll(() => t.close());

  const post = (path: string, token: string, payload?: object) =>
    t.app.inject({ method: 'POST', url: `/api/v1${path}`, headers: bearer(token), payload });

  it('logout ends that token’s notification stream within a second, and nothing more arrives', async () => {
    const me = await newUser(t.app);
    const stream = await openStream(t.app, '/notification/stream', me.token);
    try {
      expect((await post('/auth/logout', me.token)).statusCode).toBe(200);
      expect(await stream.endsWithin(1000)).toBe(true);
      await expectNoNotificationAfter(stream, () =>
        sendNotification(t.app, admin, me.userId, 'After logout'),
      );
    } finally {
      stream.close();
    }
  });

  it('logout of one device leaves the stream of another device open', async () => {
    const me = await newUser(t.app);
    const phone = await signIn(t.app, me.email);
    const stream = await openStream(t.app, '/notification/stream', phone.token);
    try {
      expect((await post('/auth/logout', me.token)).statusCode).toBe(200);
      expect(await stream.endsWithin(500)).toBe(false);
      await sendNotification(t.app, admin, me.userId, 'Still here');
      expect((await stream.waitFor('notification')).data).toMatchObject({
        notification: { notificationContent: { title: 'Still here' } },
      });
    } finally {
      stream.close();
    }
  });

  it('logout everywhere ends the streams of every device', async () => {
    const me = await newUser(t.app);
    const phone = await signIn(t.app, me.email);
    const stream = await openStream(t.app, '/notification/stream', phone.token);
    try {
      expect((await post('/auth/logout-all', me.token)).statusCode).toBe(200);
      expect(await stream.endsWithin(1000)).toBe(true);
      await expectNoNotificationAfter(stream, () => sendNotification(t.app, admin, me.userId, 'After all'));
    } finally {
      stream.close();
    }
  });

  it('a password reset ends the open streams', async () => {
    const me = await newUser(t.app);
    const stream = await openStream(t.app, '/notification/stream', me.token);
    try {
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/forgot-password',
        payload: { email: me.email },
      });
      const reset = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/reset-password',
        payload: { email: me.email, code: await mailedCode(t, me.email), password: 'a-new-password-123' },
      });
      expect(reset.statusCode).toBe(200);
      expect(await stream.endsWithin(1000)).toBe(true);
      await expectNoNotificationAfter(stream, () => sendNotification(t.app, admin, me.userId, 'After reset'));
    } finally {
      stream.close();
    }
  });

  it('a password change ends the streams of the other devices', async () => {
    const me = await newUser(t.app);
    const laptop = await signIn(t.app, me.email);
    const stream = await openStream(t.app, '/notification/stream', laptop.token);
    try {
      const change = await post('/auth/change-password', me.token, {
        currentPassword: PASSWORD,
        newPassword: 'another-password-456',
      });
      expect(change.statusCode).toBe(200);
      expect(await stream.endsWithin(1000)).toBe(true);
    } finally {
      stream.close();
    }
  });

  it('an administrator disabling the account ends its streams', async () => {
    const me = await newUser(t.app);
    const stream = await openStream(t.app, '/notification/stream', me.token);
    try {
      const disable = await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/admin/users/${me.userId}`,
        headers: bearer(admin.token),
        payload: { disabled: true },
      });
      expect(disable.statusCode).toBe(200);
      expect(await stream.endsWithin(1000)).toBe(true);
      await expectNoNotificationAfter(stream, () => sendNotification(t.app, admin, me.userId, 'Disabled'));
    } finally {
      stream.close();
    }
  });

  it('deleting the account ends its streams', async () => {
    const me = await newUser(t.app);
    const stream = await openStream(t.app, '/notification/stream', me.token);
    try {
      const deleted = await t.app.inject({
        method: 'DELETE',
        url: '/api/v1/user/account',
        headers: bearer(me.token),
        payload: { password: PASSWORD },
      });
      expect(deleted.statusCode).toBe(200);
      expect(await stream.endsWithin(1000)).toBe(true);
    } finally {
      stream.close();
    }
  });

  it('logout ends a competition’s standings stream, and no standings follow', async () => {
    const me = await newUser(t.app);
    await post('/group/group-running/participants', me.token, { userId: me.userId });
    const requests = (
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/admin/groups/group-running/participants',
        headers: bearer(admin.token),
      })
    ).json().data;
    const request = requests.find((row: { userId: string }) => row.userId === me.userId);
    await post(`/admin/groups/group-running/participants/${request._id}/approve`, admin.token);

    const stream = await openStream(t.app, '/group/group-running/stream', me.token);
    try {
      expect((await post('/auth/logout', me.token)).statusCode).toBe(200);
      expect(await stream.endsWithin(1000)).toBe(true);
      const before = stream.events.length;
      await t.app.eventBus.publish(ENGINE_CHANNELS.standings('group-running'), {
        complete: true,
        total: 0,
        ledgerSeq: 0,
        rows: [],
      });
      await sleep(300);
      expect(stream.events.slice(before)).toEqual([]);
    } finally {
      stream.close();
    }
  });
});

describe('the periodic re-check', () => {
  let t: TestApp;

  beforeAll(async () => {
    // A short re-check interval stands in for the 30 s sweep.
    t = await createTestApp({ streamRecheckMs: 200 });
    await t.app.tradingEngine.tryLead();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('ends a revoked session’s stream even when the revocation message was lost', async () => {
    const me = await newUser(t.app);
    const stream = await openStream(t.app, '/notification/stream', me.token);
    try {
      await revokeAllTokens(t.app.database.db, me.userId); // straight in the database: no message
      expect(await stream.endsWithin(1500)).toBe(true);
    } finally {
      stream.close();
    }
  });

  it('ends the standings stream of a member removed from the competition', async () => {
    const admin = await newUser(t.app, 'admin');
    const me = await newUser(t.app);
    const as = (who: Session, path: string, payload?: object) =>
      t.app.inject({ method: 'POST', url: `/api/v1${path}`, headers: bearer(who.token), payload });
    await as(me, '/group/group-running/participants', { userId: me.userId });
    const requests = (
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/admin/groups/group-running/participants',
        headers: bearer(admin.token),
      })
    ).json().data;
    const request = requests.find((row: { userId: string }) => row.userId === me.userId);
    await as(admin, `/admin/groups/group-running/participants/${request._id}/approve`);

    const stream = await openStream(t.app, '/group/group-running/stream', me.token);
    const adminStream = await openStream(t.app, '/group/group-running/stream', admin.token);
    try {
      expect(
        (await as(admin, `/admin/groups/group-running/participants/${request._id}/reject`)).statusCode,
      ).toBe(200);
      expect(await stream.endsWithin(1500)).toBe(true);
      // The sweep ends only what is no longer allowed: the administrator still watches.
      expect(await adminStream.endsWithin(300)).toBe(false);
    } finally {
      stream.close();
      adminStream.close();
    }
  });
});

/** Two API processes on one database and one Redis: the logout lands on one, the stream is open on the other. */
describe.skipIf(!process.env.REDIS_URL)('across API processes sharing Redis', () => {
  const namespace = `cw-session-streams-${process.pid}-${Date.now()}:`;
  const closers: Array<() => Promise<unknown>> = [];
  let streaming: FastifyInstance;
  let other: FastifyInstance;
  let redis: Redis;

  beforeAll(async () => {
    const database = await createTestDatabase();
    redis = new Redis(process.env.REDIS_URL!);
    const config = testConfig({ redisPrefix: namespace });
    const buses: EventBus[] = [createRedisEventBus(redis, namespace), createRedisEventBus(redis, namespace)];
    streaming = await buildApp({ config, database, redis, eventBus: buses[0], logger: false });
    other = await buildApp({ config, database, redis, eventBus: buses[1], logger: false });
    await streaming.listen({ port: 0, host: '127.0.0.1' });
    closers.push(
      () => streaming.close(),
      () => other.close(),
      () => buses[0].close(),
      () => buses[1].close(),
      () => redis.quit(),
      () => database.close(),
    );
  });
  afterAll(async () => {
    for (const close of closers) await close();
  });

  it('ends the stream on the other process within a second', async () => {
    const admin = await newUser(other, 'admin');
    const me = await newUser(other);
    const stream = await openStream(streaming, '/notification/stream', me.token);
    try {
      // Events do cross processes: a notification made on the other one arrives here.
      await sendNotification(other, admin, me.userId, 'Before');
      await stream.waitFor('notification');

      const logout = await other.inject({
        method: 'POST',
        url: '/api/v1/auth/logout',
        headers: bearer(me.token),
      });
      expect(logout.statusCode).toBe(200);
      expect(await stream.endsWithin(1000)).toBe(true);
      await expectNoNotificationAfter(stream, () => sendNotification(other, admin, me.userId, 'After'));
    } finally {
      stream.close();
    }
  });
});
