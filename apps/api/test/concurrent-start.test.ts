import { randomBytes } from 'node:crypto';
import { type DatabaseHandle, openDatabase, replayBars, runMigrations, seedDatabase } from '@candlewise/db';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { seedSampleReplayBars } from '../src/services/market/replay-bars-admin.ts';
import { seedSampleNews } from '../src/services/news/seed-sample-news.ts';
import { withDatabase } from './global-setup.ts';

/** What server.ts does to a database before it serves: migrate, then seed every sample. */
async function prepare(handle: DatabaseHandle) {
  await runMigrations(handle);
  await seedDatabase(handle.db);
  await seedSampleNews(handle.db);
  await seedSampleReplayBars(handle.db);
}

/** Two processes starting together on a fresh PostgreSQL database: each with its own pool. */
describe.runIf(process.env.DATABASE_URL)('two processes preparing one fresh database at once', () => {
  const server = process.env.DATABASE_URL ?? '';
  const created: string[] = [];
  const handles: DatabaseHandle[] = [];
  afterEach(async () => {
    for (const handle of handles.splice(0)) await handle.close();
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    for (const name of created.splice(0)) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  const freshDatabase = async () => {
    const name = `cw_seed_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    created.push(name);
    const open = async () => {
      const handle = await openDatabase({ databaseUrl: withDatabase(server, name), poolSize: 3 });
      handles.push(handle);
      return handle;
    };
    return [await open(), await open()] as const;
  };

  const barCount = async (handle: DatabaseHandle) =>
    (await handle.db.select({ count: sql<number>`count(*)::int` }).from(replayBars))[0]?.count;

  it('migrates and seeds once, and neither start fails', async () => {
    const [first, second] = await freshDatabase();
    const outcomes = await Promise.allSettled([prepare(first), prepare(second)]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled']);
    const bars = await barCount(first);
    expect(bars).toBeGreaterThan(0);
    // Starting again adds nothing.
    await prepare(second);
    expect(await barCount(first)).toBe(bars);
  });

  it('seeds the sample replay bars once when both reach them at the same moment', async () => {
    const [first, second] = await freshDatabase();
    await runMigrations(first);
    await seedDatabase(first.db); // the instruments the bars belong to
    const added = await Promise.all([seedSampleReplayBars(first.db), seedSampleReplayBars(second.db)]);
    expect(added.filter((count) => count > 0)).toHaveLength(1);
    expect(await barCount(first)).toBe(Math.max(...added));
  });
});
