import { type DatabaseHandle, newId, orders } from '@candlewise/db';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addApprovedMembers } from '../../test/competition-members.ts';
import { createTestDatabase } from '../../test/helper.ts';
import { type AccountState, cloneAccount } from './account-book.ts';
import { loadAccounts, saveAccounts } from './account-ledger.ts';
import { EngineLeadership } from './leadership.ts';
import { buyLimit, recordingBus, recordingNotifier } from './testing/engine-fixtures.ts';
import { TradingEngine } from './trading-engine.ts';

// The coordinator: plan → persist → publish wired together, on an in-memory database, a fake bus
// and a fake notifier (the notification service is the composition root's business).

const log = pino({ level: 'silent' });
let database: DatabaseHandle;
let engine: TradingEngine;
let bus: ReturnType<typeof recordingBus>;
let notes: ReturnType<typeof recordingNotifier>;
let account: AccountState;

beforeEach(async () => {
  database = await createTestDatabase();
  bus = recordingBus();
  notes = recordingNotifier();
  engine = new TradingEngine({ db: database.db, bus: bus.bus, log, seed: 11, notifier: notes.notifier });
  const [member] = await addApprovedMembers(database.db, 'engine-secret', 'group-running', 1, 'engine');
  account = (await loadAccounts(database.db, [member.accountId])).get(member.accountId)!;
});
afterEach(async () => {
  await engine.stop();
  await database.close();
});

/** 50 lots bought at 20,000 through the ledger (as the order desk would), told to the engine. */
async function buyFifty(): Promise<void> {
  const id = newId();
  const after = cloneAccount(account);
  after.openOrders.push(buyLimit(id, 20_000, 50));
  await database.db.transaction((tx) =>
    saveAccounts(tx, [
      {
        before: account,
        after,
        fills: [],
        newOrders: [{ ...buyLimit(id, 20_000, 50), status: 'open', fillPrice: null }],
      },
    ]),
  );
  await engine.accountSaved((await loadAccounts(database.db, [account.id])).get(account.id)!);
}

describe('TradingEngine', () => {
  it('a tick fills, saves and then publishes; a freeze is stored and announced through the notifier', async () => {
    expect(await engine.tryLead()).toBe(true);
    // The first tick announces the seeded competitions' starts and ends; this test watches later ones.
    await engine.tickOnce(Date.now());
    notes.stored.length = 0;
    notes.announced.length = 0;
    bus.published.length = 0;
    await buyFifty();
    engine.setPrice('NIFTY50', 19_990);
    const filled = await engine.tickOnce(Date.now(), engine.currentQuotes());
    expect(filled.map((event) => event.type)).toEqual(['fills']);
    expect(bus.channels()).toEqual(
      expect.arrayContaining(['trading:quotes', 'trading:standings:group-running']),
    );
    expect(engine.accountState('group-running', account.userId)?.positions.get('NIFTY50')?.quantity).toBe(50);

    engine.setPrice('NIFTY50', 19_800); // 50 × 190 = 9,500 lost of 100,000: past the 5% drawdown
    const frozen = await engine.tickOnce(Date.now(), engine.currentQuotes());
    expect(frozen.map((event) => event.type)).toEqual(['freeze']);
    expect(notes.stored.map((n) => [n.userId, n.kind])).toEqual([[account.userId, 'account_frozen']]);
    expect(notes.announced).toEqual([
      { channel: `notifications:user:${account.userId}`, payload: { kind: 'account_frozen' } },
    ]);
  });

  it('publishes nothing, and saves nothing, once another process has taken its leases', async () => {
    await engine.stop();
    engine = new TradingEngine({
      db: database.db,
      bus: bus.bus,
      log,
      seed: 11,
      notifier: notes.notifier,
      leaseTtlMs: 200,
    });
    expect(await engine.tryLead()).toBe(true);
    await buyFifty();
    // The process pauses past its leases' expiry; another takes them (new epochs). This one has
    // not noticed yet.
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The successor judges liveness by the same 200 ms: the paused process's heartbeat is older, so
    // it counts as gone and the successor's share is every competition (with the default 3 s it would
    // count two processes and take half, chosen by its random name).
    const successor = new EngineLeadership(
      { db: database.db, log, ttlMs: 200 },
      { onAcquire: async () => {}, onLose: () => {} },
    );
    expect(await successor.tryLead()).toBe(true);
    expect(successor.isLeading('group-running')).toBe(true);
    const before = bus.published.length;

    engine.setPrice('NIFTY50', 19_990);
    expect(await engine.tickOnce(Date.now(), engine.currentQuotes())).toEqual([]);
    expect(bus.published.length).toBe(before);
    expect(notes.announced).toEqual([]);
    await engine.flush();
    expect(engine.isLeader).toBe(false);
    expect(engine.leads('group-running')).toBe(false);
    const [order] = await database.db.select().from(orders).where(eq(orders.accountId, account.id));
    expect(order.status).toBe('open');
    await successor.stop();
  });

  it('a follower does not tick, and knows the instruments and quotes', async () => {
    await engine.load();
    expect(engine.isLeader).toBe(false);
    expect(engine.instruments.has('NIFTY50')).toBe(true);
    expect(await engine.tickOnce(Date.now())).toEqual([]);
    expect(engine.status()).toEqual(expect.objectContaining({ role: 'follower', failedTicks: 0 }));
    expect(engine.quote('NIFTY50')).toBeDefined();
    expect(bus.published).toEqual([]);
  });

  it('on its clock, ticks each held competition once a second, in its slot, and counts only slots that ticked', async () => {
    await engine.start();
    await expect.poll(() => engine.status().competitions, { timeout: 5_000 }).toBeGreaterThan(0);
    const held = engine.groups.size;
    expect(held).toBeLessThan(10); // some slots of the second hold nothing
    const seen = new Map<string, number>();
    const standings = (channel: string) => channel.startsWith('trading:standings:');
    bus.published.length = 0;
    const from = engine.status().ticks.samples;
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    for (const { channel } of bus.published.filter((message) => standings(message.channel)))
      seen.set(channel, (seen.get(channel) ?? 0) + 1);
    // About two seconds: every competition under way ticked about twice, none ten times a second.
    for (const count of seen.values()) expect(count).toBeLessThanOrEqual(4);
    // A tick per slot that holds a competition (the market rides in the first): at most `held` a
    // second, not ten (an empty slot's turn is no tick and is not in the timings).
    expect(engine.status().ticks.samples - from).toBeLessThanOrEqual(held * 4);
  });
});
