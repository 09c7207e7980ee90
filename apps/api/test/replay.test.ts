import { barAt, priceInBar, type ReplayBar } from '@candlewise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { seedSampleReplayBars } from '../src/services/market/replay-bars-admin.ts';
import { createOnboardedUser } from '../src/services/users/create-onboarded-user.ts';
import { bearer, createTestDatabase, testConfig } from './helper.ts';

const REPLAY_FROM = '2023-03-10T14:00:00.000Z';

/** One replay competition on its own database, driven second by second from the test. */
async function replayWorld() {
  const database = await createTestDatabase();
  expect(await seedSampleReplayBars(database.db)).toBe(1440);
  const app = await buildApp({ config: testConfig(), database, logger: false });
  await app.tradingEngine.tryLead();
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};
  for (const [name, role] of [
    ['ana', 'user'],
    ['ben', 'user'],
    ['admin', 'admin'],
  ] as const) {
    ids[name] = (
      await createOnboardedUser(database.db, {
        email: `${name}@replay.test`,
        password: 'password-for-tests',
        role,
      })
    ).id;
    tokens[name] = (
      await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: `${name}@replay.test`, password: 'password-for-tests' },
      })
    ).json().data.token;
  }
  const as = (who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    app.inject({ method, url: `/api/v1${url}`, headers: bearer(tokens[who]), payload });
  return { database, app, as, ids };
}

type World = Awaited<ReturnType<typeof replayWorld>>;

async function createReplayCup(world: World, start: number) {
  const created = await world.as('admin', 'POST', '/admin/groups', {
    name: 'The day SVB failed',
    startDate: new Date(start).toISOString(),
    endDate: new Date(start + 86_400_000).toISOString(),
    freezeDuration: 0,
    freezeThreshold: 0,
    currency: 'USD',
    instruments: ['BTCUSD'],
    marketMode: 'replay',
    replayFrom: REPLAY_FROM,
    replaySpeed: 60,
  });
  expect(created.statusCode).toBe(201);
  const cup = created.json().data._id as string;
  for (const who of ['ana', 'ben']) {
    await world.as(who, 'POST', `/group/${cup}/participants`, { userId: world.ids[who] });
  }
  for (const request of (await world.as('admin', 'GET', `/admin/groups/${cup}/participants`)).json().data)
    await world.as('admin', 'POST', `/admin/groups/${cup}/participants/${request._id}/approve`);
  return cup;
}

/** The same orders at the same replayed moments. */
async function playScript(world: World, cup: string, start: number) {
  const engine = world.app.tradingEngine;
  const order = (who: string, body: object) => world.as(who, 'POST', `/group/${cup}/orders`, body);
  const at = (seconds: number) => engine.tickOnce(start + seconds * 1000); // 1 s = 1 replayed minute
  await at(10); // 14:10
  const bought = await order('ana', { symbol: 'BTCUSD', side: 'buy', quantity: 0.5 });
  await order('ben', { symbol: 'BTCUSD', side: 'sell', quantity: 0.3 });
  await order('ben', { symbol: 'BTCUSD', side: 'buy', type: 'limit', quantity: 0.3, price: 19_900 });
  for (let second = 11; second <= 200; second += 1) await at(second);
  await world.as('ana', 'POST', `/group/${cup}/positions/BTCUSD/close`);
  await at(201);
  const board = (await world.as('admin', 'GET', `/group/${cup}/leaderboard`)).json().data.rows;
  return { bought: bought.json().data, board };
}

describe('a competition replaying a real day', () => {
  let first: World;
  let second: World;
  beforeAll(async () => {
    first = await replayWorld();
    second = await replayWorld();
  });
  afterAll(async () => {
    for (const world of [first, second]) {
      await world.app.close();
      await world.database.close();
    }
  });

  it('fills at the replayed quote, and gives the same standings for the same bars and orders', async () => {
    const start = Date.now() - 30_000;
    const cupOne = await createReplayCup(first, start);
    const cupTwo = await createReplayCup(second, start);
    const one = await playScript(first, cupOne, start);
    const two = await playScript(second, cupTwo, start);

    // 14:10 replayed: the bar of 14:10 at its start, plus half of BTCUSD's 15 spread.
    const bars = (await first.database.db.query.replayBars.findMany()).map(
      (row): ReplayBar => ({ ...row, time: row.time.getTime() }),
    );
    const at = Date.parse('2023-03-10T14:10:00Z');
    const mid = priceInBar(barAt(bars, at)!, at);
    expect(one.bought.fillPrice).toBeCloseTo(Math.round((mid + 7.5) * 2) / 2, 6);

    expect(one.board.map((row: { pnlPercent: number }) => row.pnlPercent)).toEqual(
      two.board.map((row: { pnlPercent: number }) => row.pnlPercent),
    );
    expect(one.board.map((row: { balance: number }) => row.balance)).toEqual(
      two.board.map((row: { balance: number }) => row.balance),
    );
    expect(one.board.some((row: { pnlPercent: number }) => row.pnlPercent !== 0)).toBe(true);
  });

  it('charts the bars replayed so far, the minute in progress cut at the replayed moment', async () => {
    const start = Date.now() - 5_000; // 5 replayed minutes in
    const cup = await createReplayCup(first, start);
    const candles = (await first.as('ana', 'GET', `/market/candles/BTCUSD?groupId=${cup}`)).json().data;
    expect(candles[0].time).toBe(Date.parse(REPLAY_FROM) / 1000);
    expect(candles.length).toBeGreaterThanOrEqual(5);
    expect(candles.length).toBeLessThanOrEqual(7);
  });

  it('refuses a replay without bars at its first minute, and names the bad lines of an upload', async () => {
    const refused = await first.as('admin', 'POST', '/admin/groups', {
      name: 'No bars here',
      startDate: new Date().toISOString(),
      endDate: new Date(Date.now() + 86_400_000).toISOString(),
      freezeDuration: 0,
      freezeThreshold: 0,
      instruments: ['ETHUSD'],
      marketMode: 'replay',
      replayFrom: REPLAY_FROM,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/^There are no bars at 2023-03-10T14:00:00.000Z for ETHUSD\./);
    const upload = await first.as('admin', 'POST', '/admin/market/replay-bars/ETHUSD', {
      csv: 'time,open,high,low,close,volume\n2023-03-10T14:00:00Z,1400,1410,1395,1405,3\n2023-03-10T14:01:00Z,1405,1400,1390,1401,2\n',
    });
    expect(upload.statusCode).toBe(400);
    expect(upload.json().details).toEqual([
      { path: 'line 3', message: 'The high must be the highest price of the bar and the low the lowest.' },
    ]);
    const good = await first.as('admin', 'POST', '/admin/market/replay-bars/ETHUSD', {
      csv: 'time,open,high,low,close,volume\n2023-03-10T14:00:00Z,1400,1410,1395,1405,3\n',
    });
    expect(good.json().data).toMatchObject({ symbol: 'ETHUSD', stored: 1 });
    const listed = (await first.as('admin', 'GET', '/admin/market/replay-bars')).json().data;
    expect(listed).toEqual(
      expect.arrayContaining([expect.objectContaining({ symbol: 'BTCUSD', bars: 1440 })]),
    );
  });

  it('lists the UTC days each instrument has bars on, so an admin picks a replay that can start', async () => {
    const upload = await first.as('admin', 'POST', '/admin/market/replay-bars/ETHUSD', {
      csv: 'time,open,high,low,close,volume\n2023-03-13T09:00:00Z,1400,1410,1395,1405,3\n2023-03-15T00:00:00Z,1400,1410,1395,1405,3\n2023-03-15T23:59:00Z,1400,1410,1395,1405,3\n',
    });
    expect(upload.statusCode).toBe(201);
    const listed = (await first.as('admin', 'GET', '/admin/market/replay-bars')).json().data as Array<{
      symbol: string;
      days: string[];
    }>;
    // Each day once, in order; none between them without bars (the 14th). An earlier test may have
    // stored ETHUSD's 10th.
    const eth = listed.find((row) => row.symbol === 'ETHUSD')?.days ?? [];
    expect(eth.filter((day) => day >= '2023-03-11')).toEqual(['2023-03-13', '2023-03-15']);
    expect([...eth].sort()).toEqual(eth);
    expect(listed.find((row) => row.symbol === 'BTCUSD')?.days).toEqual(['2023-03-10']);
  });
});
