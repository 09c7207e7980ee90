import { type Database, groupEngineState, groupParticipants, groups, tradingAccounts } from '@candlewise/db';
import { ruleSetOf } from '@candlewise/shared/challenges/rule-sets';
import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { GroupState } from './account-book.ts';

/**
 * Competitions not yet finalised (or the one asked for), as the engine holds them: `existing`
 * supplies the accounts and standings already in memory; the accounts themselves load later.
 */
export async function loadCompetitions(
  db: Database,
  existing: ReadonlyMap<string, GroupState>,
  only?: string | string[],
): Promise<GroupState[]> {
  const rows = await db
    .select({ group: groups, state: groupEngineState })
    .from(groups)
    .leftJoin(groupEngineState, eq(groupEngineState.groupId, groups.id))
    .where(
      only === undefined
        ? or(isNull(groupEngineState.finalizedAt), isNull(groupEngineState.groupId))
        : typeof only === 'string'
          ? eq(groups.id, only)
          : inArray(groups.id, only),
    );
  const loaded: GroupState[] = [];
  for (const { group, state } of rows) {
    if (!group.startDate || !group.endDate) continue;
    const known = existing.get(group.id);
    loaded.push({
      id: group.id,
      name: group.name,
      currency: group.currency,
      startMs: group.startDate.getTime(),
      endMs: group.endDate.getTime(),
      freezeThreshold: group.freezeThreshold,
      freezeDurationMs: group.freezeDuration,
      drawdownBasis: group.drawdownBasis as GroupState['drawdownBasis'],
      dailyLossLimit: group.dailyLossLimit,
      dailyResetHour: group.dailyResetHour,
      timeZone: group.timeZone,
      ruleSet: ruleSetOf(group.ruleSet),
      ranking: group.ranking === 'calmar' ? 'calmar' : 'return',
      replay:
        group.marketMode === 'replay' && group.replayFrom
          ? { from: group.replayFrom.getTime(), speed: group.replaySpeed }
          : null,
      symbols: group.instruments,
      accounts: known?.accounts ?? new Map(),
      startAnnounced: Boolean(state?.startAnnouncedAt),
      finalized: Boolean(state?.finalizedAt),
      standings: known?.standings ?? [],
      standingsStale: true,
      standingsTable: known?.standingsTable,
    });
  }
  return loaded;
}

/** The stored version of each account of a competition. */
export function accountVersions(db: Database, groupId: string) {
  return db
    .select({ id: tradingAccounts.id, version: tradingAccounts.version })
    .from(tradingAccounts)
    .where(eq(tradingAccounts.groupId, groupId));
}

/** Accounts of these competitions written in the last 30 seconds, with their versions (the holder's reconcile). */
export function recentAccountVersions(db: Database, groupIds: string[]) {
  return db
    .select({ id: tradingAccounts.id, version: tradingAccounts.version })
    .from(tradingAccounts)
    .where(
      and(
        inArray(tradingAccounts.groupId, groupIds),
        gt(tradingAccounts.updatedAt, sql`now() - interval '30 seconds'`),
      ),
    );
}

/** Competitions a user is an approved member of (for the dashboard and the stream). */
export async function approvedGroupIds(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .select({ groupId: groupParticipants.groupId })
    .from(groupParticipants)
    .where(and(eq(groupParticipants.userId, userId), eq(groupParticipants.status, 'approved')));
  return rows.map((row) => row.groupId);
}
