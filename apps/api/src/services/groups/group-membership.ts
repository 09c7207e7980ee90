import {
  type Database,
  type DbExecutor,
  groupParticipants,
  groups,
  newId,
  tradingAccounts,
  users,
} from '@candlewise/db';
import { groupPhase } from '@candlewise/shared';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { AppError, conflict, notFound } from '../../lib/app-error.ts';
import type { EventBus } from '../../providers/events/event-bus.ts';
import { notify } from '../notifications/notify.ts';

export type GroupView = {
  _id: string;
  name: string;
  description: string;
  startDate: string | null;
  endDate: string | null;
  freezeDuration: number;
  freezeThreshold: number;
  startingBalance: number;
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
  if (groupPhase(group) === 'ended')
    throw new AppError(409, 'CONFLICT', 'This competition has ended; you can no longer join it.');
  if (!group.registrationOpen) throw new AppError(409, 'CONFLICT', 'Registration for this group is closed.');
  const [created] = await db
    .insert(groupParticipants)
    .values({ id: newId(), groupId, userId })
    .onConflictDoNothing()
    .returning();
  if (!created) throw conflict('You have already asked to join this group.');
  return { _id: created.id, groupId: { _id: group.id, name: group.name }, status: created.status };
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

/** Approve or reject a request; the user is told either way. */
export async function decideParticipant(
  db: Database,
  bus: EventBus,
  input: {
    groupId: string;
    participantId: string;
    decision: 'approved' | 'rejected';
    adminId: string;
    onMembersChanged?: (groupId: string) => Promise<void>;
  },
) {
  const [updated] = await db
    .update(groupParticipants)
    .set({ status: input.decision, decidedAt: new Date(), decidedBy: input.adminId })
    .where(and(eq(groupParticipants.id, input.participantId), eq(groupParticipants.groupId, input.groupId)))
    .returning();
  if (!updated) throw notFound('We could not find that request in this group.');
  const [group] = await db.select().from(groups).where(eq(groups.id, input.groupId));
  if (input.decision === 'approved') {
    // Every approved member gets a paper account funded with the group's starting balance.
    await db
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
    await input.onMembersChanged?.(input.groupId);
  }
  await notify(db, bus, {
    userId: updated.userId,
    kind: input.decision === 'approved' ? 'group_approved' : 'group_rejected',
    title: input.decision === 'approved' ? 'You are in!' : 'Join request declined',
    message:
      input.decision === 'approved'
        ? `Your request to join ${group.name} was approved. Open the leaderboard to trade.`
        : `Your request to join ${group.name} was not approved this time.`,
    link: input.decision === 'approved' ? `/group/${input.groupId}/leaderboard` : '/group',
  });
  return { _id: updated.id, status: updated.status };
}
