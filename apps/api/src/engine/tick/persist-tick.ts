import { type Database, type DbExecutor, groupEngineState, tradingAccounts } from '@candlewise/db';
import type { PhaseFacts } from '@candlewise/shared/challenges/objectives';
import { eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { LostLeadershipError } from '../../lib/advisory-leader.ts';
import { cloneAccount, type GroupState, markToMarket } from '../account-book.ts';
import { loadAccounts, saveAccounts } from '../account-ledger.ts';
import { loadPhaseFacts } from '../challenge-ledger.ts';
import { isChallenge, reachesTarget } from '../challenge-rules.ts';
import { isStaleLeaseError } from '../competition-leases.ts';
import {
  type EngineAnnouncement,
  type EngineNotifier,
  emptyTickResult,
  type TickResult,
} from '../engine-contract.ts';
import { type MarketOf, planAccount, planFinalize, planStart, type TickWork } from './plan-tick.ts';

// The tick's second stage, the one ordered writer: inside one transaction fenced by the leader's
// epoch it claims the competitions that start or end, locks the accounts the plan touches (in id
// order, as every writer locks), plans again on the locked copies (what is saved is what was
// planned), saves them through the ledger, the market and the notifications. Nothing is published
// here: publish-tick.ts runs on what this returns, after the commit.

export type PersistDeps = {
  db: Database;
  log: FastifyBaseLogger;
  notifier: EngineNotifier;
  /**
   * The leases' fence: throws LostLeadershipError unless this process still holds every
   * competition it writes (and the market) at its current epoch.
   */
  fence: (tx: DbExecutor) => Promise<void>;
  /** The lease epoch a competition is held under: each ledger write carries it, the database checks it. */
  epochOf?: (groupId: string) => number | null;
  /** Saves the market as of this tick (the feed and the candles in progress). */
  saveMarket: (tx: DbExecutor) => Promise<void>;
};

export type PersistWork = Pick<TickWork, 'touched' | 'starting' | 'ending'> & {
  groups: ReadonlyMap<string, GroupState>;
  marketOf: MarketOf;
  now: number;
  /** The lease epoch of each competition written (null or absent: writes carry none). */
  epochOf?: (groupId: string) => number | null;
  /** Runs first in the tick's transaction: the replay competitions' bar walk (walk-replay.ts). */
  walk?: (tx: DbExecutor) => Promise<TickResult>;
};

export type PersistedTick = {
  result: TickResult;
  announcements: EngineAnnouncement[];
  /** The one transaction failed and the tick was saved one account at a time. */
  failed: boolean;
};

/** Inside the tick's transaction: claims, locks, plans again on the stored state, saves. */
export async function persistTick(tx: DbExecutor, work: PersistWork): Promise<TickResult> {
  const result = emptyTickResult();
  const { marketOf, now } = work;

  for (const group of work.starting) {
    const [claimed] = await tx
      .insert(groupEngineState)
      .values({ groupId: group.id, startAnnouncedAt: new Date() })
      .onConflictDoUpdate({
        target: groupEngineState.groupId,
        set: { startAnnouncedAt: new Date() },
        setWhere: isNull(groupEngineState.startAnnouncedAt),
      })
      .returning({ groupId: groupEngineState.groupId });
    result.started.push(group);
    if (!claimed) continue;
    const planned = planStart(group, now);
    result.events.push(...planned.events);
    result.notifications.push(...planned.notifications);
  }

  // Every account this tick may write is locked in one statement, in id order (as every other
  // writer locks), so the tick and the order desks never wait on each other in a cycle.
  const endingIds = new Map<string, string[]>();
  for (const group of work.ending) {
    const rows = await tx
      .select({ id: tradingAccounts.id })
      .from(tradingAccounts)
      .where(eq(tradingAccounts.groupId, group.id));
    endingIds.set(
      group.id,
      rows.map((row) => row.id),
    );
  }
  const locked = await loadAccounts(tx, [...work.touched, ...[...endingIds.values()].flat()], {
    lock: true,
  });
  const touched = new Set(work.touched);

  for (const before of locked.values()) {
    if (!touched.has(before.id)) continue;
    const group = work.groups.get(before.groupId);
    if (!group) continue;
    const memory = group.accounts.get(before.id);
    const market = marketOf(group);
    // A challenge account at its profit target: its other objectives are read from the ledger.
    let facts: PhaseFacts | null = null;
    if (isChallenge(group) && before.challengeStatus === 'in-progress') {
      const probe = cloneAccount(before);
      markToMarket(probe, market);
      if (reachesTarget(probe, group)) {
        facts = await loadPhaseFacts(tx, before, group);
        if (memory) memory.passCheckedAt = { version: before.version, at: now };
      }
    }
    const planned = planAccount(before, memory, group, market, now, facts);
    if (!planned.write) {
      if (planned.reload) result.reload.push(before.id);
      continue;
    }
    result.writes.push(planned.write);
    result.events.push(...planned.events);
    result.notifications.push(...planned.notifications);
  }

  for (const group of work.ending) {
    const [claimed] = await tx
      .insert(groupEngineState)
      .values({ groupId: group.id, startAnnouncedAt: new Date(), finalizedAt: new Date() })
      .onConflictDoUpdate({
        target: groupEngineState.groupId,
        set: { finalizedAt: new Date() },
        setWhere: isNull(groupEngineState.finalizedAt),
      })
      .returning({ groupId: groupEngineState.groupId });
    result.finalized.push(group);
    if (!claimed) continue;
    const accounts = (endingIds.get(group.id) ?? []).flatMap((id) => locked.get(id) ?? []);
    const planned = planFinalize(group, accounts, marketOf(group));
    result.writes.push(...planned.writes);
    result.events.push(...planned.events);
    result.notifications.push(...planned.notifications);
  }

  // Each write carries its competition's lease epoch: the database refuses it if no longer current.
  if (work.epochOf) for (const write of result.writes) write.leaseEpoch = work.epochOf(write.after.groupId);
  await saveAccounts(tx, result.writes);
  return result;
}

/** The replays' bar walk (when any), then the tick's moment, in `tx`: one result, the walk's first. */
async function persistWalkAndTick(tx: DbExecutor, work: PersistWork): Promise<TickResult> {
  const walked = work.walk ? await work.walk(tx) : null;
  const result = await persistTick(tx, work);
  if (!walked) return result;
  return {
    ...result,
    writes: [...walked.writes, ...result.writes],
    events: [...walked.events, ...result.events],
    notifications: [...walked.notifications, ...result.notifications],
    reload: [...walked.reload, ...result.reload],
  };
}

/**
 * Saves a tick: one transaction for everything; when it fails, each account in its own (so one
 * bad account stalls nobody). Null: this process no longer leads, nothing was saved or may be said.
 */
export async function writeTick(deps: PersistDeps, work: PersistWork): Promise<PersistedTick | null> {
  work = { ...work, epochOf: work.epochOf ?? deps.epochOf };
  try {
    return await deps.db.transaction(async (tx) => {
      await deps.fence(tx);
      const result = await persistWalkAndTick(tx, work);
      await deps.saveMarket(tx);
      return { result, announcements: await deps.notifier.record(tx, result.notifications), failed: false };
    });
  } catch (error) {
    if (error instanceof LostLeadershipError) return null;
    if (isStaleLeaseError(error)) {
      deps.log.warn({ err: error }, 'trading engine: the database refused a stale lease epoch');
      return null;
    }
    deps.log.error(
      { err: error },
      'trading engine: a tick could not be saved; retrying its accounts one by one',
    );
    return { ...(await persistOneByOne(deps, work)), failed: true };
  }
}

/** When the tick's one transaction failed: each account in its own, so one bad account stalls nobody. */
async function persistOneByOne(
  deps: PersistDeps,
  work: PersistWork,
): Promise<{ result: TickResult; announcements: EngineAnnouncement[] }> {
  const total = emptyTickResult();
  const announcements: EngineAnnouncement[] = [];
  const parts: PersistWork[] = [
    { ...work, touched: [] },
    ...work.touched.map((id) => ({ ...work, touched: [id], starting: [], ending: [], walk: undefined })),
  ];
  for (const part of parts) {
    try {
      const saved = await deps.db.transaction(async (tx) => {
        await deps.fence(tx);
        const result = await persistWalkAndTick(tx, part);
        return { result, announcements: await deps.notifier.record(tx, result.notifications) };
      });
      total.writes.push(...saved.result.writes);
      total.events.push(...saved.result.events);
      total.started.push(...saved.result.started);
      total.finalized.push(...saved.result.finalized);
      total.reload.push(...saved.result.reload);
      announcements.push(...saved.announcements);
    } catch (error) {
      if (error instanceof LostLeadershipError || isStaleLeaseError(error)) break;
      deps.log.error({ err: error, accounts: part.touched }, 'trading engine: could not save an account');
    }
  }
  await deps.db
    .transaction(async (tx) => {
      await deps.fence(tx);
      await deps.saveMarket(tx);
    })
    .catch((error) => deps.log.error({ err: error }, 'trading engine: could not save the market'));
  return { result: total, announcements };
}
