import { z } from 'zod';
import { apiData, apiSuccessWithMessage, defineContract } from '../api/contract.ts';
import { DRAWDOWN_BASES } from '../trading/risk-rules.ts';
import { groupFieldsSchema, RANKINGS } from './group-rules.ts';

/**
 * Competitions (ADR 023): the list, one competition, join requests and the admins' side. The trading
 * desk under /group/:groupId (account, orders, leaderboard, stream) is in trading/trading-contract.ts.
 */
const groupParams = z.object({ groupId: z.string().min(1).max(64) });
const participantStatus = z.enum(['pending', 'approved', 'rejected']);

/** One competition as GET /group/ returns it. */
export const groupSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** Markdown. */
  description: z.string(),
  /** ISO date-time, or null when not set. */
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  /** Milliseconds. */
  freezeDuration: z.number(),
  /** Percent of drawdown that freezes an account, measured as `drawdownBasis` says. */
  freezeThreshold: z.number(),
  startingBalance: z.number(),
  /** The account currency: balances, P&L and standings are in it. */
  currency: z.string(),
  /** Risk rules: what the drawdown is measured from, and the daily loss limit (percent; 0: off). */
  drawdownBasis: z.enum(DRAWDOWN_BASES),
  dailyLossLimit: z.number(),
  /** The competition day starts at this hour (0–23) in `timeZone`. */
  dailyResetHour: z.number(),
  /** IANA time zone of the competition day ('Asia/Kolkata'). */
  timeZone: z.string(),
  /** 'live' or 'replay' (a real day from uploaded bars, from `replayFrom` at `replaySpeed`×). */
  marketMode: z.enum(['live', 'replay']),
  replayFrom: z.string().nullable(),
  replaySpeed: z.number(),
  /** The challenge rule set, `<id>@<version>`, and how the leaderboard ranks. */
  ruleSet: z.string(),
  ranking: z.enum(RANKINGS),
  registrationOpen: z.boolean(),
  /** Symbols members may trade; empty means every instrument. */
  instruments: z.array(z.string()),
  /** Approved members ("N total joined"). */
  participantsCount: z.number(),
  phase: z.enum(['upcoming', 'running', 'ended']),
});

/** One of the caller's join requests (the spec's §3 Participant record). */
export const participationSchema = z.object({
  _id: z.string(),
  groupId: z.object({ _id: z.string(), name: z.string() }),
  status: participantStatus,
});

/** One join request of a competition, as the admins see it. */
export const groupParticipantSchema = z.object({
  _id: z.string(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  status: participantStatus,
  requestedAt: z.string(),
  decidedAt: z.string().nullable(),
});

export const groupContract = defineContract({
  listGroups: {
    method: 'GET',
    path: '/group/',
    response: apiData(z.array(groupSchema)),
  },
  listParticipations: {
    method: 'GET',
    path: '/group/getParticipants/participants/:userId',
    params: z.object({ userId: z.string().min(1).max(64) }),
    response: apiData(z.array(participationSchema)),
  },
  requestToJoin: {
    method: 'POST',
    path: '/group/:groupId/participants',
    params: groupParams,
    body: z.object({ userId: z.string().min(1).max(64) }),
    status: 201,
    response: apiSuccessWithMessage(participationSchema),
  },
  withdrawJoinRequest: {
    method: 'DELETE',
    path: '/group/:groupId/participants/:participantId',
    params: groupParams.extend({ participantId: z.string().min(1).max(64) }),
    response: apiSuccessWithMessage(z.null()),
  },
  getGroup: {
    method: 'GET',
    path: '/group/:groupId',
    params: groupParams,
    response: apiData(groupSchema),
  },
});

export const adminGroupContract = defineContract({
  listGroups: {
    method: 'GET',
    path: '/admin/groups',
    /** Each competition with the number of join requests waiting in it. */
    response: apiData(z.array(groupSchema.extend({ pendingRequests: z.number() }))),
  },
  createGroup: {
    method: 'POST',
    path: '/admin/groups',
    body: groupFieldsSchema,
    status: 201,
    response: apiData(groupSchema),
  },
  updateGroup: {
    method: 'PUT',
    path: '/admin/groups/:groupId',
    params: groupParams,
    body: groupFieldsSchema,
    response: apiData(groupSchema),
  },
  listParticipants: {
    method: 'GET',
    path: '/admin/groups/:groupId/participants',
    params: groupParams,
    response: apiData(z.array(groupParticipantSchema)),
  },
  decideParticipant: {
    method: 'POST',
    path: '/admin/groups/:groupId/participants/:participantId/:decision',
    params: groupParams.extend({
      participantId: z.string().min(1).max(64),
      decision: z.enum(['approve', 'reject']),
    }),
    response: apiData(z.object({ _id: z.string(), status: participantStatus })),
  },
});
