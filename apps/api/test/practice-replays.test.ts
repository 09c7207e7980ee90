import { readFileSync } from 'node:fs';
import { barAt, candlesSoFar, parseReplayBars, priceInBar, type ReplayBar } from '@candlewise/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedSampleReplayBars } from '../src/services/market/replay-bars-admin.ts';
import { createOnboardedUser } from '../src/services/users/create-onboarded-user.ts';
import { bearer, createTestApp, type TestApp } from './helper.ts';

const DAY = '2023-03-10';
const MIDNIGHT = Date.parse(`${DAY}T00:00:00Z`);
const bars: ReplayBar[] = parseReplayBars(
  readFileSync(new URL('../assets/replay/btcusd-2023-03-10.csv', import.meta.url), 'utf8'),
).bars;

let world: TestApp;
const tokens: Record<string, string> = {};
let wall = Date.parse('2026-11-28T12:00:00Z');

/** The real clock, moved by hand: the replayed clock is worked out from it on each request. */
function advance(ms: number) {
  wall += ms;
  vi.setSystemTime(wall);
}

const as = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  world.app.inject({ method, url: `/api/v1${url}`, headers: bearer(tokens[who]), payload });

async function start(who: string, body: object = {}) {
  const created = await as(who, 'POST', '/practice/sessions', { symbol: 'BTCUSD', day: DAY, ...body });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().data as { _id: string; replayedTime: number; state: string };
}

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: wall });
  world = await createTestApp();
  await seedSampleReplayBars(world.database.db);
  for (const name of ['ana', 'ben', 'cleo']) {
    await createOnboardedUser(world.database.db, {
      email: `${name}@practice.test`,
      password: 'password-for-tests',
      role: 'user',
    });
    tokens[name] = (
      await world.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: `${name}@practice.test`, password: 'password-for-tests' },
      })
    ).json().data.token;
  }
});

afterAll(async () => {
  await world.close();
  vi.useRealTimers();
});

afterEach(() => advance(1000));

describe('practice replays', () => {
  it('lists the uploaded days and starts paused at the first bar, in the instrument’s currency', async () => {
    const days = (await as('ana', 'GET', '/practice/days')).json().data;
    expect(days).toContainEqual(expect.objectContaining({ symbol: 'BTCUSD', currency: 'USD', days: [DAY] }));
    const session = await start('ana');
    const detail = (await as('ana', 'GET', `/practice/sessions/${session._id}`)).json().data;
    expect(detail).toMatchObject({
      state: 'paused',
      replayedTime: MIDNIGHT,
      currency: 'USD',
      startingBalance: 100_000,
      equity: 100_000,
    });
    expect(detail.decisionsList.map((decision: { kind: string }) => decision.kind)).toEqual(['start']);
    const unknown = await as('ana', 'POST', '/practice/sessions', { symbol: 'BTCUSD', day: '2023-03-11' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('There are no bars of BTCUSD on 2023-03-11');
    await as('ana', 'POST', `/practice/sessions/${session._id}/end`);
  });

  it('never returns a bar after the replayed clock, and shows the bar in progress only so far', async () => {
    const session = await start('ana');
    await as('ana', 'POST', `/practice/sessions/${session._id}/clock`, { action: 'speed', speed: 60 });
    await as('ana', 'POST', `/practice/sessions/${session._id}/clock`, { action: 'play' });
    advance(90_500); // 90.5 real seconds at 60× = 90 replayed minutes and 30 seconds
    const answer = (await as('ana', 'GET', `/practice/sessions/${session._id}/candles`)).json().data;
    const replayed = MIDNIGHT + 90 * 60_000 + 30_000;
    expect(answer.replayedTime).toBe(replayed);
    expect(answer.candles).toHaveLength(91);
    const last = answer.candles.at(-1);
    expect(last.time * 1000).toBe(MIDNIGHT + 90 * 60_000);
    expect(last.close).toBeCloseTo(priceInBar(barAt(bars, replayed)!, replayed), 8);
    expect(answer.candles).toEqual(
      candlesSoFar(bars, replayed).map((candle) => ({ ...candle, time: candle.time / 1000 })),
    );
    const recent = (
      await as(
        'ana',
        'GET',
        `/practice/sessions/${session._id}/candles?from=${(MIDNIGHT + 89 * 60_000) / 1000}`,
      )
    ).json().data;
    expect(recent.candles).toHaveLength(2);
    // Paused, the clock stands still however long the learner waits.
    await as('ana', 'POST', `/practice/sessions/${session._id}/clock`, { action: 'pause' });
    advance(600_000);
    const paused = (await as('ana', 'GET', `/practice/sessions/${session._id}`)).json().data;
    expect(paused.replayedTime).toBeLessThan(replayed + 2 * 60_000);
    await as('ana', 'POST', `/practice/sessions/${session._id}/end`);
  });

  it('fills a limit at its level and its stop-loss across bars skipped at 60×, as stepping bar by bar does', async () => {
    const order = { side: 'buy', type: 'limit', quantity: 0.5, price: 20_200, stopLoss: 20_050 };
    const played = await start('ben');
    expect((await as('ben', 'POST', `/practice/sessions/${played._id}/orders`, order)).statusCode).toBe(201);
    await as('ben', 'POST', `/practice/sessions/${played._id}/clock`, { action: 'speed', speed: 60 });
    await as('ben', 'POST', `/practice/sessions/${played._id}/clock`, { action: 'play' });
    advance(40_000); // 40 replayed minutes in one request
    const after = (await as('ben', 'GET', `/practice/sessions/${played._id}`)).json().data;
    const fills = [...after.fillsList].reverse();
    expect(fills.map((fill: { reason: string; price: number }) => [fill.reason, fill.price])).toEqual([
      ['order', 20_200],
      ['stop_loss', 20_050],
    ]);
    expect(after.balance).toBe(100_000 - 75);
    // The first bar whose path brings the ask (mid + 7.5) to 20,200 holds the fill.
    const first = bars.find((bar) => bar.low + 7.5 <= 20_200)!;
    expect(Math.floor(fills[0].replayedAt / 60_000) * 60_000).toBe(first.time);

    const stepped = await start('ben');
    await as('ben', 'POST', `/practice/sessions/${stepped._id}/orders`, order);
    for (let minute = 0; minute < 40; minute += 1)
      await as('ben', 'POST', `/practice/sessions/${stepped._id}/clock`, { action: 'step' });
    const byStep = (await as('ben', 'GET', `/practice/sessions/${stepped._id}`)).json().data;
    expect(byStep.replayedTime).toBe(MIDNIGHT + 40 * 60_000);
    const withoutIds = (list: Array<{ orderId: string | null }>) =>
      list.map(({ orderId: _id, ...fill }) => fill);
    expect(withoutIds(byStep.fillsList)).toEqual(withoutIds(after.fillsList));
    expect(byStep.balance).toBe(after.balance);
    await as('ben', 'POST', `/practice/sessions/${played._id}/end`);
    await as('ben', 'POST', `/practice/sessions/${stepped._id}/end`);
  });

  it('logs every decision with its replayed time and exports them as CSV', async () => {
    const session = await start('cleo', { startAt: '10:00' });
    expect(session.replayedTime).toBe(Date.parse(`${DAY}T10:00:00Z`));
    const url = `/practice/sessions/${session._id}`;
    const bought = await as('cleo', 'POST', `${url}/orders`, { side: 'buy', type: 'market', quantity: 0.25 });
    expect(bought.statusCode, bought.body).toBe(201);
    const ask = bought.json().data.positions[0].averagePrice;
    const quoteAtTen = priceInBar(barAt(bars, session.replayedTime)!, session.replayedTime);
    expect(Math.abs(ask - (quoteAtTen + 7.5))).toBeLessThanOrEqual(0.25);
    const sl = Math.floor((ask - 200) / 0.5) * 0.5;
    expect((await as('cleo', 'PUT', `${url}/position`, { stopLoss: sl })).statusCode).toBe(200);
    const wrongSide = await as('cleo', 'PUT', `${url}/position`, { stopLoss: ask + 500 });
    expect(wrongSide.statusCode).toBe(400);
    expect(wrongSide.json().message).toContain('A long position’s stop-loss must be below the current price');
    const pending = await as('cleo', 'POST', `${url}/orders`, {
      side: 'sell',
      type: 'limit',
      quantity: 0.25,
      price: ask + 1000,
    });
    const orderId = pending.json().data.openOrders[0]._id;
    expect((await as('cleo', 'PUT', `${url}/orders/${orderId}`, { takeProfit: ask - 500 })).statusCode).toBe(
      200,
    );
    expect((await as('cleo', 'DELETE', `${url}/orders/${orderId}`)).statusCode).toBe(200);
    await as('cleo', 'POST', `${url}/clock`, { action: 'step' });
    expect((await as('cleo', 'POST', `${url}/position/close`)).statusCode).toBe(200);
    const ended = (await as('cleo', 'POST', `${url}/end`)).json().data;
    expect(ended.state).toBe('ended');
    expect((await as('cleo', 'POST', `${url}/orders`, { side: 'buy', quantity: 0.1 })).statusCode).toBe(409);

    const csv = await as('cleo', 'GET', `${url}/decisions.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'sequence,replayed_time_utc,wall_time_utc,kind,side,type,quantity,price,stop_loss,take_profit,equity_before,summary',
    );
    expect(lines.slice(1).map((line) => line.split(',')[3])).toEqual([
      'start',
      'order',
      'sl_tp',
      'order',
      'edit',
      'cancel',
      'step',
      'close',
      'end',
    ]);
    expect(lines[2].split(',')[1]).toBe(`${DAY}T10:00:00.000Z`);
    expect(lines[8].split(',')[1]).toBe(`${DAY}T10:01:00.000Z`);
  });

  it('keeps another learner’s session to its owner: 404 to anyone else', async () => {
    const session = await start('ana');
    for (const [method, path, body] of [
      ['GET', '', undefined],
      ['GET', '/candles', undefined],
      ['GET', '/decisions.csv', undefined],
      ['POST', '/orders', { side: 'buy', quantity: 0.1 }],
      ['POST', '/clock', { action: 'play' }],
      ['POST', '/end', undefined],
    ] as const) {
      const answer = await as('ben', method, `/practice/sessions/${session._id}${path}`, body);
      expect(answer.statusCode, `${method} ${path}`).toBe(404);
      expect(answer.json().message).toBe('We could not find that practice replay.');
    }
    expect((await as('ana', 'GET', `/practice/sessions/${session._id}`)).json().data.state).toBe('paused');
    await as('ana', 'POST', `/practice/sessions/${session._id}/end`);
  });

  it('caps running replays at five per learner with a clear sentence', async () => {
    const running: Array<{ _id: string }> = [];
    for (let index = 0; index < 5; index += 1) running.push(await start('ben'));
    const sixth = await as('ben', 'POST', '/practice/sessions', { symbol: 'BTCUSD', day: DAY });
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().message).toBe(
      'You have 5 practice replays running. End one before starting another.',
    );
    // Another learner is not affected; ending one frees a place.
    expect((await as('cleo', 'POST', '/practice/sessions', { symbol: 'BTCUSD', day: DAY })).statusCode).toBe(
      201,
    );
    await as('ben', 'POST', `/practice/sessions/${running[0]._id}/end`);
    expect((await as('ben', 'POST', '/practice/sessions', { symbol: 'BTCUSD', day: DAY })).statusCode).toBe(
      201,
    );
    // A day played to its end ends its session too.
    await as('ben', 'POST', `/practice/sessions/${running[1]._id}/clock`, { action: 'speed', speed: 60 });
    await as('ben', 'POST', `/practice/sessions/${running[1]._id}/clock`, { action: 'play' });
    advance(25 * 60_000);
    expect((await as('ben', 'POST', '/practice/sessions', { symbol: 'BTCUSD', day: DAY })).statusCode).toBe(
      201,
    );
    const list = (await as('ben', 'GET', '/practice/sessions')).json().data;
    expect(list.find((entry: { _id: string }) => entry._id === running[1]._id).state).toBe('ended');
  });

  it('keeps practice fills out of the journal’s trades and statistics', async () => {
    const before = (await as('cleo', 'GET', '/journal/stats')).json().data;
    const trades = (await as('cleo', 'GET', '/journal/trades')).json().data;
    const session = await start('cleo');
    const url = `/practice/sessions/${session._id}`;
    await as('cleo', 'POST', `${url}/orders`, { side: 'buy', quantity: 0.5 });
    await as('cleo', 'POST', `${url}/clock`, { action: 'step' });
    await as('cleo', 'POST', `${url}/position/close`);
    const review = (await as('cleo', 'GET', '/practice/sessions')).json().data[0];
    expect(review).toMatchObject({ _id: session._id, fills: 2 });
    expect(review.pnl).not.toBe(0);
    expect((await as('cleo', 'GET', '/journal/stats')).json().data).toEqual(before);
    expect((await as('cleo', 'GET', '/journal/trades')).json().data).toEqual(trades);
  });
});
