import { tradingAccounts } from '@candlewise/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createOnboardedUser } from '../src/services/users/create-onboarded-user.ts';
import { addApprovedMembers, type Member } from './competition-members.ts';
import { bearer, createTestDatabase, testConfig } from './helper.ts';

// A competition ranked by the Calmar score (docs/challenges.md, "Ranking"). The standings come from
// the accounts as written (this process does not lead the engine), so each member's return, maximum
// drawdown, phase and challenge status are set straight on their account.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let app: FastifyInstance;
let groupId: string;
let members: Member[];
const tokens: Record<string, string> = {};

const get = (token: string, url: string) =>
  app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(token) });

/** Each member's account: equity (start 100,000), maximum drawdown %, phase, challenge status. */
const SCRIPT = [
  { who: 'steady', equity: 108_000, equityHigh: 110_000, drawdown: 2, phase: 1, status: 'in-progress' }, // 8 ÷ 2 = 4.00
  { who: 'wild', equity: 130_000, equityHigh: 160_000, drawdown: 25, phase: 1, status: 'failed' }, // 30 ÷ 25 = 1.20
  { who: 'calm', equity: 103_000, equityHigh: 103_000, drawdown: 0.25, phase: 2, status: 'in-progress' }, // 3 ÷ floor 1 = 3.00
  { who: 'done', equity: 110_000, equityHigh: 112_000, drawdown: 4, phase: 1, status: 'passed' }, // 10 ÷ 4 = 2.50
] as const;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ config: testConfig(), database, logger: false });
  // Standings as written: this process runs no engine, so it takes no competition (a running engine
  // takes one it creates, and would serve its own book, blind to the accounts written below).
  await app.tradingEngine.stop();
  for (const [name, role] of [
    ['admin', 'admin'],
    ['outsider', 'user'],
  ] as const) {
    await createOnboardedUser(database.db, {
      email: `${name}@example.com`,
      password: 'password-for-tests',
      role,
    });
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: `${name}@example.com`, password: 'password-for-tests' },
    });
    tokens[name] = login.json().data.token;
  }
  const created = await app.inject({
    method: 'POST',
    url: '/api/v1/admin/groups',
    headers: bearer(tokens.admin),
    payload: {
      name: 'Steady Hands Cup',
      startDate: new Date(Date.now() - 86_400_000).toISOString(),
      endDate: new Date(Date.now() + 86_400_000).toISOString(),
      freezeDuration: 600_000,
      freezeThreshold: 50,
      ranking: 'calmar',
    },
  });
  expect(created.statusCode).toBe(201);
  expect(created.json().data.ranking).toBe('calmar');
  groupId = created.json().data._id;
  members = await addApprovedMembers(database.db, testConfig().appSecret, groupId, SCRIPT.length, 'calmar');
  for (const [i, script] of SCRIPT.entries()) {
    tokens[script.who] = members[i].token;
    await database.db
      .update(tradingAccounts)
      .set({
        equity: script.equity,
        equityHigh: script.equityHigh,
        maxDrawdownPercent: script.drawdown,
        phase: script.phase,
        challengeStatus: script.status,
      })
      .where(eq(tradingAccounts.id, members[i].accountId));
  }
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const userIdOf = (who: string) => members[SCRIPT.findIndex((script) => script.who === who)].userId;
const whoOf = (userId: string) => SCRIPT[members.findIndex((member) => member.userId === userId)].who;

describe('a leaderboard ranked by the Calmar score', () => {
  it('says so, and ranks a steadier member above a bigger but wilder one', async () => {
    const response = await get(tokens.steady, `/group/${groupId}/leaderboard`);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.ranking).toBe('calmar');
    expect(data.total).toBe(4);
    expect(data.rows.map((row: { userId: string }) => whoOf(row.userId))).toEqual([
      'steady',
      'calm',
      'done',
      'wild',
    ]);
    expect(data.rows.map((row: { score: number }) => row.score)).toEqual([4, 3, 2.5, 1.2]);
    // The wild member made the most, and says so; the score is what ranks.
    expect(data.rows[3]).toMatchObject({
      rank: 4,
      pnlPercent: 30,
      maxDrawdownPercent: 25,
      phase: 1,
      challengeStatus: 'failed',
    });
    expect(data.me).toMatchObject({ rank: 1, userId: userIdOf('steady'), score: 4 });
  });

  it('filters passed, failed and the caller’s phase, keeping the group’s ranks and paging after the filter', async () => {
    const whoAndRank = async (token: string, query: string) => {
      const data = (await get(token, `/group/${groupId}/leaderboard?${query}`)).json().data;
      return {
        total: data.total,
        rows: data.rows.map((row: { userId: string; rank: number }) => [whoOf(row.userId), row.rank]),
      };
    };
    expect(await whoAndRank(tokens.steady, 'filter=passed')).toEqual({ total: 1, rows: [['done', 3]] });
    expect(await whoAndRank(tokens.steady, 'filter=failed')).toEqual({ total: 1, rows: [['wild', 4]] });
    expect(await whoAndRank(tokens.steady, 'filter=all')).toMatchObject({ total: 4 });
    expect(await whoAndRank(tokens.steady, 'filter=my-phase')).toEqual({
      total: 3,
      rows: [
        ['steady', 1],
        ['done', 3],
        ['wild', 4],
      ],
    });
    expect(await whoAndRank(tokens.calm, 'filter=my-phase')).toEqual({ total: 1, rows: [['calm', 2]] });
    expect(await whoAndRank(tokens.steady, 'filter=my-phase&offset=1&limit=1')).toEqual({
      total: 3,
      rows: [['done', 3]],
    });
  });

  it('refuses a filter it does not know, and my-phase to someone with no phase, with a sentence', async () => {
    const bad = await get(tokens.steady, `/group/${groupId}/leaderboard?filter=best`);
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('filter is one of all, passed, failed, my-phase.');

    const admin = await get(tokens.admin, `/group/${groupId}/leaderboard?filter=my-phase`);
    expect(admin.statusCode).toBe(400);
    expect(admin.json().message).toBe(
      'Only members trading in this competition have a phase: choose all, passed or failed.',
    );
    // The admin still reads every other view.
    expect((await get(tokens.admin, `/group/${groupId}/leaderboard?filter=failed`)).statusCode).toBe(200);
  });
});

describe('how a member’s score is made', () => {
  it('answers the ranking, the rank and the formula with the member’s own numbers', async () => {
    const response = await get(tokens.steady, `/group/${groupId}/score`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      ranking: 'calmar',
      rank: 1,
      ranked: 4,
      score: 4,
      returnPercent: 8,
      maxDrawdownPercent: 2,
      drawdownFloorPercent: 1,
      equityHigh: 110_000,
      formula: 'Calmar = return 8.00 % ÷ max drawdown 2.00 % = 4.00',
    });
  });

  it('says when the floor stands in for a drawdown too small to divide by', async () => {
    const data = (await get(tokens.calm, `/group/${groupId}/score`)).json().data;
    expect(data).toMatchObject({ rank: 2, score: 3, maxDrawdownPercent: 0.25 });
    expect(data.formula).toBe(
      'Calmar = return 3.00 % ÷ the floor 1.00 % (max drawdown 0.25 % is below it) = 3.00',
    );
  });

  it('is for the competition’s members: 403 for others, 404 for a group that does not exist', async () => {
    expect((await get(tokens.outsider, `/group/${groupId}/score`)).statusCode).toBe(403);
    expect((await get(tokens.admin, `/group/${groupId}/score`)).statusCode).toBe(403);
    expect((await get(tokens.steady, '/group/no-such-group/score')).statusCode).toBe(404);
  });
});
