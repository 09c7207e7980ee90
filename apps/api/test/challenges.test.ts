import { challengeEvents, fills, notifications, tradingAccounts } from '@candlewise/db';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import {
  checkLedgerInvariants,
  formatLedgerReport,
} from '../src/services/trading/check-ledger-invariants.ts';
import { createOnboardedUser } from '../src/services/users/create-onboarded-user.ts';
import { auditChallenges } from './challenge-audit.ts';
import { bearer, createTestDatabase, testConfig } from './helper.ts';

// A two-phase challenge scripted on fixed prices: one member passes phase 1 and fails phase 2 on
// the daily loss, one fails phase 1 at once, one never trades. Bitcoin, whose market never
// closes, in a dollar account, so the figures need no conversion.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let app: FastifyInstance;
const people: Record<string, { id: string; token: string }> = {};
let cup: string;

const as = (who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  app.inject({ method, url: `/api/v1${url}`, headers: bearer(people[who].token), payload });
const tick = () => app.tradingEngine.tickOnce(Date.now(), app.tradingEngine.currentQuotes());
const account = async (who: string) => (await as(who, 'GET', `/group/${cup}/account`)).json().data;
const buy = (who: string, quantity: number, side: 'buy' | 'sell' = 'buy') =>
  as(who, 'POST', `/group/${cup}/orders`, { symbol: 'BTCUSD', side, quantity });

const groupFields = (extra: object = {}) => ({
  name: 'Replay Challenge Cup',
  startDate: new Date(Date.now() - 3_600_000).toISOString(),
  endDate: new Date(Date.now() + 86_400_000).toISOString(),
  freezeDuration: 0,
  freezeThreshold: 0,
  currency: 'USD',
  timeZone: 'UTC',
  instruments: ['BTCUSD'],
  ruleSet: 'replay-two-step-2-1@1',
  ...extra,
});

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ config: testConfig(), database, logger: false });
  await app.tradingEngine.tryLead();
  for (const name of ['ana', 'ben', 'cai', 'dev', 'admin']) {
    const user = await createOnboardedUser(database.db, {
      email: `${name}@challenge.test`,
      password: 'password-for-tests',
      role: name === 'admin' ? 'admin' : 'user',
    });
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: `${name}@challenge.test`, password: 'password-for-tests' },
    });
    people[name] = { id: user.id, token: login.json().data.token };
  }
  const created = await as('admin', 'POST', '/admin/groups', groupFields());
  expect(created.statusCode).toBe(201);
  expect(created.json().data).toMatchObject({ ruleSet: 'replay-two-step-2-1@1', ranking: 'return' });
  cup = created.json().data._id;
  for (const who of ['ana', 'ben', 'cai', 'dev']) {
    await as(who, 'POST', `/group/${cup}/participants`, { userId: people[who].id });
    const requests = (await as('admin', 'GET', `/admin/groups/${cup}/participants`)).json().data;
    const id = requests.find((row: { userId: string }) => row.userId === people[who].id)._id;
    await as('admin', 'POST', `/admin/groups/${cup}/participants/${id}/approve`);
  }
  await app.tradingEngine.loadGroups(cup);
});

afterAll(async () => {
  const report = await checkLedgerInvariants(database.db);
  expect(report.violations, formatLedgerReport(report)).toBe(0);
  await app.close();
  await database.close();
});

describe('rule sets', () => {
  it('lists every published version with its source and rules, without signing in', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/rule-sets' });
    expect(response.statusCode).toBe(200);
    const list = response.json().data;
    expect(list.map((ruleSet: { ref: string }) => ruleSet.ref)).toEqual([
      'practice@1',
      'two-step-10-5@1',
      'consistency-6-4@1',
      'replay-two-step-2-1@1',
    ]);
    const twoStep = list[1];
    expect(twoStep).toMatchObject({
      name: 'Two-step 10/5',
      firm: 'FTMO',
      day: { resetHour: 0, timeZone: 'Europe/Prague' },
    });
    expect(twoStep.phases[0].rules).toContain(
      'Maximum loss: equity may not fall 10 % of the initial balance below the initial balance; a breach fails the phase.',
    );
  });

  it('refuses a rule set that is not published, naming the choices', async () => {
    const response = await as('admin', 'POST', '/admin/groups', groupFields({ ruleSet: 'two-step-10-5@2' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([
      {
        path: 'ruleSet',
        message:
          'There is no published rule set "two-step-10-5@2". Choose one of: practice@1, two-step-10-5@1, consistency-6-4@1, replay-two-step-2-1@1.',
      },
    ]);
  });
});

describe('a two-phase challenge on one exact ledger', () => {
  it('shows objectives before anyone trades: targets pending, limits passing', async () => {
    app.tradingEngine.setPrice('BTCUSD', 90_000);
    const data = await account('cai');
    expect(data.challenge).toMatchObject({
      ruleSet: 'replay-two-step-2-1@1',
      ruleSetName: 'Replay two-step 2/1',
      status: 'in-progress',
      phase: { index: 1, name: 'Challenge', count: 2 },
      failure: null,
      events: [],
    });
    expect(data.objectives.map((o: { key: string; status: string }) => [o.key, o.status])).toEqual([
      ['profit_target', 'pending'],
      ['min_trading_days', 'pending'],
      ['daily_loss', 'passing'],
      ['max_loss', 'passing'],
    ]);
    expect(data.objectives[0]).toMatchObject({ target: 2_000, value: 0, unit: 'amount' });
    expect(data.objectives[3]).toMatchObject({ limit: 96_000, value: 100_000 });
  });

  it('passes phase 1 on its target and trading day, fails another member on the daily loss', async () => {
    expect((await buy('ana', 10)).statusCode).toBe(201);
    expect((await buy('ben', 10, 'sell')).statusCode).toBe(201);
    expect((await buy('dev', 0.1)).statusCode).toBe(201);
    await tick();
    // +300: ana's long is up 2,850 (past the 2,000 target), ben's short down 3,150 (past 2,000).
    app.tradingEngine.setPrice('BTCUSD', 90_300);
    await tick();
    await tick(); // the pass is decided once the ledger's trading days are read

    const ana = await account('ana');
    expect(ana.challenge.phase).toMatchObject({ index: 2, name: 'Verification' });
    expect(ana.challenge.status).toBe('in-progress');
    expect(ana.account).toMatchObject({ balance: 100_000, equity: 100_000 });
    expect(ana.positions).toEqual([]);
    expect(ana.challenge.events).toEqual([
      expect.objectContaining({
        kind: 'passed',
        phase: 1,
        rule: 'objectives',
        equity: 102_850,
        threshold: 102_000,
      }),
    ]);
    const closeOut = ana.fills.find((fill: { reason: string }) => fill.reason === 'phase_end');
    expect(closeOut).toMatchObject({ side: 'sell', quantity: 10, price: 90_292.5, realizedPnl: 2_850 });

    const ben = await account('ben');
    expect(ben.challenge).toMatchObject({
      status: 'failed',
      phase: { index: 1 },
      failure: { rule: 'daily_loss', label: 'Maximum daily loss', equity: 96_850, threshold: 98_000 },
    });
    expect(ben.objectives.find((o: { key: string }) => o.key === 'daily_loss').status).toBe('failed');
    const refused = await buy('ben', 1);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'This Replay two-step 2/1 challenge has failed, so the account no longer trades. Open the objectives panel to see the rule and the fills that crossed it.',
    );
    const [bell] = await database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, people.ben.id), eq(notifications.kind, 'challenge_failed')));
    expect(bell.message).toContain('failed on the maximum daily loss');

    const dev = await account('dev');
    expect(dev.challenge.status).toBe('in-progress');
    expect(dev.objectives.find((o: { key: string }) => o.key === 'min_trading_days')).toMatchObject({
      value: 1,
      status: 'met',
    });
  });

  it('shows the breach with its rule text, the fills that crossed it and the equity before it', async () => {
    const ben = await account('ben');
    const evidence = await as(
      'ben',
      'GET',
      `/group/${cup}/challenge/events/${ben.challenge.failure.eventId}`,
    );
    expect(evidence.statusCode).toBe(200);
    const data = evidence.json().data;
    expect(data.event).toMatchObject({ kind: 'failed', rule: 'daily_loss', threshold: 98_000 });
    expect(data.rules).toContain(
      "Daily loss: equity may not fall 2 % of the initial balance below the day's starting balance (days start at the group's reset hour); a breach fails the phase.",
    );
    expect(data.fills.map((fill: { side: string; reason: string }) => [fill.side, fill.reason])).toEqual([
      ['sell', 'order'],
      ['buy', 'breach'],
    ]);
    expect(data.equityCurve.at(-1)).toEqual([expect.any(Number), 96_850]);
    // Somebody else's decision is not theirs to open.
    const other = await as('ana', 'GET', `/group/${cup}/challenge/events/${ben.challenge.failure.eventId}`);
    expect(other.statusCode).toBe(404);
  });

  it('fails phase 2 on the daily loss, and keeps phase 1 in the history', async () => {
    expect((await buy('ana', 10)).statusCode).toBe(201); // at 90,307.5
    app.tradingEngine.setPrice('BTCUSD', 90_000);
    await tick();
    const ana = await account('ana');
    expect(ana.challenge).toMatchObject({
      status: 'failed',
      phase: { index: 2 },
      failure: { rule: 'daily_loss', equity: 96_850, threshold: 98_000 },
    });
    expect(ana.challenge.events.map((e: { kind: string; phase: number }) => [e.kind, e.phase])).toEqual([
      ['passed', 1],
      ['failed', 2],
    ]);
    const phases = await database.db
      .select({ phase: fills.phase, reason: fills.reason })
      .from(fills)
      .innerJoin(tradingAccounts, eq(tradingAccounts.id, fills.accountId))
      .where(eq(tradingAccounts.userId, people.ana.id));
    expect(phases.map((row) => `${row.phase}:${row.reason}`).sort()).toEqual([
      '1:order',
      '1:phase_end',
      '2:breach',
      '2:order',
    ]);
  });

  it('recomputes every decision from the ledger independently and finds them equal', async () => {
    expect(await auditChallenges(database.db, cup)).toEqual([]);
    const decided = await database.db.select().from(challengeEvents);
    expect(decided).toHaveLength(3);
  });

  it('the recomputation notices a decision one cent away from what the ledger supports', async () => {
    const [failed] = await database.db
      .select()
      .from(challengeEvents)
      .where(and(eq(challengeEvents.kind, 'failed'), eq(challengeEvents.phase, 1)));
    await database.db
      .update(challengeEvents)
      .set({ threshold: 98_000.01 })
      .where(eq(challengeEvents.id, failed.id));
    const [passed] = await database.db
      .select()
      .from(challengeEvents)
      .where(eq(challengeEvents.kind, 'passed'));
    await database.db
      .update(challengeEvents)
      .set({ balance: 102_849.99 })
      .where(eq(challengeEvents.id, passed.id));
    try {
      const problems = await auditChallenges(database.db, cup);
      // One sentence per corrupted figure, in no particular order of accounts.
      expect(problems).toHaveLength(2);
      expect(problems).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/phase 1 passed recorded balance 10284999, fills say 10285000/),
          expect.stringMatching(/daily-loss floor recorded 9800001, the day's start gives 9800000/),
        ]),
      );
    } finally {
      await database.db
        .update(challengeEvents)
        .set({ threshold: 98_000 })
        .where(eq(challengeEvents.id, failed.id));
      await database.db
        .update(challengeEvents)
        .set({ balance: 102_850 })
        .where(eq(challengeEvents.id, passed.id));
    }
  });

  it('keeps the rule set once members have traded', async () => {
    const group = (await as('admin', 'GET', `/group/${cup}`)).json().data;
    const response = await as('admin', 'PUT', `/admin/groups/${cup}`, {
      ...groupFields({ name: group.name, startDate: group.startDate, endDate: group.endDate }),
      ruleSet: 'two-step-10-5@1',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      "Members have already traded under replay-two-step-2-1@1, so this group's rule set cannot change.",
    );
  });
});

describe('a rule audit of journal trades', () => {
  const trade = (day: string, pnl: number) =>
    as('dev', 'POST', '/journal/trades', {
      symbol: 'AAPL',
      side: 'long',
      quantity: 100,
      entryPrice: 200,
      exitPrice: 200 + pnl / 100,
      entryTime: `${day}T14:00:00.000Z`,
      exitTime: `${day}T15:00:00.000Z`,
      fees: 0,
      currency: 'USD',
    });

  it('runs the closed trades through Two-step 10/5: phase 1 on its fourth day, phase 2 failed on the daily loss', async () => {
    for (const [day, pnl] of [
      ['2026-03-02', 3_000],
      ['2026-03-03', 4_000],
      ['2026-03-04', 3_500],
      ['2026-03-05', 200],
      ['2026-03-06', -5_100],
    ] as const)
      expect((await trade(day, pnl)).statusCode).toBe(201);
    const response = await as(
      'dev',
      'GET',
      '/journal/rule-audit?ruleSet=two-step-10-5@1&startingBalance=100000&currency=USD',
    );
    expect(response.statusCode).toBe(200);
    const audit = response.json().data;
    expect(audit).toMatchObject({
      currency: 'USD',
      status: 'failed',
      phase: { index: 2, name: 'Verification' },
    });
    expect(
      audit.decisions.map((d: { kind: string; rule: string; balance: number; threshold: number }) => [
        d.kind,
        d.rule,
        d.balance,
        d.threshold,
      ]),
    ).toEqual([
      ['passed', 'objectives', 110_700, 110_000],
      ['failed', 'daily_loss', 94_900, 95_000],
    ]);
    expect(audit.decisions[1].trades).toEqual([expect.objectContaining({ symbol: 'AAPL', pnl: -5_100 })]);
    expect(audit.decisions[1].rules[0]).toBe(
      'Profit target: 5 % of the initial balance, on equity; open positions close when the phase passes.',
    );
  });

  it('refuses Practice and unknown rule sets with the choices', async () => {
    const practice = await as('dev', 'GET', '/journal/rule-audit?ruleSet=practice@1');
    expect(practice.statusCode).toBe(400);
    expect(practice.json().message).toBe(
      'practice@1 has no objectives to audit. Choose a challenge: two-step-10-5@1, consistency-6-4@1, replay-two-step-2-1@1.',
    );
    const unknown = await as('dev', 'GET', '/journal/rule-audit?ruleSet=ftmo');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details[0].path).toBe('ruleSet');
    const signedOut = await app.inject({
      method: 'GET',
      url: '/api/v1/journal/rule-audit?ruleSet=two-step-10-5@1',
    });
    expect(signedOut.statusCode).toBe(401);
  });
});
