import { groupParticipants } from '@candlewise/db';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOnboardedUser } from '../src/services/users/create-onboarded-user.ts';
import { bearer, createTestApp, type TestApp } from './helper.ts';

let t: TestApp;
const users: Record<string, { id: string; token: string }> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const [name, role] of [
    ['asha', 'user'],
    ['ravi', 'user'],
    ['many', 'user'],
    ['admin', 'admin'],
  ] as const) {
    const user = await createOnboardedUser(t.database.db, {
      email: `${name}@example.com`,
      password: 'password-for-tests',
      role,
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: `${name}@example.com`, password: 'password-for-tests' },
    });
    users[name] = { id: user.id, token: login.json().data.token };
  }
});
afterAll(() => t.close());

const as = (name: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(users[name].token), payload });

describe('the spec’s group calls', () => {
  it('lists the seeded competitions with their phase and the joined count', async () => {
    const response = await as('asha', 'GET', '/group/');
    expect(response.statusCode).toBe(200);
    const byId = Object.fromEntries(response.json().data.map((group: { _id: string }) => [group._id, group]));
    expect(byId['group-running']).toMatchObject({
      phase: 'running',
      participantsCount: 0,
      freezeThreshold: 5,
      freezeDuration: 5_400_000,
    });
    expect(byId['group-upcoming'].phase).toBe('upcoming');
    expect(byId['group-ended'].phase).toBe('ended');
  });

  it('joins once: pending, then 409 for a second request, and one record', async () => {
    const first = await as('asha', 'POST', '/group/group-running/participants', { userId: users.asha.id });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      message: 'Request sent successfully',
      data: { status: 'pending', groupId: { _id: 'group-running' } },
    });
    const again = await as('asha', 'POST', '/group/group-running/participants', { userId: users.asha.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already asked to join this group.');
    const statuses = (await as('asha', 'GET', `/group/getParticipants/participants/${users.asha.id}`)).json()
      .data;
    expect(statuses).toEqual([
      expect.objectContaining({
        groupId: { _id: 'group-running', name: 'November Forex Sprint' },
        status: 'pending',
      }),
    ]);
  });

  it('keeps one record for 50 concurrent joins', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        as('many', 'POST', '/group/group-upcoming/participants', { userId: users.many.id }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(49);
    const [{ count }] = await t.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(groupParticipants)
      .where(
        and(eq(groupParticipants.userId, users.many.id), eq(groupParticipants.groupId, 'group-upcoming')),
      );
    expect(count).toBe(1);
  });

  it('refuses another user’s id with 403, an ended competition and an unknown group', async () => {
    expect(
      (await as('ravi', 'POST', '/group/group-running/participants', { userId: users.asha.id })).statusCode,
    ).toBe(403);
    expect((await as('ravi', 'GET', `/group/getParticipants/participants/${users.asha.id}`)).statusCode).toBe(
      403,
    );
    const ended = await as('ravi', 'POST', '/group/group-ended/participants', { userId: users.ravi.id });
    expect(ended.statusCode).toBe(409);
    expect((await as('ravi', 'POST', '/group/nope/participants', { userId: users.ravi.id })).statusCode).toBe(
      404,
    );
  });
});

describe('admin approvals', () => {
  it('approves a request, notifies the user and counts the member', async () => {
    expect((await as('asha', 'GET', '/admin/groups/group-running/participants')).statusCode).toBe(403);
    const requests = (await as('admin', 'GET', '/admin/groups/group-running/participants')).json().data;
    const mine = requests.find((row: { userId: string }) => row.userId === users.asha.id);
    expect(mine.status).toBe('pending');
    expect(
      (await as('asha', 'POST', `/admin/groups/group-running/participants/${mine._id}/approve`)).statusCode,
    ).toBe(403);
    const approved = await as(
      'admin',
      'POST',
      `/admin/groups/group-running/participants/${mine._id}/approve`,
    );
    expect(approved.json().data.status).toBe('approved');
    const status = (await as('asha', 'GET', `/group/getParticipants/participants/${users.asha.id}`)).json()
      .data[0].status;
    expect(status).toBe('approved');
    const group = (await as('asha', 'GET', '/group/group-running')).json().data;
    expect(group.participantsCount).toBe(1);
    const listed = (await as('asha', 'GET', '/group/')).json().data;
    expect(listed.find((row: { _id: string }) => row._id === 'group-running')).toMatchObject({
      participantsCount: 1,
    });
    expect(listed.find((row: { _id: string }) => row._id === 'group-upcoming')).toMatchObject({
      participantsCount: 0,
    });
    const bell = (await as('asha', 'GET', `/notification/all?read=false&userId=${users.asha.id}`)).json()
      .data;
    expect(bell[0]).toMatchObject({ kind: 'group_approved', link: '/group/group-running/leaderboard' });
  });

  it('says "You are in!" once when twenty approvals of one request arrive together', async () => {
    await as('many', 'POST', '/group/group-upcoming/participants', { userId: users.many.id });
    const requests = (await as('admin', 'GET', '/admin/groups/group-upcoming/participants')).json().data;
    const request = requests.find((row: { userId: string }) => row.userId === users.many.id);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        as('admin', 'POST', `/admin/groups/group-upcoming/participants/${request._id}/approve`),
      ),
    );
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    const bell = (await as('many', 'GET', `/notification/all?read=false&userId=${users.many.id}`)).json()
      .data;
    expect(bell.filter((row: { kind: string }) => row.kind === 'group_approved')).toHaveLength(1);
  });

  it('creates competitions only with an end after the start and a threshold in 0–100', async () => {
    const base = {
      name: 'December Cup',
      description: '**Trade** well',
      startDate: '2036-12-01T09:00:00Z',
      endDate: '2036-12-20T17:00:00Z',
      freezeDuration: 600_000,
      freezeThreshold: 4,
    };
    const bad = await as('admin', 'POST', '/admin/groups', {
      ...base,
      endDate: '2036-11-30T09:00:00Z',
      freezeThreshold: 120,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.map((d: { path: string }) => d.path)).toEqual(
      expect.arrayContaining(['freezeThreshold']),
    );
    const created = await as('admin', 'POST', '/admin/groups', base);
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({
      name: 'December Cup',
      startingBalance: 100000,
      phase: 'upcoming',
      participantsCount: 0,
    });
  });
});
