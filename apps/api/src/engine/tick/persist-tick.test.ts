import {
  type DatabaseHandle,
  fills,
  groupEngineState,
  newId,
  notifications as notificationsTable,
  orders,
} from '@candlewise/db';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addApprovedMembers } from '../../../test/competition-members.ts';
import { createTestDatabase } from '../../../test/helper.ts';
import { LostLeadershipError } from '../../lib/advisory-leader.ts';
import { type AccountState, cloneAccount, type GroupState } from '../account-book.ts';
import { loadAccounts, saveAccounts } from '../account-ledger.ts';
import type { EngineNotification, EngineNotifier } from '../engine-contract.ts';
import { buyLimit, groupOf, marketOf, quoteOf } from '../testing/engine-fixtures.ts';
import { type PersistDeps, persistTick, writeTick } from './persist-tick.ts';

// The persist stage against a real (in-memory PGlite) database: what it writes, in one transaction.

const log = pino({ level: 'silent' });
let database: DatabaseHandle;
let accounts: AccountState[];

/** The seeded running competition as the engine holds it, with the given members in memory. */
function runningGroup(members: AccountState[], overrides: Partial<GroupState> = {}): GroupState {
  const now = Date.now();
  return groupOf(members, {
    id: 'group-running',
    startMs: now - 60_000,
    endMs: now + 3_600_000,
    ...overrides,
  });
}

/** Gives a member an open buy limit order (through the ledger, as the order desk would). */
async function placeBuyLimit(account: AccountState, price: number): Promise<AccountState> {
  const id = newId();
  const after = cloneAccount(account);
  after.openOrders.push(buyLimit(id, price));
  const write = {
    before: account,
    after,
    fills: [],
    newOrders: [{ ...buyLimit(id, price), status: 'open' as const, fillPrice: null }],
  };
  await database.db.transaction((tx) => saveAccounts(tx, [write]));
  return (await loadAccounts(database.db, [account.id])).get(account.id)!;
}

const recorded: EngineNotification[][] = [];
const notifier: EngineNotifier = {
  async record(tx, list) {
    recorded.push(list);
    if (list.length)
      await tx.insert(notificationsTable).values(
        list.map((n) => ({
          id: newId(),
          userId: n.userId,
          kind: n.kind,
          title: n.title,
          message: n.message,
        })),
      );
    return list.map((n) => ({ channel: `notifications:user:${n.userId}`, payload: { title: n.title } }));
  },
  async announce() {},
};
const deps = (overrides: Partial<PersistDeps> = {}): PersistDeps => ({
  db: database.db,
  log,
  notifier,
  fence: async () => {},
  saveMarket: async () => {},
  ...overrides,
});

beforeEach(async () => {
  database = await createTestDatabase();
  recorded.length = 0;
  const members = await addApprovedMembers(database.db, 'persist-secret', 'group-running', 2, 'persist');
  const loaded = await loadAccounts(
    database.db,
    members.map((member) => member.accountId),
  );
  accounts = members.map((member) => loaded.get(member.accountId)!);
});
afterEach(() => database.close());

const orderStatus = async (accountId: string) =>
  (await database.db.select().from(orders).where(eq(orders.accountId, accountId))).map((row) => row.status);

describe('persistTick', () => {
  it('fills a triggered order in the database and bumps the account version', async () => {
    const account = await placeBuyLimit(accounts[0], 20_500);
    const group = runningGroup([account]);
    const market = marketOf(quoteOf('NIFTY50', 20_000));
    const result = await database.db.transaction((tx) =>
      persistTick(tx, {
        touched: [account.id],
        starting: [],
        ending: [],
        groups: new Map([[group.id, group]]),
        marketOf: () => market,
        now: Date.now(),
      }),
    );

    expect(result.events).toEqual([
      {
        type: 'fills',
        accountId: account.id,
        fills: [expect.objectContaining({ price: 20_000, quantity: 1 })],
      },
    ]);
    expect(await orderStatus(account.id)).toEqual(['filled']);
    expect(await database.db.select().from(fills).where(eq(fills.accountId, account.id))).toHaveLength(1);
    const stored = (await loadAccounts(database.db, [account.id])).get(account.id)!;
    expect(stored.version).toBe(account.version + 1);
    expect(stored.positions.get('NIFTY50')?.quantity).toBe(1);
  });

  it('plans again on the stored copy: an order already gone from the database is not filled', async () => {
    const account = await placeBuyLimit(accounts[0], 20_500);
    const stale = cloneAccount(account); // memory still has the order…
    await database.db.update(orders).set({ status: 'canceled' }).where(eq(orders.accountId, account.id));
    const stored = (await loadAccounts(database.db, [account.id])).get(account.id)!;
    expect(stored.openOrders).toEqual([]); // …the store does not
    const group = runningGroup([stale]);
    const result = await database.db.transaction((tx) =>
      persistTick(tx, {
        touched: [account.id],
        starting: [],
        ending: [],
        groups: new Map([[group.id, group]]),
        marketOf: () => marketOf(quoteOf('NIFTY50', 20_000)),
        now: Date.now(),
      }),
    );
    expect(result.writes).toEqual([]);
    expect(await database.db.select().from(fills).where(eq(fills.accountId, account.id))).toEqual([]);
  });

  it('claims a competition’s start once: a second tick announces nothing', async () => {
    const group = runningGroup(accounts, { startAnnounced: false });
    const work = {
      touched: [],
      starting: [group],
      ending: [],
      groups: new Map([[group.id, group]]),
      marketOf: () => marketOf(),
      now: Date.now(),
    };
    const first = await database.db.transaction((tx) => persistTick(tx, work));
    const second = await database.db.transaction((tx) => persistTick(tx, work));
    expect(first.events).toEqual([{ type: 'start', groupId: 'group-running' }]);
    expect(first.notifications.map((n) => n.kind)).toEqual(['competition_started', 'competition_started']);
    expect(second.events).toEqual([]);
    expect(second.started).toEqual([group]);
  });

  it('finalises an ending competition: ranks stored on every account and the competition marked final', async () => {
    const group = runningGroup(accounts, { endMs: Date.now() - 1 });
    const result = await database.db.transaction((tx) =>
      persistTick(tx, {
        touched: [],
        starting: [],
        ending: [group],
        groups: new Map([[group.id, group]]),
        marketOf: () => marketOf(),
        now: Date.now(),
      }),
    );
    const ranks = (
      await loadAccounts(
        database.db,
        accounts.map((a) => a.id),
      )
    ).values();
    expect([...ranks].map((a) => a.finalRank).sort()).toEqual([1, 2]);
    const [state] = await database.db
      .select()
      .from(groupEngineState)
      .where(eq(groupEngineState.groupId, 'group-running'));
    expect(state.finalizedAt).not.toBeNull();
    expect(result.events.map((event) => event.type)).toEqual(['finalize']);
  });
});

describe('writeTick', () => {
  const fillWork = (account: AccountState) => {
    const group = runningGroup([account]);
    return {
      touched: [account.id],
      starting: [],
      ending: [],
      groups: new Map([[group.id, group]]),
      marketOf: () => marketOf(quoteOf('NIFTY50', 20_000)),
      now: Date.now(),
    };
  };

  it('saves the accounts, the market and the notifications in one transaction', async () => {
    const account = await placeBuyLimit(accounts[0], 20_500);
    const steps: string[] = [];
    const saved = await writeTick(
      deps({
        fence: async () => void steps.push('fence'),
        saveMarket: async () => void steps.push('market'),
      }),
      fillWork(account),
    );
    expect(steps).toEqual(['fence', 'market']);
    expect(saved?.failed).toBe(false);
    expect(saved?.result.writes).toHaveLength(1);
    expect(await orderStatus(account.id)).toEqual(['filled']);
  });

  it('writes nothing when the lead is lost (the fence refuses)', async () => {
    const account = await placeBuyLimit(accounts[0], 20_500);
    const saved = await writeTick(
      deps({
        fence: async () => {
          throw new LostLeadershipError('trading-engine');
        },
      }),
      fillWork(account),
    );
    expect(saved).toBeNull();
    expect(await orderStatus(account.id)).toEqual(['open']);
  });

  it('rolls the whole tick back when a late step fails, then saves each account on its own', async () => {
    const account = await placeBuyLimit(accounts[0], 20_500);
    let marketSaves = 0;
    const saved = await writeTick(
      deps({
        saveMarket: async () => {
          marketSaves += 1;
          if (marketSaves === 1) throw new Error('disk full');
        },
      }),
      fillWork(account),
    );
    expect(saved?.failed).toBe(true);
    expect(saved?.result.writes.map((write) => write.after.id)).toEqual([account.id]);
    expect(await orderStatus(account.id)).toEqual(['filled']);
    expect(await database.db.select().from(fills).where(eq(fills.accountId, account.id))).toHaveLength(1);
    expect(marketSaves).toBe(2); // the failed one, then the market on its own
  });
});
