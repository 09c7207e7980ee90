import { type DatabaseHandle, fills } from '@candlewise/db';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addApprovedMembers } from '../../test/competition-members.ts';
import { createTestDatabase } from '../../test/helper.ts';
import { isStaleLeaseError } from './competition-leases.ts';
import { EngineLeadership, type LeaseHooks, LostLeadershipError, MARKET_SCOPE } from './leadership.ts';

// Leases are rows: the same tests run on the embedded database and on PostgreSQL. Several
// EngineLeadership objects on one database play several processes; a short TTL and no timer let a
// test decide when a lease expires (rounds run by hand with tryLead).

const log = pino({ level: 'silent' });
let database: DatabaseHandle;

function lease(name: string, ttlMs = 60_000) {
  const calls: string[] = [];
  const hooks: LeaseHooks = {
    onAcquire: async (scope) => void calls.push(`take ${scope}`),
    onLose: (scope, reason) => void calls.push(`lose ${scope}: ${reason}`),
  };
  const leadership = new EngineLeadership({ db: database.db, log, retryMs: 60_000, ttlMs }, hooks);
  Object.defineProperty(leadership, 'holder', { value: name });
  return { leadership, calls };
}

async function liveCompetitions(): Promise<string[]> {
  const result = await database.db.execute(sql`select g.id from groups g
    left join group_engine_state s on s.group_id = g.id
    where g.start_date is not null and g.end_date is not null and s.finalized_at is null order by g.id`);
  const rows = Array.isArray(result) ? result : (result as { rows: Array<{ id: string }> }).rows;
  return rows.map((row) => (row as { id: string }).id);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.execute(sql`delete from engine_leases`);
  await database.db.execute(sql`delete from engine_processes`);
});

describe('EngineLeadership (a lease per competition)', () => {
  it('one process holds the market and every competition, and fences its own transactions through', async () => {
    const { leadership, calls } = lease('solo');
    const competitions = await liveCompetitions();
    expect(competitions.length).toBeGreaterThan(1);
    expect(leadership.isLeading('group-running')).toBe(false);
    expect(await leadership.tryLead()).toBe(true);
    expect(leadership.isLeading()).toBe(true);
    expect(leadership.competitions().sort()).toEqual(competitions);
    expect(calls).toContain(`take ${MARKET_SCOPE}`);
    await database.db.transaction((tx) => leadership.fence(tx, ['group-running', MARKET_SCOPE]));
    await leadership.stop();
    expect(leadership.isLeading('group-running')).toBe(false);
    expect(calls).toContain('lose group-running: stopped');
  });

  it('spreads the competitions over two processes, each its share and none twice', async () => {
    const first = lease('first');
    const second = lease('second');
    const competitions = await liveCompetitions();
    await first.leadership.tryLead(); // alone: takes everything
    expect(first.leadership.competitions()).toHaveLength(competitions.length);
    await second.leadership.tryLead(); // joins: two live processes now
    await first.leadership.tryLead(); // gives back what is over its share
    await second.leadership.tryLead(); // takes what was given back
    const a = first.leadership.competitions();
    const b = second.leadership.competitions();
    expect([...a, ...b].sort()).toEqual(competitions);
    expect(a.filter((id) => b.includes(id))).toEqual([]);
    const share = Math.ceil(competitions.length / 2);
    expect(Math.max(a.length, b.length)).toBe(share);
    // Exactly one holds the market.
    expect([first.leadership.isLeading(), second.leadership.isLeading()].filter(Boolean)).toHaveLength(1);
    // The first stops: the second takes everything on its next round.
    await first.leadership.stop();
    await second.leadership.tryLead();
    expect(second.leadership.competitions().sort()).toEqual(competitions);
    expect(second.leadership.isLeading()).toBe(true);
    await second.leadership.stop();
  });

  it('a lease that expired moves to another process with a new epoch; the former holder is fenced out and PostgreSQL refuses its stale writes', async () => {
    const [member] = await addApprovedMembers(database.db, 'x'.repeat(32), 'group-running', 1, 'lease');
    const account = { id: member.accountId };
    const former = lease('former', 200);
    expect(await former.leadership.tryLead()).toBe(true);
    const oldEpoch = former.leadership.epochOf('group-running')!;
    // The former holder's own epoch is accepted by the database.
    await database.db.execute(
      sql`update trading_accounts set lease_epoch = ${oldEpoch} where id = ${account.id}`,
    );

    // It stops renewing (a paused process): after the TTL another process takes its competitions.
    await sleep(300);
    const successor = lease('successor', 60_000);
    await successor.leadership.tryLead();
    expect(successor.leadership.isLeading('group-running')).toBe(true);
    expect(successor.leadership.epochOf('group-running')).toBe(oldEpoch + 1);
    expect(former.leadership.isLeading('group-running')).toBe(true); // it has not noticed yet

    // The application fence refuses it …
    await expect(
      database.db.transaction((tx) => former.leadership.fence(tx, ['group-running'])),
    ).rejects.toBeInstanceOf(LostLeadershipError);
    // … and so does the database, for a write that skipped the fence: the account and a fill.
    await expect(
      database.db.execute(
        sql`update trading_accounts set lease_epoch = ${oldEpoch}, equity = 1 where id = ${account.id}`,
      ),
    ).rejects.toSatisfy(isStaleLeaseError);
    await expect(
      database.db.insert(fills).values({
        id: 'stale-fill',
        accountId: account.id,
        symbol: 'NIFTY50',
        side: 'buy',
        quantity: 1,
        price: 20_000,
        reason: 'stop_loss',
        leaseEpoch: oldEpoch,
      }),
    ).rejects.toSatisfy(isStaleLeaseError);
    expect(await database.db.select().from(fills).where(eq(fills.id, 'stale-fill'))).toEqual([]);
    // The current epoch writes; a member's own write (no epoch) is not the lease's business.
    await database.db.execute(
      sql`update trading_accounts set lease_epoch = ${oldEpoch + 1} where id = ${account.id}`,
    );
    await database.db.execute(sql`update trading_accounts set equity = equity where id = ${account.id}`);

    expect(former.leadership.isLeading('group-running')).toBe(false);
    expect(former.calls).toContain('lose group-running: a newer epoch holds it');
    await successor.leadership.stop();
    await former.leadership.stop();
  });

  // On the embedded database one transaction holds the whole database, so only PostgreSQL can show
  // which row locks wait for which (issue #40: a tick longer than the TTL used to lose its leases).
  it.runIf(process.env.DATABASE_URL)(
    'a tick in flight does not hold up its holder’s renewal, but a takeover waits until it commits',
    async () => {
      const holder = lease('holder', 1000);
      await holder.leadership.tryLead();
      const epoch = holder.leadership.epochOf('group-running')!;
      let endTick!: () => void;
      let fenced!: () => void;
      const isFenced = new Promise<void>((resolve) => {
        fenced = resolve;
      });
      const tick = database.db.transaction(async (tx) => {
        await holder.leadership.fence(tx, ['group-running']);
        fenced();
        await new Promise<void>((resolve) => {
          endTick = resolve;
        });
      });
      await isFenced;

      // The renewal goes through while the tick holds its fence.
      const renewal = await Promise.race([holder.leadership.tryLead().then(() => 'renewed'), sleep(5000)]);
      expect(renewal).toBe('renewed');
      expect(holder.leadership.isLeading('group-running')).toBe(true);

      // The lease lapses (a stalled holder); another process takes it: its epoch bump waits for the tick.
      await database.db.execute(
        sql`update engine_leases set expires_at = now() - interval '1 second' where scope = 'group-running'`,
      );
      const successor = lease('successor');
      let taken = false;
      const takeover = successor.leadership.take('group-running').then((won) => {
        taken = won;
      });
      await sleep(500);
      expect(taken).toBe(false);
      endTick();
      await tick;
      await takeover;
      expect(taken).toBe(true);
      expect(successor.leadership.epochOf('group-running')).toBe(epoch + 1);
      await successor.leadership.stop();
      await holder.leadership.stop();
    },
    30_000,
  );

  it('a renewal finds a lease taken by another process and drops it', async () => {
    const former = lease('former', 200);
    await former.leadership.tryLead();
    await sleep(300);
    const successor = lease('successor');
    await successor.leadership.tryLead();
    await former.leadership.tryLead(); // its renewal: the lease is another's now
    expect(former.leadership.isLeading('group-running')).toBe(false);
    expect(former.calls).toContain('lose group-running: its lease expired and another process took it');
    await successor.leadership.stop();
    await former.leadership.stop();
  });

  // bench:desk printed "engine leases: no longer held" as a warning for every lease a stopping
  // server released and for a finished competition given back: nothing had gone wrong.
  it('warns of a lease lost to another process, not of one it gave back', async () => {
    const records: Array<{ level: number; scope: string; reason: string }> = [];
    const logged = pino({ level: 'info' }, { write: (line: string) => void records.push(JSON.parse(line)) });
    const former = new EngineLeadership(
      { db: database.db, log: logged, retryMs: 60_000, ttlMs: 200 },
      { onAcquire: async () => {}, onLose: () => {} },
    );
    await former.tryLead();
    await sleep(300); // it stopped renewing: another process takes what lapsed
    const successor = lease('successor');
    await successor.leadership.tryLead();
    await former.tryLead();
    await successor.leadership.stop();
    await former.stop();
    const lost = records.filter((record) => record.reason?.startsWith('its lease expired'));
    expect(lost.length).toBeGreaterThan(0);
    expect(lost.every((record) => record.level === 40)).toBe(true);
    const released = records.filter((record) => record.reason === 'stopped');
    expect(released.length).toBeGreaterThan(0);
    expect(released.every((record) => record.level === 30)).toBe(true);
  });

  it('gives a competition back when loading it fails', async () => {
    const leadership = new EngineLeadership(
      { db: database.db, log, retryMs: 60_000 },
      {
        onAcquire: async (scope) => {
          if (scope === 'group-running') throw new Error('cannot load');
        },
        onLose: () => {},
      },
    );
    await leadership.tryLead();
    expect(leadership.isLeading('group-running')).toBe(false);
    expect(leadership.isLeading()).toBe(true);
    await leadership.stop();
  });

  // bench:scale, 100 × 1,000: a dead process's 51 competitions were taken one at a time, each
  // load waiting for the tick in flight: 12–16 s. They are taken in one statement and loaded together.
  it('takes a dead process’s share in one round, hands it over to load in one call, and gives back what failed', async () => {
    const competitions = await liveCompetitions();
    const dead = lease('dead', 200);
    await dead.leadership.tryLead();
    const epochs = new Map(competitions.map((id) => [id, dead.leadership.epochOf(id)]));
    await sleep(300); // it stopped renewing

    const loads: string[][] = [];
    const survivor = new EngineLeadership(
      { db: database.db, log, retryMs: 60_000, ttlMs: 200 },
      {
        onAcquire: async () => {},
        onLose: () => {},
        onAcquireMany: async (scopes) => {
          loads.push([...scopes].sort());
          return scopes.filter((scope) => scope === 'group-running');
        },
      },
    );
    await survivor.tryLead();
    const others = competitions.filter((id) => id !== 'group-running');
    expect(loads).toEqual([competitions]);
    expect(survivor.competitions().sort()).toEqual(others);
    for (const id of others) expect(survivor.epochOf(id)).toBe(epochs.get(id)! + 1);
    // The one that could not be loaded is free for the next round (or another process) at once.
    const [row] = (
      (await database.db.execute(
        sql`select expires_at < now() as free from engine_leases where scope = 'group-running'`,
      )) as unknown as { rows: Array<{ free: boolean }> }
    ).rows;
    expect(row.free).toBe(true);
    await survivor.stop();
    await dead.leadership.stop();
  });
});
