import { groupParticipants, tradingAccounts } from '@candlewise/db';
import { JOIN_REFUSALS } from '@candlewise/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOIN_REQUEST_NOT_FOUND, WITHDRAW_REFUSALS } from '../src/services/groups/group-membership.ts';
import { NOT_A_MEMBER } from '../src/services/trading/trading-access.ts';
import { createOnboardedUser } from '../src/services/users/create-onboarded-user.ts';
import { addApprovedMembers } from './competition-members.ts';
import { bearer, createTestApp, type TestApp } from './helper.ts';

let t: TestApp;
const people: Record<string, { id: string; token: string }> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const [name, role] of [
    ['asha', 'user'],
    ['ravi', 'user'],
    ['mira', 'user'],
    ['admin', 'admin'],
  ] as const) {
    const user = await createOnboardedUser(t.database.db, {
      email: `${name}@example.com`,
      password: 'password-for-tests',
      firstName: name[0].toUpperCase() + name.slice(1),
      lastName: 'Tester',
      role,
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: `${name}@example.com`, password: 'password-for-tests' },
    });
    people[name] = { id: user.id, token: login.json().data.token };
  }
});
afterAll(() => t.close());

const as = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(people[who].token), payload });

/** Asks to join and answers the request's `_id`. */
async function join(who: string, groupId: string): Promise<string> {
  const answer = await as(who, 'POST', `/group/${groupId}/participants`, { userId: people[who].id });
  expect(answer.statusCode).toBe(201);
  return answer.json().data._id;
}

const withdraw = (who: string, groupId: string, participantId: string) =>
  as(who, 'DELETE', `/group/${groupId}/participants/${participantId}`);

const statusesOf = async (who: string) =>
  (await as(who, 'GET', `/group/getParticipants/participants/${people[who].id}`)).json().data as Array<{
    _id: string;
    groupId: { _id: string };
    status: string;
  }>;

async function decide(groupId: string, participantId: string, decision: 'approve' | 'reject') {
  const answer = await as(
    'admin',
    'POST',
    `/admin/groups/${groupId}/participants/${participantId}/${decision}`,
  );
  expect(answer.statusCode).toBe(200);
}

async function requestRows(userId: string, groupId: string) {
  return t.database.db
    .select()
    .from(groupParticipants)
    .where(and(eq(groupParticipants.userId, userId), eq(groupParticipants.groupId, groupId)));
}

describe('withdrawing a join request (DELETE /group/{groupId}/participants/{participantId})', () => {
  it('withdraws the caller’s own pending request; they can ask again afterwards', async () => {
    const requestId = await join('asha', 'group-running');
    const withdrawn = await withdraw('asha', 'group-running', requestId);
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json()).toEqual({ success: true, message: 'Request withdrawn', data: null });
    expect(await statusesOf('asha')).toEqual([]);
    expect(await requestRows(people.asha.id, 'group-running')).toEqual([]);
    // The admin's list of requests no longer has it.
    const requests = (await as('admin', 'GET', '/admin/groups/group-running/participants')).json().data;
    expect(requests.map((row: { userId: string }) => row.userId)).not.toContain(people.asha.id);

    // A second withdrawal finds nothing; a new request is a new record.
    const again = await withdraw('asha', 'group-running', requestId);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({
      success: false,
      code: 'NOT_FOUND',
      message: JOIN_REQUEST_NOT_FOUND,
    });
    const second = await join('asha', 'group-running');
    expect(second).not.toBe(requestId);
    expect(await statusesOf('asha')).toEqual([
      expect.objectContaining({ _id: second, groupId: expect.objectContaining({ _id: 'group-running' }) }),
    ]);
    expect((await withdraw('asha', 'group-running', second)).statusCode).toBe(200);
  });

  it('answers 404 for another user’s request, a wrong group or an unknown id, and leaves the request alone', async () => {
    const requestId = await join('ravi', 'group-upcoming');
    for (const [who, groupId, id] of [
      ['asha', 'group-upcoming', requestId],
      ['ravi', 'group-running', requestId],
      ['ravi', 'group-upcoming', 'no-such-request'],
      ['ravi', 'no-such-group', requestId],
    ] as const) {
      const answer = await withdraw(who, groupId, id);
      expect(answer.statusCode, `${who} ${groupId} ${id}`).toBe(404);
      expect(answer.json().message).toBe(JOIN_REQUEST_NOT_FOUND);
    }
    expect(await statusesOf('ravi')).toEqual([
      expect.objectContaining({ _id: requestId, status: 'pending' }),
    ]);
    const signedOut = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/group/group-upcoming/participants/${requestId}`,
    });
    expect(signedOut.statusCode).toBe(401);
    expect((await withdraw('ravi', 'group-upcoming', requestId)).statusCode).toBe(200);
  });

  it('refuses with 409 once the request was approved or rejected, and keeps the decision', async () => {
    const approvedId = await join('mira', 'group-running');
    await decide('group-running', approvedId, 'approve');
    const approved = await withdraw('mira', 'group-running', approvedId);
    expect(approved.statusCode).toBe(409);
    expect(approved.json()).toMatchObject({ code: 'CONFLICT', message: WITHDRAW_REFUSALS.approved });

    const rejectedId = await join('mira', 'group-upcoming');
    await decide('group-upcoming', rejectedId, 'reject');
    const rejected = await withdraw('mira', 'group-upcoming', rejectedId);
    expect(rejected.statusCode).toBe(409);
    expect(rejected.json()).toMatchObject({ code: 'CONFLICT', message: WITHDRAW_REFUSALS.rejected });

    expect((await statusesOf('mira')).map((row) => [row.groupId._id, row.status]).sort()).toEqual([
      ['group-running', 'approved'],
      ['group-upcoming', 'rejected'],
    ]);
  });

  it('withdraws once when twenty withdrawals of one request arrive together', async () => {
    const requestId = await join('asha', 'group-upcoming');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => withdraw('asha', 'group-upcoming', requestId)),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 404)).toHaveLength(19);
    expect(await requestRows(people.asha.id, 'group-upcoming')).toEqual([]);
  });

  it('either withdraws or approves when an approval races the withdrawal, never both', async () => {
    for (let round = 0; round < 5; round += 1) {
      const requestId = await join('asha', 'group-running');
      const [withdrawal, approval] = await Promise.all([
        withdraw('asha', 'group-running', requestId),
        as('admin', 'POST', `/admin/groups/group-running/participants/${requestId}/approve`),
      ]);
      const rows = await requestRows(people.asha.id, 'group-running');
      const accounts = await t.database.db
        .select()
        .from(tradingAccounts)
        .where(and(eq(tradingAccounts.userId, people.asha.id), eq(tradingAccounts.groupId, 'group-running')));
      if (withdrawal.statusCode === 200) {
        expect(approval.statusCode).toBe(404);
        expect(rows).toEqual([]);
        expect(accounts).toEqual([]);
      } else {
        expect(withdrawal.statusCode).toBe(409);
        expect(withdrawal.json().message).toBe(WITHDRAW_REFUSALS.approved);
        expect(approval.statusCode).toBe(200);
        expect(rows.map((row) => row.status)).toEqual(['approved']);
        expect(accounts).toHaveLength(1);
        // Approved: take her out again (removal) and clear the record for the next round.
        await t.database.db.delete(tradingAccounts).where(eq(tradingAccounts.id, accounts[0].id));
        await t.database.db.delete(groupParticipants).where(eq(groupParticipants.id, requestId));
      }
    }
  });

  it('still refuses to join an ended or closed competition with the shared sentences', async () => {
    const ended = await as('ravi', 'POST', '/group/group-ended/participants', { userId: people.ravi.id });
    expect(ended.statusCode).toBe(409);
    expect(ended.json().message).toBe(JOIN_REFUSALS.ended);
    const group = (await as('admin', 'GET', '/group/group-upcoming')).json().data;
    const fields = editableFields(group);
    expect(
      (await as('admin', 'PUT', '/admin/groups/group-upcoming', { ...fields, registrationOpen: false }))
        .statusCode,
    ).toBe(200);
    const closed = await as('ravi', 'POST', '/group/group-upcoming/participants', { userId: people.ravi.id });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(JOIN_REFUSALS.closed);
    expect((await as('admin', 'PUT', '/admin/groups/group-upcoming', fields)).statusCode).toBe(200);
  });
});

/** What PUT /admin/groups/{id} takes, from what GET /group/{id} answers. */
function editableFields(group: Record<string, unknown>) {
  const {
    _id: _ignoredId,
    participantsCount: _ignoredCount,
    phase: _ignoredPhase,
    ...fields
  } = group as Record<string, unknown> & { _id: string; participantsCount: number; phase: string };
  return fields;
}

describe('final standings of an ended competition', () => {
  it('shows an ended competition’s standings to every signed-in learner, and nothing to a signed-out visitor', async () => {
    const finishers = await addApprovedMembers(
      t.database.db,
      t.app.config.appSecret,
      'group-ended',
      2,
      'final',
    );
    const board = await as('ravi', 'GET', '/group/group-ended/leaderboard');
    expect(board.statusCode).toBe(200);
    const { rows, currency } = board.json().data;
    expect(currency).toBe('INR');
    expect(rows.map((row: { userId: string }) => row.userId).sort()).toEqual(
      finishers.map((member) => member.userId).sort(),
    );
    expect(rows[0]).toMatchObject({ rank: 1, pnlPercent: 0, trades: 0, freezes: 0 });
    const signedOut = await t.app.inject({ method: 'GET', url: '/api/v1/group/group-ended/leaderboard' });
    expect(signedOut.statusCode).toBe(401);
    expect((await as('ravi', 'GET', '/group/no-such-group/leaderboard')).statusCode).toBe(404);
  });

  it('keeps a running competition’s standings, and every live stream, for members and admins', async () => {
    const [member] = await addApprovedMembers(
      t.database.db,
      t.app.config.appSecret,
      'group-running',
      1,
      'live',
    );
    const outsider = await as('ravi', 'GET', '/group/group-running/leaderboard');
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json().message).toBe(NOT_A_MEMBER);
    expect((await as('ravi', 'GET', '/group/group-upcoming/leaderboard')).statusCode).toBe(403);
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/v1/group/group-running/leaderboard',
      headers: bearer(member.token),
    });
    expect(mine.statusCode).toBe(200);
    expect((await as('admin', 'GET', '/group/group-running/leaderboard')).statusCode).toBe(200);
    // The stream is live data: members only, even once the competition has ended.
    for (const groupId of ['group-running', 'group-ended']) {
      const stream = await as('ravi', 'GET', `/group/${groupId}/stream`);
      expect(stream.statusCode, groupId).toBe(403);
    }
    // The desk and a replay's candles stay members-only too.
    expect((await as('ravi', 'GET', '/group/group-ended/account')).statusCode).toBe(403);
  });

  it('opens up when an admin moves the end into the past, and closes again when it moves back', async () => {
    const created = await as('admin', 'POST', '/admin/groups', {
      name: 'Weekend Gold Rush',
      startDate: new Date(Date.now() - 86_400_000).toISOString(),
      endDate: new Date(Date.now() + 86_400_000).toISOString(),
      freezeDuration: 600_000,
      freezeThreshold: 5,
    });
    expect(created.statusCode).toBe(201);
    const group = created.json().data;
    const url = `/group/${group._id}/leaderboard`;
    expect((await as('ravi', 'GET', url)).statusCode).toBe(403);

    const fields = editableFields(group);
    const ended = { ...fields, endDate: new Date(Date.now() - 60_000).toISOString() };
    expect((await as('admin', 'PUT', `/admin/groups/${group._id}`, ended)).statusCode).toBe(200);
    expect((await as('ravi', 'GET', url)).statusCode).toBe(200);

    expect((await as('admin', 'PUT', `/admin/groups/${group._id}`, fields)).statusCode).toBe(200);
    expect((await as('ravi', 'GET', url)).statusCode).toBe(403);
  });
});
