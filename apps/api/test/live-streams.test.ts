import { request as httpRequest, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_STREAM_LIMITS, type LiveStream } from '../src/lib/live-stream.ts';
import { notificationChannel } from '../src/services/notifications/notify.ts';
import { createOnboardedUser } from '../src/services/users/create-onboarded-user.ts';
import { takeEvents } from './event-stream.ts';
import { bearer, createTestApp, type TestApp } from './helper.ts';

type Frame = { event: string; data: unknown; id: number };

/** Waits (in small steps, at most `steps` of them) until `check` holds. */
async function until(check: () => boolean, steps = 500) {
  for (let step = 0; step < steps && !check(); step += 1) await new Promise((r) => setTimeout(r, 20));
  expect(check()).toBe(true);
}

/**
 * GET an event stream over a real socket with node:http, so the test can stop reading
 * (`pause`): the bytes then wait in the kernel and, once it is full, in the server.
 */
function openStream(port: number, path: string, token: string) {
  return new Promise<{ response: IncomingMessage; frames: Frame[]; close: () => void }>((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, path: `/api/v1${path}`, headers: bearer(token) });
    request.on('error', () => {});
    request.on('response', (response) => {
      if (response.statusCode !== 200) reject(new Error(`status ${response.statusCode}`));
      response.setEncoding('utf8');
      const frames: Frame[] = [];
      let buffer = '';
      response.on('data', (chunk: string) => {
        const taken = takeEvents(buffer + chunk);
        for (const { event, data, id } of taken.events) if (id !== null) frames.push({ event, data, id });
        buffer = taken.rest;
      });
      response.on('error', () => {});
      resolve({ response, frames, close: () => request.destroy() });
    });
    request.end();
  });
}

describe('a live stream to a client that reads slowly', () => {
  let t: TestApp;
  let token: string;
  let userId: string;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    await createOnboardedUser(t.app.database.db, {
      email: 'slow@example.com',
      password: 'password-for-tests',
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'slow@example.com', password: 'password-for-tests' },
    });
    ({ token } = login.json().data);
    userId = login.json().data.user._id;
  });
  afterAll(() => t.close());

  it('keeps what waits for it bounded while many notifications come, then shows a gap and a snapshot', async () => {
    const { port } = t.app.server.address() as { port: number };
    const client = await openStream(port, '/notification/stream', token);
    try {
      await until(() => client.frames.some((frame) => frame.event === 'unread'));
      const stream = [...t.app.liveStreams].at(-1) as LiveStream;
      client.response.pause();

      // 32 KB notifications until the kernel's buffers are full and the server has dropped some
      // for being behind (a bounded number: 64 MB at most), then more, to 8 MB in all.
      const padding = 'x'.repeat(32 * 1024);
      const publish = (n: number) =>
        t.app.eventBus.publish(notificationChannel(userId), {
          _id: `n${n}`,
          notificationContent: { title: `Note ${n}`, message: padding },
          createdAt: new Date().toISOString(),
          kind: 'broadcast',
        });
      let published = 0;
      for (let batch = 0; batch < 100 && (stream.stats.dropped === 0 || published < 256); batch += 1) {
        for (let n = 0; n < 16; n += 1) {
          published += 1;
          await publish(published);
        }
        // Each one is written or dropped (either takes a sequence number) before the next batch.
        await until(() => stream.stats.seq >= 1 + published);
      }

      const stats = stream.stats;
      expect(stats.dropped).toBeGreaterThan(0);
      expect(stats.ended).toBeNull();
      // 8 MB published; what waited in the server never passed the bound by more than one frame.
      expect(published * padding.length).toBeGreaterThanOrEqual(8 * 1024 * 1024);
      expect(stats.maxBufferedBytes).toBeLessThanOrEqual(
        LIVE_STREAM_LIMITS.behindBytes + padding.length + 1024,
      );

      // Reading again: everything that waited arrives, in order, and after each gap in the ids
      // (frames dropped) comes the unread count first.
      client.response.resume();
      await until(() => !stream.stats.behind && client.frames.at(-1)?.id === stream.stats.seq);
      const ids = client.frames.map((frame) => frame.id);
      for (let index = 1; index < ids.length; index += 1) expect(ids[index]).toBeGreaterThan(ids[index - 1]);
      const afterGaps = client.frames.filter(
        (frame, index) => index > 0 && frame.id !== client.frames[index - 1].id + 1,
      );
      expect(afterGaps.length).toBe(stream.stats.gaps);
      expect(afterGaps.length).toBeGreaterThan(0);
      for (const snapshot of afterGaps) {
        expect(snapshot.event).toBe('unread');
        expect(snapshot.data).toEqual({ unreadCount: expect.any(Number) });
      }
      expect(client.frames.length + stream.stats.dropped).toBe(stream.stats.seq);

      // And it is live again: the next notification arrives whole.
      published += 1;
      await publish(published);
      await until(() => client.frames.at(-1)?.event === 'notification');
      expect(client.frames.at(-1)!.data).toMatchObject({ notification: { _id: `n${published}` } });
    } finally {
      client.close();
    }
  });
});
