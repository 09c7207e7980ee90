import { phaseFacts } from '@candlewise/shared/challenges/objectives';
import { findRuleSet, type RuleSet } from '@candlewise/shared/challenges/rule-sets';
import { describe, expect, it } from 'vitest';
import { Market } from './account-book.ts';
import { marketTime, wallTime } from './challenge-rules.ts';
import { decideAccount, needsDecision } from './decide-account.ts';
import type { MarketQuote } from './simulated-feed.ts';
import { accountOf, groupOf } from './testing/engine-fixtures.ts';

// 2026-03-02 is a Monday; 10:00 UTC is 11:00 in Prague and 04:00 in Chicago.
const T0 = Date.UTC(2026, 2, 2, 10, 0, 0);
const DAY = 86_400_000;
const quote = (mid: number): MarketQuote => ({ symbol: 'NIFTY50', bid: mid, ask: mid, mid, time: T0 });
const market = (mid: number) =>
  new Market(
    new Map([['NIFTY50', quote(mid)]]),
    new Map([['NIFTY50', { contractSize: 1, currency: 'INR' }]]),
  );
const twoStep = findRuleSet('two-step-10-5@1')!;
const consistency = findRuleSet('consistency-6-4@1')!;

/** A member long 100 NIFTY50 at 1,000 (a 100,000 exposure), the day already opened at 100,000. */
function longAccount(overrides = {}) {
  return accountOf('a', {
    positions: new Map([
      ['NIFTY50', { symbol: 'NIFTY50', quantity: 100, averagePrice: 1000, stopLoss: null, takeProfit: null }],
    ]),
    dayStartBalance: 100_000,
    dayStartedAt: Date.UTC(2026, 2, 1, 23, 0, 0), // midnight in Prague (CET)
    phaseStartedAt: T0 - 5 * DAY,
    ...overrides,
  });
}

describe('a two-step challenge (FTMO figures) on one account', () => {
  it('fails on the daily loss when equity is a cent below the floor, not at it', () => {
    const account = longAccount();
    const group = groupOf([account], { ruleSet: twoStep });
    // 5 % of 100,000 below the day's starting balance: the floor is 95,000.00.
    let decision = decideAccount(account, group, market(950), T0);
    expect(decision.challenge).toBeNull();
    expect(account.challengeStatus).toBe('in-progress');
    decision = decideAccount(account, group, market(949.9999), T0 + 1000);
    expect(decision.challenge).toMatchObject({
      kind: 'failed',
      rule: 'daily_loss',
      phase: 1,
      equity: 94_999.99,
      threshold: 95_000,
    });
    expect(decision.fills.map((fill) => fill.reason)).toEqual(['breach']);
    expect(account.challengeStatus).toBe('failed');
    expect(account.positions.size).toBe(0);
    // A failed challenge trades no more and asks for no decision.
    expect(needsDecision(account, group, market(2000), T0 + 2000)).toBe(false);
  });

  it('fails on the maximum loss (10 % below the initial balance) when the day started lower', () => {
    const account = longAccount({ balance: 91_000, dayStartBalance: 91_000 });
    const group = groupOf([account], { ruleSet: twoStep });
    // Equity 91,000 + 100 × (−10.0001) = 89,999.99: under 90,000 (and above the day floor 86,000).
    const decision = decideAccount(account, group, market(989.9999), T0);
    expect(decision.challenge).toMatchObject({ kind: 'failed', rule: 'max_loss', threshold: 90_000 });
  });

  it('passes phase 1 on the target with 4 trading days, closes out and starts phase 2 at the start balance', () => {
    const account = longAccount({ balance: 105_000, dayStartBalance: 105_000 });
    const group = groupOf([account], { ruleSet: twoStep });
    const day = { resetHour: 0, timeZone: 'Europe/Prague' };
    const threeDays = phaseFacts(
      [0, 1, 2].map((k) => ({
        at: T0 - (3 - k) * DAY,
        symbol: 'NIFTY50',
        side: 'buy' as const,
        quantity: 1,
        netMinor: 0,
      })),
      day,
    );
    // Equity 105,000 + 100 × 50 = 110,000: the target, but only 3 trading days.
    let decision = decideAccount(account, group, market(1050), T0, threeDays);
    expect(decision.challenge).toBeNull();
    const fourDays = phaseFacts(
      [0, 1, 2, 3].map((k) => ({
        at: T0 - (3 - k) * DAY,
        symbol: 'NIFTY50',
        side: 'buy' as const,
        quantity: 1,
        netMinor: 0,
      })),
      day,
    );
    expect(fourDays.tradingDays).toHaveLength(4);
    decision = decideAccount(account, group, market(1050), T0 + 1000, fourDays);
    expect(decision.challenge).toMatchObject({
      kind: 'passed',
      rule: 'objectives',
      phase: 1,
      equity: 110_000,
    });
    expect(decision.fills).toEqual([
      expect.objectContaining({ reason: 'phase_end', price: 1050, realizedCents: 500_000 }),
    ]);
    expect(account).toMatchObject({
      phase: 2,
      balance: 100_000,
      equity: 100_000,
      challengeStatus: 'in-progress',
    });
    expect(account.phaseStartedAt).toBe(T0 + 1000);
  });

  it('passes the challenge after its last phase, and the account stops trading', () => {
    const account = longAccount({ phase: 2, balance: 102_000, dayStartBalance: 102_000 });
    const group = groupOf([account], { ruleSet: twoStep });
    const facts = phaseFacts(
      [0, 1, 2, 3].map((k) => ({
        at: T0 - k * DAY,
        symbol: 'NIFTY50',
        side: 'buy' as const,
        quantity: 1,
        netMinor: 0,
      })),
      { resetHour: 0, timeZone: 'Europe/Prague' },
    );
    const decision = decideAccount(account, group, market(1030), T0, facts);
    expect(decision.challenge).toMatchObject({ kind: 'passed', phase: 2 });
    expect(account.challengeStatus).toBe('passed');
    expect(account.phase).toBe(2);
  });
});

describe('a consistency challenge (Topstep shape) on one account', () => {
  it('trails the maximum loss from the end-of-day balance high and stops it at the initial balance', () => {
    // 50,000 initial: the maximum loss is 4 % = 2,000. An end-of-day high of 51,000 puts the floor
    // at 49,000; a high of 53,000 would put it at 51,000, so it stops at 50,000.
    const low = longAccount({
      startingBalance: 50_000,
      balance: 50_000,
      dayStartBalance: 50_000,
      eodHighBalance: 51_000,
    });
    const group = groupOf([low], { ruleSet: consistency });
    // Equity 50,000 − 100 × 10.0001 = 48,999.99: under 49,000.
    expect(decideAccount(low, group, market(989.9999), T0).challenge).toMatchObject({
      kind: 'failed',
      rule: 'max_loss',
      threshold: 49_000,
    });
    const high = longAccount({
      startingBalance: 50_000,
      balance: 50_500,
      dayStartBalance: 50_500,
      eodHighBalance: 53_000,
    });
    // Equity 50,500 − 100 × 5.0001 = 49,999.99: under the floor that stopped at 50,000.
    expect(
      decideAccount(high, groupOf([high], { ruleSet: consistency }), market(994.9999), T0).challenge,
    ).toMatchObject({
      rule: 'max_loss',
      threshold: 50_000,
    });
  });

  it('ends the day on the daily loss without failing, until 17:00 Chicago time, then trades again', () => {
    // 2 % of 50,000 = 1,000 below the day's starting balance of 51,000: the floor is 50,000; the
    // trailing maximum loss (end-of-day high 51,000 → 49,000) is not reached first.
    const account = longAccount({
      startingBalance: 50_000,
      balance: 51_000,
      dayStartBalance: 51_000,
      eodHighBalance: 51_000,
      dayStartedAt: Date.UTC(2026, 2, 1, 23, 0, 0), // 17:00 CST on Sunday 1 March
    });
    const group = groupOf([account], { ruleSet: consistency });
    const decision = decideAccount(account, group, market(989.9999), T0);
    expect(decision.challenge).toMatchObject({ kind: 'day-ended', rule: 'daily_loss', threshold: 50_000 });
    expect(account.challengeStatus).toBe('in-progress');
    // The next trading day begins at 17:00 CST on Monday 2 March = 23:00 UTC.
    expect(account.frozenUntil).toBe(Date.UTC(2026, 2, 2, 23, 0, 0));
    expect(needsDecision(account, group, market(990), Date.UTC(2026, 2, 2, 22, 59, 59))).toBe(false);
    const next = decideAccount(account, group, market(990), Date.UTC(2026, 2, 2, 23, 0, 1));
    expect(next.released).toBe(true);
    expect(account.frozenUntil).toBeNull();
    // The new day measures from the balance at its start.
    expect(account.dayStartBalance).toBe(account.balance);
  });
});

describe('the rule set clock', () => {
  it('runs days and deadlines on the replayed clock in a replay, and maps them back', () => {
    const group = { ruleSet: twoStep, startMs: T0, replay: { from: Date.UTC(2024, 5, 3, 9, 15), speed: 60 } };
    expect(marketTime(group, T0 + 60_000)).toBe(Date.UTC(2024, 5, 3, 10, 15));
    expect(wallTime(group, Date.UTC(2024, 5, 3, 10, 15))).toBe(T0 + 60_000);
  });

  it('fails a phase at its time limit with its positions closed at the market', () => {
    const limited: RuleSet = {
      ...twoStep,
      phases: twoStep.phases.map((phase) => ({
        ...phase,
        objectives: { ...phase.objectives, timeLimitDays: 30 },
      })),
    };
    const account = longAccount({ phaseStartedAt: T0 - 30 * DAY + 1000 });
    const group = groupOf([account], { ruleSet: limited });
    expect(decideAccount(account, group, market(1001), T0).challenge).toBeNull();
    const decision = decideAccount(account, group, market(1001), T0 + 1000);
    expect(decision.challenge).toMatchObject({ kind: 'failed', rule: 'time_limit', equity: 100_100 });
    expect(decision.fills).toEqual([expect.objectContaining({ reason: 'phase_end', price: 1001 })]);
  });
});

// Only a challenge's decisions carry an equity curve: the engine sampled every account every 5 s
// and kept 240 samples each (about 1.5 GB at 100,000 members), competitions included.
describe('equity samples', () => {
  it('are kept for a challenge account, every 5 s, and not for a competition’s', () => {
    const inChallenge = longAccount();
    const challenge = groupOf([inChallenge], { ruleSet: twoStep });
    const competitor = longAccount();
    const competition = groupOf([competitor]);
    for (let second = 0; second < 12; second += 1) {
      needsDecision(inChallenge, challenge, market(1000), T0 + second * 1000);
      needsDecision(competitor, competition, market(1000), T0 + second * 1000);
    }
    expect(inChallenge.equitySamples?.map(([at]) => (at - T0) / 1000)).toEqual([0, 5, 10]);
    expect(competitor.equitySamples ?? []).toEqual([]);
    // What the Calmar ranking needs is still tracked.
    needsDecision(competitor, competition, market(990), T0 + 13_000);
    expect(competitor.maxDrawdownPercent).toBe(1);
  });
});
