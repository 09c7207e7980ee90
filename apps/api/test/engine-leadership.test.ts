import { fills, marketState, orders } from '@candlewise/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { AdvisoryLeader, LostLeadershipError } from '../src/lib/advisory-leader.ts';
import { addApprovedMembers } from './competition-members.ts';
import { bearer, createTestDatabase, testConfig } from './helper.ts';

const ENGINE_LOCK = 727_003;

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

/** Leadership on PostgreSQL: several processes, one engine; a lost lock steps down, never writes. */
describe.runIf(process.env.DATABASE_URL)('the engine’s leadership', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const apps: FastifyInstance[] = [];
  let admin: pg.Client;

  beforeAll(async () => {
    database = await createTestDatabase();
    admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await admin.end();
    await database.close();
  });

  const build = async () => {
    const app = await buildApp({ config: testConfig(), database, logger: false });
    apps.push(app);
    return app;
  };

  it('steps down without crashing when its lock connection is cut, and another takes over', async () => {
    const first = await build();
    const second = await build();
    expect(await first.tradingEngine.tryLead()).toBe(true);
    expect(await second.tradingEngine.tryLead()).toBe(false);

    const { rows } = await admin.query<{ pid: number }>(
      // Advisory locks are per database: another database's engine (a parallel run) is not this one's.
      "select pid from pg_locks where locktype = 'advisory' and objid = $1 and granted and database = (select oid from pg_database where datname = current_database())",
      [ENGINE_LOCK],
    );
    expect(rows).toHaveLength(1);
    await admin.query('select pg_terminate_backend($1)', [rows[0].pid]);

    expect(await waitFor(() => !first.tradingEngine.isLeader, 5000)).toBe(true);
    expect(await second.tradingEngine.tryLead()).toBe(true);
    expect(second.tradingEngine.status()).toMatchObject({ role: 'leader', epoch: 2 });
    // The process is alive and answers.
    const health = await first.inject({ method: 'GET', url: '/api/v1/health' });
    expect(health.json().data).toMatchObject({ tradingEngine: 'follower' });
    await second.tradingEngine.stop();
    await first.tradingEngine.stop();
  });

  it('refuses every write of a former leader whose lock lapsed unnoticed (epoch fence)', async () => {
    const options = {
      name: 'fence-test',
      lockKey: 727_900,
      db: database.db,
      pool: database.pool,
      log: apps[0].log,
      retryMs: 60_000,
    };
    const holder = new AdvisoryLeader(options);
    const successor = new AdvisoryLeader(options);
    expect(await holder.tryLead()).toBe(true);
    await database.db.transaction((tx) => holder.fence(tx)); // its own epoch: fine
    // A paused process: its session lock is gone but it has not noticed yet.
    await (holder as unknown as { client: pg.PoolClient }).client.query(
      'select pg_advisory_unlock($1)',
      [727_900],
    );
    expect(await successor.tryLead()).toBe(true);
    expect(holder.isLeader).toBe(true);
    await expect(database.db.transaction((tx) => holder.fence(tx))).rejects.toBeInstanceOf(
      LostLeadershipError,
    );
    expect(await waitFor(() => !holder.isLeader, 1000)).toBe(true);
    await successor.stop();
    await holder.stop();
  });

  it('a former engine leader saves no fill and no market after the new one took over', async () => {
    const old = await build();
    const members = await addApprovedMembers(database.db, old.config.appSecret, 'group-running', 1, 'fence');
    expect(await old.tradingEngine.tryLead()).toBe(true);
    old.tradingEngine.setPrice('NIFTY50', 20_000);
    const placed = await old.inject({
      method: 'POST',
      url: '/api/v1/group/group-running/orders',
      headers: bearer(members[0].token),
      payload: { symbol: 'NIFTY50', side: 'buy', type: 'limit', quantity: 1, price: 19_990 },
    });
    expect(placed.statusCode).toBe(201);

    // The old leader's lock lapses without it noticing; a new leader takes over.
    const engine = old.tradingEngine as unknown as { leadership: { leader: { client: pg.PoolClient } } };
    await engine.leadership.leader.client.query('select pg_advisory_unlock($1)', [ENGINE_LOCK]);
    const successor = await build();
    expect(await successor.tradingEngine.tryLead()).toBe(true);
    const [before] = await database.db.select().from(marketState).where(eq(marketState.symbol, 'NIFTY50'));

    // The old one still thinks it leads and ticks a price that fills the order: nothing is saved.
    old.tradingEngine.setPrice('NIFTY50', 19_000);
    const events = await old.tradingEngine.tickOnce(Date.now(), old.tradingEngine.currentQuotes());
    expect(events).toEqual([]);
    expect(old.tradingEngine.isLeader).toBe(false);
    const order = await database.db.select().from(orders).where(eq(orders.id, placed.json().data._id));
    expect(order[0].status).toBe('open');
    expect(await database.db.select().from(fills).where(eq(fills.orderId, placed.json().data._id))).toEqual(
      [],
    );
    const [after] = await database.db.select().from(marketState).where(eq(marketState.symbol, 'NIFTY50'));
    expect(after?.mid).toBe(before?.mid);
  });
});
