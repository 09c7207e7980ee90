import {
  type Database,
  type DbExecutor,
  fills,
  groupParticipants,
  groups,
  newId,
  replayBars,
  tradingAccounts,
} from '@candlewise/db';
import { and, count, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { AppError, notFound } from '../../lib/app-error.ts';
import { type GroupView, listGroups } from './group-membership.ts';

export type GroupFields = {
  name: string;
  description: string;
  startDate: string;
  endDate: string;
  freezeDuration: number;
  freezeThreshold: number;
  startingBalance: number;
  currency: string;
  drawdownBasis: string;
  dailyLossLimit: number;
  dailyResetHour: number;
  timeZone: string;
  marketMode: 'live' | 'replay';
  replayFrom: string | null;
  replaySpeed: number;
  ruleSet: string;
  ranking: 'return' | 'calmar';
  registrationOpen: boolean;
  instruments: string[];
};

/**
 * A replay needs bars for every instrument at its first replayed minute: refused (400, naming the
 * instruments without them) rather than a competition whose market never opens.
 */
async function assertReplayable(db: DbExecutor, input: GroupFields): Promise<void> {
  if (input.marketMode !== 'replay' || !input.replayFrom) return;
  const from = new Date(input.replayFrom);
  const covered = await db
    .selectDistinct({ symbol: replayBars.symbol })
    .from(replayBars)
    .where(
      and(
        inArray(replayBars.symbol, input.instruments),
        gte(replayBars.time, new Date(from.getTime() - 60_000)),
        lte(replayBars.time, from),
      ),
    );
  const have = new Set(covered.map((row) => row.symbol));
  const missing = input.instruments.filter((symbol) => !have.has(symbol));
  if (missing.length) {
    const message = `There are no bars at ${from.toISOString()} for ${missing.join(', ')}. Upload them under Admin → Markets, or choose another minute.`;
    throw new AppError(400, 'VALIDATION_FAILED', message, [{ path: 'replayFrom', message }]);
  }
}

const replayColumns = (input: GroupFields) => ({
  replayFrom: input.marketMode === 'replay' && input.replayFrom ? new Date(input.replayFrom) : null,
});

export async function createGroup(db: DbExecutor, input: GroupFields) {
  await assertReplayable(db, input);
  const [created] = await db
    .insert(groups)
    .values({
      id: newId(),
      ...input,
      ...replayColumns(input),
      startDate: new Date(input.startDate),
      endDate: new Date(input.endDate),
    })
    .returning();
  return created;
}

/**
 * Edits a competition. Its account currency is fixed once members have accounts (their balances
 * are in it): the change is refused, in the same statement that would make it.
 */
export async function updateGroup(db: Database, groupId: string, input: GroupFields) {
  return db.transaction(async (tx) => {
    await assertReplayable(tx, input);
    const [current] = await tx.select().from(groups).where(eq(groups.id, groupId)).for('update');
    if (!current) throw notFound('We could not find that group.');
    if (current.currency !== input.currency) {
      const [funded] = await tx
        .select({ one: sql<number>`1` })
        .from(tradingAccounts)
        .where(eq(tradingAccounts.groupId, groupId))
        .limit(1);
      if (funded)
        throw new AppError(
          409,
          'CONFLICT',
          `Members already hold ${current.currency} accounts in this competition, so its currency cannot change.`,
        );
    }
    if (current.ruleSet !== input.ruleSet) {
      // A rule set decides pass and fail on the ledger: once anyone has traded under one, it stays.
      const [traded] = await tx
        .select({ one: sql<number>`1` })
        .from(fills)
        .innerJoin(tradingAccounts, eq(tradingAccounts.id, fills.accountId))
        .where(eq(tradingAccounts.groupId, groupId))
        .limit(1);
      if (traded)
        throw new AppError(
          409,
          'CONFLICT',
          `Members have already traded under ${current.ruleSet}, so this group's rule set cannot change.`,
        );
    }
    const [updated] = await tx
      .update(groups)
      .set({
        ...input,
        ...replayColumns(input),
        startDate: new Date(input.startDate),
        endDate: new Date(input.endDate),
        updatedAt: new Date(),
      })
      .where(eq(groups.id, groupId))
      .returning();
    return updated;
  });
}

export type AdminGroupView = GroupView & {
  /** Join requests still waiting for an approve or reject. */
  pendingRequests: number;
};

/**
 * The admin list: every competition as GET /group/ shows it, plus its waiting join requests,
 * counted in one grouped query (not one per group).
 */
export async function listAdminGroups(db: DbExecutor): Promise<AdminGroupView[]> {
  const [list, pending] = await Promise.all([
    listGroups(db),
    db
      .select({ groupId: groupParticipants.groupId, pending: count() })
      .from(groupParticipants)
      .where(eq(groupParticipants.status, 'pending'))
      .groupBy(groupParticipants.groupId),
  ]);
  const byGroup = new Map(pending.map((row) => [row.groupId, Number(row.pending)]));
  return list.map((group) => ({ ...group, pendingRequests: byGroup.get(group._id) ?? 0 }));
}
