import { type DatabaseHandle, notifications } from '@candlewise/db';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helper.ts';
import type { EventBus } from '../../providers/events/event-bus.ts';
import { ANNOUNCE_IN_FLIGHT, announceNotifications, recordNotifications } from './notify.ts';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

// A competition's start and its final ranks tell every member at once, inside the engine's tick
// (issue #40: 100 competitions × 1,000 members starting together). One INSERT of that many rows
// passes PostgreSQL's 65,535 bind parameters and drizzle's argument spread, the tick fails and is
// retried forever; the rows go in slices.
it('stores and announces 12,000 notifications written in one call', async () => {
  const inputs = Array.from({ length: 12_000 }, (_, i) => ({
    userId: null,
    kind: 'competition_started' as const,
    title: 'The competition has started',
    message: `Member ${i}: trading is open.`,
  }));
  const announcements = await database.db.transaction((tx) => recordNotifications(tx, inputs));

  const [{ stored }] = await database.db.select({ stored: count() }).from(notifications);
  expect(stored).toBe(12_000);
  expect(announcements).toHaveLength(12_000);
  expect(new Set(announcements.map((a) => a.payload._id)).size).toBe(12_000);
  expect(announcements.at(-1)?.payload).toMatchObject({
    notificationContent: { message: 'Member 11999: trading is open.' },
  });
  expect(announcements.every((a) => typeof a.payload.createdAt === 'string')).toBe(true);
});

// The same start, announced: 100,000 publishes awaited one by one took 72 s of the tick that started
// the competitions (bench:scale, 100 × 1,000). They go out many at once, every one exactly once, and
// a publish that fails (Redis away) loses only its own bell.
it('announces many at once, each exactly once, past a failing publish', async () => {
  const published: string[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const bus = {
    async publish(channel: string, payload: unknown) {
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      await new Promise((resolve) => setImmediate(resolve));
      inFlight -= 1;
      if ((payload as { n: number }).n === 7) throw new Error('Redis went away');
      published.push(channel);
    },
    subscribe: async () => () => undefined,
  } as unknown as EventBus;
  const announcements = Array.from({ length: 1_200 }, (_, n) => ({
    channel: `notifications:user:u${n}`,
    payload: { n },
  }));
  await announceNotifications(bus, announcements);
  expect(published).toHaveLength(1_199);
  expect(new Set(published).size).toBe(1_199);
  expect(published).not.toContain('notifications:user:u7');
  expect(mostInFlight).toBeGreaterThan(1);
  expect(mostInFlight).toBeLessThanOrEqual(ANNOUNCE_IN_FLIGHT);
});
