import { type DatabaseHandle, notifications } from '@candlewise/db';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helper.ts';
import { recordNotifications } from './notify.ts';

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
