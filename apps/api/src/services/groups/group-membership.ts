import {
  type Database,
  type DbExecutor,
  groupParticipants,
  groups,
  newId,
  tradingAccounts,
  users,
} from '@candlewise/db';
import { type DrawdownBasis, groupPhase, joinRefusal, type Ranking } from '@candlewise/shared';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { type AccountState, cloneAccount, closeOut } from '../../engine/account-book.ts';
import { loadAccounts, lockAccountOf, saveAccounts } from '../../engine/account-ledger.ts';
import type { TradingEngine } from '../../engine/trading-engine.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import type { EventBus } from '../../providers/events/event-bus.ts';
import {
  announceNotifications,
  type NotificationAnnouncement,
  recordNotifications,
} from '../notifications/notify.ts';

export type GroupView = {
  _id: string;
  name: string;
  description: string;
  startDate: string | null;
  endDate: string | null;
  freezeDuration: number;
  freezeThreshold: number;
  startingBalance: number;
  currency: string;
  drawdownBasis: DrawdownBasis;
  dailyLossLimit: number;
  dailyResetHour: number;
  timeZone: string;
  marketMode: 'live' | 'replay';
  replayFrom: string | null;
  replaySpeed: number;
  ruleSet: string;
  ranking: Ranking;
  registrationOpen: boolean;
  instruments: string[];
  participantsCount: number;
  phase: 'upcoming' | 'running' | 'ended';
};

function toView(row: typeof groups.$inferSelect, participantsCount: number): GroupView {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    startDate: row.startDate?.toISOString() ?? null,
    endDate: row.endDate?.toISOString() ?? null,
    freezeDuration: row.freezeDuration,
    freezeThreshold: row.freezeThreshold,
    startingBalance: row.startingBalance,
    currency: row.currency,
    // Written only through groupFieldsSchema's choices (the column is text).
    drawdownBasis: row.drawdownBasis as DrawdownBasis,
    dailyLossLimit: row.dailyLossLimit,
    dailyResetHour: row.dailyResetHour,
    timeZone: row.timeZone,
    marketMode: row.marketMode as GroupView['marketMode'],
    replayFrom: row.replayFrom?.toISOString() ?? null,
    replaySpeed: row.replaySpeed,
    ruleSet: row.ruleSet,
    ranking: row.ranking as Ranking,
    registrationOpen: row.registrationOpen,
    instruments: row.instruments,
    participantsCount,
    phase: groupPhase(row),
  };
}

/** Every group, soonest first, with the number of approved members ("N total joined"). */
export async function listGroups(db: DbExecutor): Promise<GroupView[]> {
  const rows = await db
    .select({
      group: groups,
      joined: sql<number>`(select count(*)::int from group_participants p where p.group_id = "groups"."id" and p.status = 'approved')`,
    })
    .from(groups)
    .orderBy(asc(groups.startDate), asc(groups.id));
  return rows.map((row) => toView(row.group, row.joined));
}

export async function getGroup(db: DbExecutor, groupId: string): Promise<GroupView> {
  const [row] = await db.select().from(groups).where(eq(groups.id, groupId));
  if (!row) throw notFound('We could not find that group.');
  const [{ joined }] = await db
    .select({ joined: count() })
    .from(groupParticipants)
    .where(and(eq(groupParticipants.groupId, groupId), eq(groupParticipants.status, 'approved')));
  return toView(row, joined);
}

export type ParticipationView = {
  _id: string;
  groupId: { _id: string; name: string };
  status: 'pending' | 'approved' | 'rejected';
};

/** The spec's list of a user's records: groupId as an object with _id, and the status. */
export async function listParticipations(db: DbExecutor, userId: string): Promise<ParticipationView[]> {
  const rows = await db
    .select({
      id: groupParticipants.id,
      status: groupParticipants.status,
      groupId: groups.id,
      groupName: groups.name,
    })
    .from(groupParticipants)
    .innerJoin(groups, eq(groups.id, groupParticipants.groupId))
    .where(eq(groupParticipants.userId, userId))
    .orderBy(asc(groupParticipants.requestedAt));
  return rows.map((row) => ({
    _id: row.id,
    groupId: { _id: row.groupId, name: row.groupName },
    status: row.status,
  }));
}

/** A join request: one per user and group (the unique index decides, so racing requests make one). */
export async function requestToJoin(db: DbExecutor, userId: string, groupId: string) {
  const [group] = await db.select().from(groups).where(eq(groups.id, groupId));
  if (!group) throw notFound('We could not find that group.');
  const refusal = joinRefusal(group, groupPhase(group));
  if (refusal) throw conflict(refusal);
  const [created] = await db
    .insert(groupParticipants)
    .values({ id: newId(), groupId, userId })
    .onConflictDoNothing()
    .returning();
  if (!created) throw conflict('You have already asked to join this group.');
  return { _id: created.id, groupId: { _id: group.id, name: group.name }, status: created.status };
}

export const JOIN_REQUEST_NOT_FOUND = 'We could not find your join request for this group.';
export const WITHDRAW_REFUSALS = {
  approved:
    'Your request was already approved, so there is nothing to withdraw: you are a member of this competition.',
  rejected: 'Your request was already declined, so there is nothing to withdraw.',
} as const;

/**
 * A learner takes back their own pending join request. One conditional DELETE decides, so a
 * request an admin approves or rejects at the same moment is either withdrawn or decided, never
 * both. Another user's request answers as if it did not exist (404).
 */
export async function withdrawJoinRequest(
  db: DbExecutor,
  input: { userId: string; groupId: string; participantId: string },
): Promise<void> {
  const mine = and(
    eq(groupParticipants.id, input.participantId),
    eq(groupParticipants.groupId, input.groupId),
    eq(groupParticipants.userId, input.userId),
  );
  const withdrawn = await db
    .delete(groupParticipants)
    .where(and(mine, eq(groupParticipants.status, 'pending')))
    .returning({ id: groupParticipants.id });
  if (withdrawn.length > 0) return;
  const [decided] = await db.select({ status: groupParticipants.status }).from(groupParticipants).where(mine);
  if (!decided || decided.status === 'pending') throw notFound(JOIN_REQUEST_NOT_FOUND);
  throw conflict(WITHDRAW_REFUSALS[decided.status]);
}

export async function listGroupParticipants(db: DbExecutor, groupId: string) {
  await getGroup(db, groupId);
  const rows = await db
    .select({
      participant: groupParticipants,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(groupParticipants)
    .innerJoin(users, eq(users.id, groupParticipants.userId))
    .where(eq(groupParticipants.groupId, groupId))
    .orderBy(asc(groupParticipants.requestedAt));
  return rows.map((row) => ({
    _id: row.participant.id,
    userId: row.participant.userId,
    name: [row.firstName, row.lastName].filter(Boolean).join(' ') || row.email,
    email: row.email,
    status: row.participant.status,
    requestedAt: row.participant.requestedAt.toISOString(),
    decidedAt: row.participant.decidedAt?.toISOString() ?? null,
  }));
}

/**
 * Approve or reject a request; the user is told once per actual change. Approving funds a paper
 * account (or restores a removed one); rejecting an approved member removes them: positions
 * closed at market, orders cancelled, trading refused, off the leaderboard. Only that member's
 * account is touched, in one transaction, under its row lock.
 */
export async function decideParticipant(
  db: Database,
  bus: EventBus,
  engine: TradingEngine,
  input: {
    groupId: string;
    participantId: string;
    decision: 'approved' | 'rejected';
    adminId: string;
  },
) {
  const market = engine.market();
  const outcome = await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(groupParticipants)
      .where(and(eq(groupParticipants.id, input.participantId), eq(groupParticipants.groupId, input.groupId)))
      .for('update');
    if (!current) throw notFound('We could not find that request in this group.');
    if (current.status === input.decision)
      return { participant: current, saved: null, announcements: [] as NotificationAnnouncement[] };
    const [updated] = await tx
      .update(groupParticipants)
      .set({ status: input.decision, decidedAt: new Date(), decidedBy: input.adminId })
      .where(eq(groupParticipants.id, current.id))
      .returning();
    // Shared lock: the competition's currency cannot change while a member is being funded.
    const [group] = await tx.select().from(groups).where(eq(groups.id, input.groupId)).for('share');
    let saved: AccountState | null = null;
    let removal = false;
    if (input.decision === 'approved') {
      // Every approved member gets a paper account funded with the group's starting balance.
      await tx
        .insert(tradingAccounts)
        .values({
          id: newId(),
          groupId: input.groupId,
          userId: updated.userId,
          startingBalance: group.startingBalance,
          balance: group.startingBalance,
          equity: group.startingBalance,
          peakEquity: group.startingBalance,
        })
        .onConflictDoNothing();
      const accountId = await lockAccountOf(tx, input.groupId, updated.userId);
      const before = (await loadAccounts(tx, [accountId!])).get(accountId!)!;
      if (before.removed) {
        saved = cloneAccount(before);
        saved.removed = false;
        await saveAccounts(tx, [{ before, after: saved, fills: [], removedAt: null }]);
      } else {
        saved = before;
      }
    } else if (current.status === 'approved') {
      const accountId = await lockAccountOf(tx, input.groupId, updated.userId);
      const before = accountId ? (await loadAccounts(tx, [accountId])).get(accountId) : undefined;
      if (before && !before.removed) {
        saved = cloneAccount(before);
        const closed = closeOut(saved, market, 'removed');
        saved.removed = true;
        await saveAccounts(tx, [
          {
            before,
            after: saved,
            fills: closed.fills,
            canceledOrders: closed.canceledOrders,
            removedAt: new Date(),
          },
        ]);
        removal = true;
      }
    }
    const announcements = await recordNotifications(tx, [
      input.decision === 'approved'
        ? {
            userId: updated.userId,
            kind: 'group_approved',
            title: 'You are in!',
            message: `Your request to join ${group.name} was approved. Open the leaderboard to trade.`,
            link: `/group/${input.groupId}/leaderboard`,
          }
        : removal
          ? {
              userId: updated.userId,
              kind: 'group_rejected',
              title: 'Removed from the competition',
              message: `You were removed from ${group.name}. Your positions were closed at market and your pending orders cancelled.`,
              link: '/group',
            }
          : {
              userId: updated.userId,
              kind: 'group_rejected',
              title: 'Join request declined',
              message: `Your request to join ${group.name} was not approved this time.`,
              link: '/group',
            },
    ]);
    return { participant: updated, saved, announcements };
  });
  if (outcome.saved) await engine.accountSaved(outcome.saved);
  await announceNotifications(bus, outcome.announcements);
  return {
    _id: outcome.participant.id,
    status: outcome.participant.status,
    userId: outcome.participant.userId,
  };
}
