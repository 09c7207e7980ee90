import type { ChildProcess } from 'node:child_process';
import { notifications } from '@candlewise/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOnboardedUser } from '../src/services/users/create-onboarded-user.ts';
import { startApiProcess, stopApiProcess } from './api-process.ts';
import { type StreamEvent, takeEvents } from './event-stream.ts';
import { bearer, createTestApp, createTestDatabase, type TestApp } from './helper.ts';

async function signIn(app: TestApp['app'], email: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password: 'password-for-tests' },
  });
  return response.json().data as { token: string; user: { _id: string } };
}

/** Reads a server-sent event stream; `next` waits for an event matching `predicate`, or null on time-out. */
function eventReader(response: Response) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const queue: StreamEvent[] = [];
  let pending: ReturnType<typeof reader.read> | null = null;
  return {
    async next(predicate: (event: StreamEvent) => boolean, timeoutMs: number): Promise<StreamEvent | null> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = queue.findIndex(predicate);
        if (index >= 0) return queue.splice(0, index + 1).at(-1)!;
        queue.length = 0;
        const left = deadline - Date.now();
        if (left <= 0) return null;
        pending ??= reader.read();
        const chunk = await Promise.race([
          pending,
          new Promise<null>((resolve) => setTimeout(() => resolve(null), left)),
        ]);
        if (!chunk) return null;
        pending = null;
        if (chunk.done) return null;
        const taken = takeEvents(buffer + decoder.decode(chunk.value, { stream: true }));
        queue.push(...taken.events);
        buffer = taken.rest;
      }
    },
  };
}

describe('notifications', () => {
  let t: TestApp;
  let me: { token: string; user: { _id: string } };
  let other: { token: string; user: { _id: string } };
  let admin: { token: string; user: { _id: string } };

  beforeAll(async () => {
    t = await createTestApp();
    for (const [email, role] of [
      ['me@example.com', 'user'],
      ['other@example.com', 'user'],
      ['boss@example.com', 'admin'],
    ] as const) {
      await createOnboardedUser(t.database.db, { email, password: 'password-for-tests', role });
    }
    me = await signIn(t.app, 'me@example.com');
    other = await signIn(t.app, 'other@example.com');
    admin = await signIn(t.app, 'boss@example.com');
  });
  afterAll(() => t.close());

  const list = (who: { token: string }, query: string) =>
    t.app.inject({ method: 'GET', url: `/api/v1/notification/all?${query}`, headers: bearer(who.token) });

  it('refuses another user’s userId with 403', async () => {
    const response = await list(me, `read=false&userId=${other.user._id}`);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
  });

  it('splits read and unread by lastNotificationViewedAt', async () => {
    const now = Date.now();
    await t.database.db.insert(notifications).values([
      {
        id: 'n-old',
        userId: me.user._id,
        kind: 'broadcast',
        title: 'Old',
        message: 'seen before',
        createdAt: new Date(now - 60_000),
      },
      {
        id: 'n-new',
        userId: me.user._id,
        kind: 'broadcast',
        title: 'New',
        message: 'not seen yet',
        createdAt: new Date(now - 1_000),
      },
      {
        id: 'n-theirs',
        userId: other.user._id,
        kind: 'broadcast',
        title: 'Theirs',
        message: 'not mine',
        createdAt: new Date(now - 1_000),
      },
    ]);
    const before = await list(me, `read=false&userId=${me.user._id}`);
    expect(before.json().data.map((n: { _id: string }) => n._id)).toEqual(['n-new', 'n-old']);
    expect((await list(me, `read=true&userId=${me.user._id}`)).json().data).toEqual([]);

    const viewedAt = new Date(now - 30_000).toISOString();
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/update/user-details',
      headers: bearer(me.token),
      payload: { userId: me.user._id, lastNotificationViewedAt: viewedAt },
    });
    expect(put.statusCode).toBe(200);

    const unread = (await list(me, `read=false&userId=${me.user._id}`)).json().data;
    const read = (await list(me, `read=true&userId=${me.user._id}`)).json().data;
    expect(unread).toEqual([
      expect.objectContaining({
        _id: 'n-new',
        read: false,
        notificationContent: { title: 'New', message: 'not seen yet' },
      }),
    ]);
    expect(read).toEqual([expect.objectContaining({ _id: 'n-old', read: true })]);
    const count = await t.app.inject({
      method: 'GET',
      url: '/api/v1/notification/unread-count',
      headers: bearer(me.token),
    });
    expect(count.json().data.unreadCount).toBe(1);
  });

  it('the unread count (read on every page) follows a notification sent and a view, on the next read', async () => {
    await createOnboardedUser(t.database.db, {
      email: 'counted@example.com',
      password: 'password-for-tests',
    });
    const counted = await signIn(t.app, 'counted@example.com');
    const count = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/v1/notification/unread-count',
          headers: bearer(counted.token),
        })
      ).json().data.unreadCount as number;
    const before = await count();
    expect(await count()).toBe(before); // read twice: now it is cached

    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/notifications',
      headers: bearer(admin.token),
      payload: { title: 'Only for you', message: 'Counted at once.', userId: counted.user._id },
    });
    expect(sent.statusCode).toBe(201);
    expect(await count()).toBe(before + 1);

    const viewed = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/update/user-details',
      headers: bearer(counted.token),
      payload: { userId: counted.user._id, lastNotificationViewedAt: new Date().toISOString() },
    });
    expect(viewed.statusCode).toBe(200);
    expect(await count()).toBe(0);
  });

  it('lists 1,000 notifications in pages, newest first, each exactly once', async () => {
    const base = Date.now() - 10 * 86_400_000;
    const rows = Array.from({ length: 1000 }, (_, i) => ({
      id: `bulk-${String(i).padStart(4, '0')}`,
      userId: other.user._id,
      kind: 'broadcast',
      title: `Bulk ${i}`,
      message: 'paging',
      // Pairs share a timestamp, so the cursor's tie-break on id is exercised too.
      createdAt: new Date(base + Math.floor(i / 2) * 1000),
    }));
    for (let i = 0; i < rows.length; i += 250)
      await t.database.db.insert(notifications).values(rows.slice(i, i + 250));

    const seen: Array<{ _id: string; createdAt: string }> = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response = await list(
        other,
        `read=false&userId=${other.user._id}&limit=100${cursor ? `&before=${cursor}` : ''}`,
      );
      expect(response.statusCode).toBe(200);
      const body = response.json();
      seen.push(...body.data.filter((n: { _id: string }) => n._id.startsWith('bulk-')));
      cursor = body.meta.nextCursor;
      pages += 1;
    } while (cursor && pages < 20);
    expect(seen).toHaveLength(1000);
    expect(new Set(seen.map((n) => n._id)).size).toBe(1000);
    const times = seen.map((n) => Date.parse(n.createdAt));
    expect(times.every((time, i) => i === 0 || time <= times[i - 1])).toBe(true);
    expect(seen[0]._id).toBe('bulk-0999');
  });

  it('lets only admins broadcast; a broadcast reaches users who existed then', async () => {
    const denied = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/notifications',
      headers: bearer(me.token),
      payload: { title: 'Hi', message: 'x' },
    });
    expect(denied.statusCode).toBe(403);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/notifications',
      headers: bearer(admin.token),
      payload: { title: 'Maintenance', message: 'Back at 10:00.', link: '/home' },
    });
    expect(sent.statusCode).toBe(201);
    // Links that a browser would read as another site are refused (tabs dropped, \\ read as /).
    for (const link of ['/\t/evil.example', '/\\evil.example', '//evil.example']) {
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/v1/admin/notifications',
        headers: bearer(admin.token),
        payload: { title: 'Maintenance', message: 'Back at 10:00.', link },
      });
      expect(refused.statusCode, JSON.stringify(link)).toBe(400);
      expect(refused.json().details[0].path).toBe('link');
    }
    for (const who of [me, other]) {
      const unread = (await list(who, `read=false&userId=${who.user._id}&limit=5`)).json().data;
      expect(unread[0]).toMatchObject({
        notificationContent: { title: 'Maintenance', message: 'Back at 10:00.' },
        link: '/home',
      });
    }
    await createOnboardedUser(t.database.db, { email: 'late@example.com', password: 'password-for-tests' });
    const late = await signIn(t.app, 'late@example.com');
    expect((await list(late, `read=false&userId=${late.user._id}`)).json().data).toEqual([]);
  });

  it('streams a new notification and the unread count over server-sent events', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address() as { port: number };
    const controller = new AbortController();
    const stream = await fetch(`http://127.0.0.1:${address.port}/api/v1/notification/stream`, {
      headers: bearer(me.token),
      signal: controller.signal,
    });
    expect(stream.headers.get('content-type')).toMatch(/text\/event-stream/);
    const started = Date.now();
    setTimeout(() => {
      void t.app.inject({
        method: 'POST',
        url: '/api/v1/admin/notifications',
        headers: bearer(admin.token),
        payload: { title: 'Live', message: 'Arrives at once.', userId: me.user._id },
      });
    }, 100);
    const event = await eventReader(stream).next((e) => e.event === 'notification', 3000);
    controller.abort();
    expect(event).not.toBeNull();
    expect(event!.data).toMatchObject({
      notification: { notificationContent: { title: 'Live' } },
      unreadCount: expect.any(Number),
    });
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('refuses a stream without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/notification/stream' });
    expect(response.statusCode).toBe(401);
  });
});

/** The CI proof for scale-out: two real API processes sharing PostgreSQL and Redis. */
describe.skipIf(!process.env.DATABASE_URL || !process.env.REDIS_URL)('two API processes with Redis', () => {
  const processes: ChildProcess[] = [];
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const ports: number[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    await createOnboardedUser(database.db, {
      email: 'admin@scale.test',
      password: 'password-for-tests',
      role: 'admin',
    });
    await createOnboardedUser(database.db, { email: 'user@scale.test', password: 'password-for-tests' });
    for (let i = 0; i < 2; i += 1) {
      const started = await startApiProcess({
        DATABASE_URL: database.url!,
        REDIS_URL: process.env.REDIS_URL,
        APP_SECRET: 'scale-test-secret-scale-test-secret-0123456789',
      });
      ports.push(started.port);
      processes.push(started.child);
    }
  }, 120_000);

  afterAll(async () => {
    await Promise.all(processes.map((child) => stopApiProcess(child)));
    await database?.close();
  });

  it('exactly one of the two processes runs the trading engine', async () => {
    const roles = [];
    for (const port of ports) {
      const health = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
      roles.push(((await health.json()) as { data: { tradingEngine: string } }).data.tradingEngine);
    }
    expect(roles.sort()).toEqual(['follower', 'leader']);
  });

  it('a broadcast made through one process reaches a stream open on the other within 1 s', async () => {
    const login = async (port: number, email: string) => {
      const response = await fetch(`http://127.0.0.1:${port}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'password-for-tests' }),
      });
      return ((await response.json()) as { data: { token: string } }).data.token;
    };
    const adminToken = await login(ports[0], 'admin@scale.test');
    const userToken = await login(ports[1], 'user@scale.test');
    const controller = new AbortController();
    const stream = await fetch(`http://127.0.0.1:${ports[1]}/api/v1/notification/stream`, {
      headers: bearer(userToken),
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    const events = eventReader(stream);
    expect(await events.next((e) => e.event === 'unread', 5000)).not.toBeNull();

    let sentAt = 0;
    setTimeout(() => {
      sentAt = Date.now();
      void fetch(`http://127.0.0.1:${ports[0]}/api/v1/admin/notifications`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...bearer(adminToken) },
        body: JSON.stringify({ title: 'Across processes', message: 'Through Redis.' }),
      });
    }, 200);
    const event = await events.next((e) => e.event === 'notification', 5000);
    const receivedAt = Date.now();
    controller.abort();
    expect(event?.data).toMatchObject({
      notification: { notificationContent: { title: 'Across processes' } },
    });
    expect(receivedAt - sentAt).toBeLessThan(1000);
  });
});
