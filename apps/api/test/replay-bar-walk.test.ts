import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createOnboardedUser } from '../src/services/users/create-onboarded-user.ts';
import { bearer, createTestDatabase, testConfig } from './helper.ts';

// Issue #40: at 60× each one-second tick passes a whole replayed bar. The engine walks every bar it
// passed, in order, so a stop touched inside a bar fills there, at its level; and the same bars
// and orders give the same standings however the ticks fall.

const FROM = '2024-01-02T10:00:00.000Z';
/** ETHUSD (spread 1, tick 0.05): flat, then bar 10:02 reaches 2,130 and the day goes on above it. */
const BARS = [
  'time,open,high,low,close,volume',
  '2024-01-02T10:00:00Z,2100,2102,2098,2100,1',
  '2024-01-02T10:01:00Z,2100,2105,2099,2104,1',
  '2024-01-02T10:02:00Z,2104,2130,2103,2110,1',
  '2024-01-02T10:03:00Z,2145,2150,2138,2146,1',
  '2024-01-02T10:04:00Z,2146,2148,2080,2090,1',
  '2024-01-02T10:05:00Z,2090,2120,2085,2118,1',
  '2024-01-02T10:06:00Z,2118,2119,2060,2065,1',
  '2024-01-02T10:07:00Z,2065,2100,2064,2099,1',
  '2024-01-02T10:08:00Z,2099,2101,2097,2100,1',
  '2024-01-02T10:09:00Z,2100,2100,2100,2100,1',
].join('\n');

const PEOPLE = [
  ['ana', 'Ana'],
  ['ben', 'Ben'],
  ['cy', 'Cy'],
  ['admin', 'Admin'],
] as const;

/** A fresh database with the bars, three members and a 60× replay cup that started at `start`. */
async function world(start: number) {
  const database = await createTestDatabase();
  const app = await buildApp({ config: testConfig(), database, logger: false });
  await app.tradingEngine.tryLead();
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};
  for (const [who, firstName] of PEOPLE) {
    ids[who] = (
      await createOnboardedUser(database.db, {
        email: `${who}@walk.test`,
        password: 'password-for-tests',
        role: who === 'admin' ? 'admin' : 'user',
        firstName,
        lastName: 'Tester',
      })
    ).id;
    tokens[who] = (
      await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: `${who}@walk.test`, password: 'password-for-tests' },
      })
    ).json().data.token;
  }
  const as = (who: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({ method, url: `/api/v1${url}`, headers: bearer(tokens[who]), payload });
  const uploaded = await as('admin', 'POST', '/admin/market/replay-bars/ETHUSD', { csv: BARS });
  expect(uploaded.statusCode).toBe(201);
  const created = await as('admin', 'POST', '/admin/groups', {
    name: 'Walk every bar',
    startDate: new Date(start).toISOString(),
    endDate: new Date(start + 86_400_000).toISOString(),
    freezeDuration: 0,
    freezeThreshold: 0,
    currency: 'USD',
    instruments: ['ETHUSD'],
    marketMode: 'replay',
    replayFrom: FROM,
    replaySpeed: 60,
  });
  expect(created.statusCode).toBe(201);
  const cup = created.json().data._id as string;
  for (const who of ['ana', 'ben', 'cy'])
    await as(who, 'POST', `/group/${cup}/participants`, { userId: ids[who] });
  for (const request of (await as('admin', 'GET', `/admin/groups/${cup}/participants`)).json().data)
    await as('admin', 'POST', `/admin/groups/${cup}/participants/${request._id}/approve`);
  const tick = (seconds: number) => app.tradingEngine.tickOnce(start + seconds * 1000); // 1 s = 1 bar
  const order = (who: string, body: object) =>
    as(who, 'POST', `/group/${cup}/orders`, { symbol: 'ETHUSD', ...body });
  const fills = async (who: string) =>
    (
      (await as(who, 'GET', `/group/${cup}/account`)).json().data.fills as Array<{
        price: number;
        reason: string;
      }>
    )
      .map((fill) => ({ price: fill.price, reason: fill.reason }))
      .reverse();
  const standings = async () =>
    (
      (await as('admin', 'GET', `/group/${cup}/leaderboard`)).json().data.rows as Array<
        Record<string, unknown>
      >
    ).map(({ rank, name, equity, balance, pnlPercent, trades, freezes }) => ({
      rank,
      name,
      equity,
      balance,
      pnlPercent,
      trades,
      freezes,
    }));
  const close = async () => {
    await app.close();
    await database.close();
  };
  return { tick, order, fills, standings, close, app, database };
}

type World = Awaited<ReturnType<typeof world>>;

/**
 * The script: orders at replayed 10:01 (ticks land on whole seconds there), then the ticks given
 * (in real seconds after the start), the standings read at 10:09.
 */
async function playScript(w: World, ticks: number[]) {
  await w.tick(0);
  await w.tick(1); // 10:01
  expect((await w.order('ana', { side: 'buy', type: 'stop', quantity: 1, price: 2125 })).statusCode).toBe(
    201,
  );
  expect(
    (
      await w.order('ben', {
        side: 'buy',
        type: 'limit',
        quantity: 2,
        price: 2099,
        stopLoss: 2062,
        takeProfit: 2140,
      })
    ).statusCode,
  ).toBe(201);
  expect(
    (await w.order('cy', { side: 'sell', type: 'stop', quantity: 1, price: 2084.5, takeProfit: 2070 }))
      .statusCode,
  ).toBe(201);
  for (const second of ticks) await w.tick(second);
  await w.tick(9); // 10:09, where the day stands still
  return {
    standings: await w.standings(),
    ana: await w.fills('ana'),
    ben: await w.fills('ben'),
    cy: await w.fills('cy'),
  };
}

describe('a 60× replay competition walks every bar it passed', () => {
  let start: number;
  let one: World;
  let two: World;
  beforeAll(async () => {
    start = Date.now() - 2_000;
    one = await world(start);
    two = await world(start);
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
  });

  it('fills a stop in the bar that touched it, at its level, though the tick passed that bar', async () => {
    const solo = await world(start);
    try {
      // One tick from 10:01 to 10:03: bar 10:02 reached 2,130 on its way; 10:03 opened at 2,145.
      await solo.tick(0);
      await solo.tick(1);
      expect(
        (await solo.order('ana', { side: 'buy', type: 'stop', quantity: 1, price: 2125 })).statusCode,
      ).toBe(201);
      await solo.tick(3);
      expect(await solo.fills('ana')).toEqual([{ price: 2125, reason: 'order' }]);
    } finally {
      await solo.close();
    }
  });

  it('a new holder of the competition continues the walk where the last saved tick left it', async () => {
    const solo = await world(start);
    const successor = await buildApp({ config: testConfig(), database: solo.database, logger: false });
    try {
      await solo.tick(0);
      await solo.tick(1); // 10:01, walked and saved
      expect(
        (await solo.order('ana', { side: 'buy', type: 'stop', quantity: 1, price: 2125 })).statusCode,
      ).toBe(201);
      // The process gives its leases back (a deploy); another takes the competition and ticks at
      // 10:03: the bars since 10:01 are walked, so the stop fills in 10:02 at its level.
      await solo.app.tradingEngine.stop();
      await successor.tradingEngine.tryLead();
      expect(successor.tradingEngine.heldCompetitions().length).toBeGreaterThan(0);
      await successor.tradingEngine.tickOnce(start + 3_000);
      expect(await solo.fills('ana')).toEqual([{ price: 2125, reason: 'order' }]);
    } finally {
      await successor.close();
      await solo.close();
    }
  });

  it('gives byte-identical standings for the same script run twice, however the ticks fall', async () => {
    // Every second in one run; in the other, ticks a fraction of a bar apart and some bars skipped.
    const first = await playScript(one, [2, 3, 4, 5, 6, 7, 8]);
    const second = await playScript(two, [1.4, 2.25, 2.9, 4.6, 6.1, 6.35, 8.8]);

    expect(first.ana).toEqual([{ price: 2125, reason: 'order' }]);
    // Ben's limit fills where 10:04 falls through 2,099 (the ask 2,099: the mid 2,098.5), then his
    // stop-loss at 2,062 where 10:06 reaches it (the bid 2,062).
    expect(first.ben).toEqual([
      { price: 2099, reason: 'order' },
      { price: 2062, reason: 'stop_loss' },
    ]);
    // Cy's sell stop at 2,084.5 fills in 10:04, his take-profit at 2,070 in 10:06.
    expect(first.cy).toEqual([
      { price: 2084.5, reason: 'order' },
      { price: 2070, reason: 'take_profit' },
    ]);
    expect(first.standings.map((row) => [row.name, row.equity])).toEqual([
      ['Cy Tester', 100_014.5],
      ['Ana Tester', 99_974.5],
      ['Ben Tester', 99_926],
    ]);
    expect(JSON.stringify(second.standings)).toBe(JSON.stringify(first.standings));
    expect(second.ana).toEqual(first.ana);
    expect(second.ben).toEqual(first.ben);
    expect(second.cy).toEqual(first.cy);
  });
});
