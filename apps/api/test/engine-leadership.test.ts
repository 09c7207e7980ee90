import { engineLeases, fills, groupEngineState, groups, marketState, orders } from '@candlewise/db';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { AdvisoryLeader, LostLeadershipError } from '../src/lib/advisory-leader.ts';
import { createMemoryEventBus } from '../src/providers/events/event-bus.ts';
import { addApprovedMembers } from './competition-members.ts';
import { bearer, createTestDatabase, testConfig } from './helper.ts';

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

/** Leases on PostgreSQL: several processes share the competitions; a former holder never writes. */
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

  const build = async (options: Partial<Parameters<typeof buildApp>[0]> = {}) => {
    const app = await buildApp({ config: testConfig(), database, logger: false, ...options });
    apps.push(app);
    return app;
  };

  it('two processes share the competitions; a stopped one hands its competitions and the market over', async () => {
    const bus = createMemoryEventBus();
    // Long leases: on a loaded machine a round by hand must not outlive another process's heartbeat.
    const first = await build({ eventBus: bus, engineLeaseTtlMs: 30_000 });
    const second = await build({ eventBus: bus, engineLeaseTtlMs: 30_000 });
    await first.tradingEngine.tryLead();
    await second.tradingEngine.tryLead(); // joins
    await first.tradingEngine.tryLead(); // gives back what is over its share
    await second.tradingEngine.tryLead(); // takes it
    const a = first.tradingEngine.heldCompetitions();
    const b = second.tradingEngine.heldCompetitions();
    const all = [...a, ...b].sort();
    expect(new Set(all).size).toBe(all.length); // none twice
    expect(all).toContain('group-running');
    expect(Math.abs(a.length - b.length)).toBeLessThanOrEqual(1);
    const roles = [first, second].map((app) => app.tradingEngine.status().role).sort();
    expect(roles).toEqual(['follower', 'leader']);

    // A member of a competition the other process holds trades through this one: the holder hears it.
    const holder = a.includes('group-running') ? first : second;
    const other = holder === first ? second : first;
    const [member] = await addApprovedMembers(
      database.db,
      other.config.appSecret,
      'group-running',
      1,
      'split',
    );
    holder.tradingEngine.setPrice('NIFTY50', 20_000);
    const placed = await other.inject({
      method: 'POST',
      url: '/api/v1/group/group-running/orders',
      headers: bearer(member.token),
      payload: { symbol: 'NIFTY50', side: 'buy', type: 'limit', quantity: 1, price: 19_990 },
    });
    expect(placed.statusCode).toBe(201);
    holder.tradingEngine.setPrice('NIFTY50', 19_900);
    await holder.tradingEngine.tickOnce(Date.now(), holder.tradingEngine.currentQuotes());
    const [order] = await database.db.select().from(orders).where(eq(orders.id, placed.json().data._id));
    expect(order.status).toBe('filled');
    const [fill] = await database.db.select().from(fills).where(eq(fills.orderId, order.id));
    const [lease] = await database.db
      .select()
      .from(engineLeases)
      .where(eq(engineLeases.scope, 'group-running'));
    expect(fill.leaseEpoch).toBe(lease.epoch); // the tick's fill carries the lease's epoch

    // The holder stops (gives everything back): the other takes it all on its next round — all
    // that is still live: the holder's tick above finalises the ended competition when it held it.
    await holder.tradingEngine.stop();
    await other.tradingEngine.tryLead();
    const live = (
      await database.db
        .select({ id: groups.id })
        .from(groups)
        .leftJoin(groupEngineState, eq(groupEngineState.groupId, groups.id))
        .where(
          and(isNotNull(groups.startDate), isNotNull(groups.endDate), isNull(groupEngineState.finalizedAt)),
        )
    )
      .map((row) => row.id)
      .sort();
    expect(live).toContain('group-running');
    expect(all).toEqual(expect.arrayContaining(live));
    expect(other.tradingEngine.heldCompetitions().sort()).toEqual(live);
    expect(other.tradingEngine.isLeader).toBe(true);
    const health = await other.inject({ method: 'GET', url: '/api/v1/health' });
    expect(health.json().data).toMatchObject({
      tradingEngine: 'leader',
      engine: { competitions: live.length, processes: 1 },
    });
    await other.tradingEngine.stop();
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

  it('a former holder saves no fill and no market once its leases expired and another took them', async () => {
    const old = await build({ engineLeaseTtlMs: 300 });
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

    // The old holder pauses past its leases and its heartbeat (no renewal); a new process takes over.
    await new Promise((resolve) => setTimeout(resolve, 400));
    const successor = await build({ engineLeaseTtlMs: 300 });
    expect(await successor.tradingEngine.tryLead()).toBe(true);
    expect(successor.tradingEngine.leads('group-running')).toBe(true);
    const [before] = await database.db.select().from(marketState).where(eq(marketState.symbol, 'NIFTY50'));

    // The old one still thinks it holds them and ticks a price that fills the order: nothing is saved.
    old.tradingEngine.setPrice('NIFTY50', 19_000);
    const events = await old.tradingEngine.tickOnce(Date.now(), old.tradingEngine.currentQuotes());
    expect(events).toEqual([]);
    await old.tradingEngine.flush();
    expect(old.tradingEngine.isLeader).toBe(false);
    expect(old.tradingEngine.leads('group-running')).toBe(false);
    const order = await database.db.select().from(orders).where(eq(orders.id, placed.json().data._id));
    expect(order[0].status).toBe('open');
    expect(await database.db.select().from(fills).where(eq(fills.orderId, placed.json().data._id))).toEqual(
      [],
    );
    const [after] = await database.db.select().from(marketState).where(eq(marketState.symbol, 'NIFTY50'));
    expect(after?.mid).toBe(before?.mid);
  });
});
