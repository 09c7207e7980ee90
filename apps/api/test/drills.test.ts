import { drillAttempts } from '@candlewise/db';
import { PRACTICE_CAP_MESSAGE } from '@candlewise/shared';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { drillRequirements } from '../src/services/courses/drill-requirements.ts';
import { seedSampleReplayBars } from '../src/services/market/replay-bars-admin.ts';
import { createOnboardedUser } from '../src/services/users/create-onboarded-user.ts';
import { bearer, createTestApp, type TestApp } from './helper.ts';

/*
 * Trade drills (issue #42) on the shipped replay day, BTCUSD 10 March 2023: the seeded long drill
 * starts at 13:40 UTC, after the 13:30 opening range, and the price runs up over the next minutes.
 */
const DAY = '2023-03-10';
const LONG = 'drill-btc-opening-range-long';

let world: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
let wall = Date.parse('2026-11-28T12:00:00Z');
let lessonId = 0;

function advance(ms: number) {
  wall += ms;
  vi.setSystemTime(wall);
}

const as = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  world.app.inject({ method, url: `/api/v1${url}`, headers: bearer(tokens[who]), payload });

type Attempt = {
  _id: string;
  state: string;
  passed: boolean | null;
  score: number | null;
  rBest: number | null;
  rFinal: number | null;
  mae: number | null;
  mfe: number | null;
  initialRisk: number | null;
  breaches: Array<{ rule: string; message: string }>;
  fills: Array<{ side: string; reason: string; price: number }>;
  chart: Array<{ time: number }>;
  scoredAt: string | null;
};

async function startDrill(who: string, drillId = LONG) {
  const started = await as(who, 'POST', `/drills/${drillId}/attempts`);
  expect(started.statusCode, started.body).toBe(201);
  return started.json().data as { attempt: Attempt; sessionId: string };
}

/** Steps the replay one bar at a time until the position is flat (or `limit` bars). */
async function stepUntilFlat(who: string, sessionId: string, limit = 20) {
  for (let bar = 0; bar < limit; bar += 1) {
    const stepped = await as(who, 'POST', `/practice/sessions/${sessionId}/clock`, { action: 'step' });
    if (!stepped.json().data.positions.length) return stepped.json().data;
  }
  throw new Error('the position is still open');
}

const score = async (who: string, drillId: string, attemptId: string) => {
  const scored = await as(who, 'POST', `/drills/${drillId}/attempts/${attemptId}/score`);
  expect(scored.statusCode, scored.body).toBe(200);
  return scored.json().data as Attempt;
};

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: wall });
  world = await createTestApp();
  await seedSampleReplayBars(world.database.db);
  for (const [name, role] of [
    ['ana', 'user'],
    ['ben', 'user'],
    ['cleo', 'user'],
    ['admin', 'admin'],
  ] as const) {
    const user = await createOnboardedUser(world.database.db, {
      email: `${name}@drills.test`,
      password: 'password-for-tests',
      role,
    });
    ids[name] = user.id;
    tokens[name] = (
      await world.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: `${name}@drills.test`, password: 'password-for-tests' },
      })
    ).json().data.token;
  }
  lessonId = (await as('ana', 'GET', '/courses/course6')).json().data.videos[0].id;
});

afterAll(async () => {
  await world.close();
  vi.useRealTimers();
});

afterEach(() => advance(1000));

describe('trade drills', () => {
  it('lists the sample drills after their lesson in the course', async () => {
    const list = await as('ana', 'GET', '/courses/course6/drills');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toEqual([
      expect.objectContaining({ _id: LONG, afterVideoId: lessonId, position: 0, attempts: 0, passed: false }),
      expect.objectContaining({ _id: 'drill-btc-range-break-short', position: 1 }),
    ]);
    const detail = (await as('ana', 'GET', `/drills/${LONG}`)).json().data;
    expect(detail.drill).toMatchObject({
      symbol: 'BTCUSD',
      day: DAY,
      startAt: '13:40',
      startingBalance: 100_000,
      direction: 'long',
      stopRequired: true,
      maxRiskPercent: 1,
      targetR: 1,
      timeLimitMinutes: 30,
    });
    expect(detail.attempts).toEqual([]);
  });

  it('passes a real long with a stop below the opening range that reaches 1R', async () => {
    const { attempt, sessionId } = await startDrill('ana');
    expect(attempt.state).toBe('running');
    const session = (await as('ana', 'GET', `/practice/sessions/${sessionId}`)).json().data;
    expect(session.replayedTime).toBe(Date.parse(`${DAY}T13:40:00Z`));
    const banner = (await as('ana', 'GET', `/drills/by-session/${sessionId}`)).json().data;
    expect(banner.drill._id).toBe(LONG);
    expect(banner.attempt._id).toBe(attempt._id);

    const ask = session.quote.ask as number;
    const stop = 19_900;
    const takeProfit = Math.ceil((ask + (ask - stop) * 1.2) / 0.5) * 0.5;
    const bought = await as('ana', 'POST', `/practice/sessions/${sessionId}/orders`, {
      side: 'buy',
      type: 'market',
      quantity: 4,
      stopLoss: stop,
      takeProfit,
    });
    expect(bought.statusCode, bought.body).toBe(201);
    const entry = bought.json().data.positions[0].averagePrice as number;
    await stepUntilFlat('ana', sessionId);

    const result = await score('ana', LONG, attempt._id);
    expect(result.breaches).toEqual([]);
    expect(result.initialRisk).toBeCloseTo((entry - stop) * 4, 2);
    expect(result.rBest).toBeGreaterThanOrEqual(1);
    expect(result.rFinal).toBe(result.rBest);
    expect(result).toMatchObject({ state: 'scored', passed: true, score: 100 });
    expect(result.fills.map((fill) => [fill.side, fill.reason])).toEqual([
      ['buy', 'order'],
      ['sell', 'take_profit'],
    ]);
    expect(result.mfe).toBeGreaterThanOrEqual(result.rBest!);
    expect(result.mae).toBeLessThanOrEqual(0);
    expect(result.chart.length).toBeGreaterThan(60);
    // The replay ended with the score; scoring again answers the same result.
    expect((await as('ana', 'GET', `/practice/sessions/${sessionId}`)).json().data.state).toBe('ended');
    expect((await score('ana', LONG, attempt._id)).scoredAt).toBe(result.scoredAt);

    const list = (await as('ana', 'GET', '/courses/course6/drills')).json().data;
    expect(list[0]).toMatchObject({ _id: LONG, attempts: 1, passed: true, bestScore: 100 });
    const requirements = await drillRequirements(world.database.db, ids.ana, 'course6');
    expect(requirements).toEqual([
      // A drill's requirement score is the best R reached (the certificate says "best 1.2 R").
      {
        kind: 'drill',
        id: LONG,
        title: expect.any(String),
        met: true,
        score: Math.round(result.rBest! * 100) / 100,
      },
      {
        kind: 'drill',
        id: 'drill-btc-range-break-short',
        title: expect.any(String),
        met: false,
        score: null,
      },
    ]);
  });

  it('passes the sample short drill: a short at 10:38 with a stop above the morning range reaches 1R', async () => {
    const SHORT = 'drill-btc-range-break-short';
    const { attempt, sessionId } = await startDrill('ana', SHORT);
    const session = (await as('ana', 'GET', `/practice/sessions/${sessionId}`)).json().data;
    expect(session.replayedTime).toBe(Date.parse(`${DAY}T10:38:00Z`));
    const bid = session.quote.bid as number;
    const stop = 19_870;
    const takeProfit = Math.floor((bid - (stop - bid) * 1.2) / 0.5) * 0.5;
    const sold = await as('ana', 'POST', `/practice/sessions/${sessionId}/orders`, {
      side: 'sell',
      type: 'market',
      quantity: 4,
      stopLoss: stop,
      takeProfit,
    });
    expect(sold.statusCode, sold.body).toBe(201);
    await stepUntilFlat('ana', sessionId);
    const result = await score('ana', SHORT, attempt._id);
    expect(result.breaches).toEqual([]);
    expect(result.rBest).toBeGreaterThanOrEqual(1);
    expect(result.passed).toBe(true);
  });

  it('fails an entry without a stop, and a retry that risks too much keeps both attempts', async () => {
    const first = await startDrill('ben');
    await as('ben', 'POST', `/practice/sessions/${first.sessionId}/orders`, {
      side: 'buy',
      type: 'market',
      quantity: 2,
    });
    for (let bar = 0; bar < 5; bar += 1)
      await as('ben', 'POST', `/practice/sessions/${first.sessionId}/clock`, { action: 'step' });
    const noStop = await score('ben', LONG, first.attempt._id);
    expect(noStop.passed).toBe(false);
    expect(noStop.breaches).toEqual([
      {
        rule: 'no_stop',
        message: 'Your entry at 13:40 UTC had no stop-loss; every entry in this drill needs one.',
      },
    ]);
    // Finishing closed the position at the replayed price.
    expect(noStop.fills.map((fill) => fill.reason)).toEqual(['order', 'session_end']);

    advance(60_000); // a minute later
    const retry = await startDrill('ben');
    expect(retry.attempt._id).not.toBe(first.attempt._id);
    const bought = await as('ben', 'POST', `/practice/sessions/${retry.sessionId}/orders`, {
      side: 'buy',
      type: 'market',
      quantity: 4,
      stopLoss: 19_700,
    });
    expect(bought.statusCode, bought.body).toBe(201);
    const tooMuch = await score('ben', LONG, retry.attempt._id);
    expect(tooMuch.passed).toBe(false);
    expect(tooMuch.breaches.map((breach) => breach.rule)).toEqual(['max_risk']);
    expect(tooMuch.breaches[0].message).toMatch(
      /^Your entry at 13:40 UTC risked 1,3\d\d\.\d\d USD, more than the 1,000\.00 USD \(1 % of the starting balance\) allowed\.$/,
    );

    const detail = (await as('ben', 'GET', `/drills/${LONG}`)).json().data;
    expect(detail.attempts.map((attempt: Attempt) => attempt._id)).toEqual([
      retry.attempt._id,
      first.attempt._id,
    ]);
    expect(detail.attempts.every((attempt: Attempt) => attempt.state === 'scored')).toBe(true);
  });

  it('keeps an attempt to its learner: another learner gets 404 and sees none of it', async () => {
    const { attempt, sessionId } = await startDrill('ana');
    const theirs = await as('ben', 'POST', `/drills/${LONG}/attempts/${attempt._id}/score`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe('We could not find that drill attempt.');
    expect((await as('ben', 'GET', `/drills/by-session/${sessionId}`)).json().data).toBeNull();
    expect((await as('ben', 'GET', `/practice/sessions/${sessionId}`)).statusCode).toBe(404);
    const bens = (await as('ben', 'GET', `/drills/${LONG}`)).json().data.attempts;
    expect(bens.map((one: Attempt) => one._id)).not.toContain(attempt._id);
    expect((await as('ana', 'GET', '/drills/no-such-drill')).statusCode).toBe(404);
    // Ending the replay on /practice scores the attempt the next time the drill is opened.
    await as('ana', 'POST', `/practice/sessions/${sessionId}/end`);
    const detail = (await as('ana', 'GET', `/drills/${LONG}`)).json().data;
    expect(detail.attempts[0]).toMatchObject({
      _id: attempt._id,
      state: 'scored',
      passed: false,
      rBest: null,
    });
  });

  it('answers a learner with five replays running with the practice cap sentence, leaving no attempt', async () => {
    for (let index = 0; index < 5; index += 1)
      expect(
        (await as('cleo', 'POST', '/practice/sessions', { symbol: 'BTCUSD', day: DAY })).statusCode,
      ).toBe(201);
    const refused = await as('cleo', 'POST', `/drills/${LONG}/attempts`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(PRACTICE_CAP_MESSAGE);
    const rows = await world.database.db
      .select()
      .from(drillAttempts)
      .where(eq(drillAttempts.userId, ids.cleo));
    expect(rows).toEqual([]);
  });
});

describe('drill authoring', () => {
  const fields = () => ({
    afterVideoId: lessonId,
    title: 'Fade the spike',
    symbol: 'BTCUSD',
    day: DAY,
    startAt: '13:50',
    task: 'Short the spike with a stop above its high.',
    direction: 'short',
    maxRiskPercent: 0.5,
    targetR: 2,
  });

  it('creates, edits and deletes a drill with defaults; learners may not', async () => {
    expect((await as('ana', 'POST', '/admin/courses/course6/drills', fields())).statusCode).toBe(403);
    const created = await as('admin', 'POST', '/admin/courses/course6/drills', fields());
    expect(created.statusCode, created.body).toBe(201);
    const drill = created.json().data;
    expect(drill).toMatchObject({
      courseId: 'course6',
      startingBalance: 100_000,
      stopRequired: true,
      timeLimitMinutes: null,
      maxRiskPercent: 0.5,
    });
    const edited = await as('admin', 'PUT', `/admin/drills/${drill._id}`, {
      ...fields(),
      timeLimitMinutes: 15,
    });
    expect(edited.json().data.timeLimitMinutes).toBe(15);
    const listed = (await as('admin', 'GET', '/admin/courses/course6/drills')).json().data;
    expect(listed.map((one: { _id: string }) => one._id)).toContain(drill._id);
    const preview = (
      await as('admin', 'GET', `/admin/drills/preview?symbol=BTCUSD&day=${DAY}&startAt=13:50`)
    ).json().data;
    expect(preview.candles).toHaveLength(13 * 60 + 51);
    expect(preview.startTime).toBe(Date.parse(`${DAY}T13:50:00Z`));
    expect((await as('admin', 'DELETE', `/admin/drills/${drill._id}`)).statusCode).toBe(200);
    expect((await as('admin', 'DELETE', `/admin/drills/${drill._id}`)).statusCode).toBe(404);
  });

  it('refuses a day without bars naming the days that have them, and bad rules with sentences', async () => {
    const noBars = await as('admin', 'POST', '/admin/courses/course6/drills', {
      ...fields(),
      day: '2023-03-11',
    });
    expect(noBars.statusCode).toBe(400);
    expect(noBars.json().message).toBe(
      'There are no bars of BTCUSD on 2023-03-11. Days with bars: 2023-03-10.',
    );
    const lesson = await as('admin', 'POST', '/admin/courses/course1/drills', fields());
    expect(lesson.statusCode).toBe(400);
    expect(lesson.json().message).toBe('Choose a lesson of this course for the drill to follow.');
    const badRule = await as('admin', 'POST', '/admin/courses/course6/drills', { ...fields(), targetR: 0 });
    expect(badRule.statusCode).toBe(400);
    expect(JSON.stringify(badRule.json())).toContain('The target R is above 0.');
    const badMinute = await as('admin', 'POST', '/admin/courses/course6/drills', {
      ...fields(),
      startAt: '25:00',
    });
    expect(badMinute.statusCode).toBe(400);
    expect(JSON.stringify(badMinute.json())).toContain('The start minute is HH:MM (UTC).');
  });
});
