import { describe, expect, it } from 'vitest';
import {
  challengeEventTitle,
  challengePhaseLine,
  isPracticeRuleSet,
  type Objective,
  objectiveBar,
  objectivesAtEquity,
} from './challenge-text';

const profit: Objective = {
  key: 'profit_target',
  label: 'Profit target 10%',
  kind: 'target',
  target: 10_000,
  limit: null,
  value: 9_500,
  unit: 'amount',
  status: 'pending',
  detail: '',
};
const maxLoss: Objective = {
  key: 'max_loss',
  label: 'Maximum loss 10%',
  kind: 'limit',
  target: null,
  limit: 90_000,
  value: 109_500,
  unit: 'amount',
  status: 'passing',
  detail: '',
};
const days: Objective = { ...profit, key: 'min_trading_days', target: 4, value: 3, unit: 'days' };

describe('the objectives in words (issue #44)', () => {
  it('follows the live equity for the profit and the maximum loss, exactly to the cent', () => {
    const [nextProfit, nextMax, nextDays] = objectivesAtEquity([profit, maxLoss, days], {
      initial: 100_000,
      equity: 110_000.1,
      status: 'in-progress',
    });
    expect(nextProfit).toMatchObject({ value: 10_000.1, status: 'met' });
    expect(nextMax).toMatchObject({ value: 110_000.1, status: 'passing' });
    // Days are counted by the API from the fills: they wait for the next read.
    expect(nextDays).toBe(days);
    // Back under the target while running: pending again; a decided challenge keeps its statuses.
    expect(
      objectivesAtEquity([profit], { initial: 100_000, equity: 105_000, status: 'in-progress' })[0],
    ).toMatchObject({ value: 5_000, status: 'pending' });
    expect(
      objectivesAtEquity([{ ...profit, status: 'failed' }], {
        initial: 100_000,
        equity: 111_000,
        status: 'failed',
      })[0].status,
    ).toBe('failed');
  });

  it('draws a bar of progress for a target and of use for a loss limit, none for the consistency share', () => {
    expect(objectiveBar(profit, { initial: 100_000 })).toEqual({ kind: 'progress', fraction: 0.95 });
    expect(objectiveBar({ ...profit, value: -500 }, { initial: 100_000 })).toEqual({
      kind: 'progress',
      fraction: 0,
    });
    // 10 % of room to the floor, 2,500 of it lost.
    expect(objectiveBar({ ...maxLoss, value: 97_500 }, { initial: 100_000 })).toEqual({
      kind: 'usage',
      fraction: 0.25,
    });
    expect(
      objectiveBar({ ...profit, key: 'consistency', unit: 'percent', target: 40 }, { initial: 100_000 }),
    ).toBeNull();
  });

  it('names the phase and the decisions, and tells Practice by its reference', () => {
    const challenge = {
      ruleSet: 'two-step-10-5@1',
      ruleSetName: 'Two-step 10/5',
      status: 'in-progress' as const,
      phase: { index: 2, name: 'Verification', count: 2, startedAt: null },
      failure: null,
      pausedUntil: null,
      events: [],
    };
    expect(challengePhaseLine(challenge)).toBe('Two-step 10/5 · Phase 2 of 2: Verification');
    const event = {
      _id: 'e',
      kind: 'day-ended' as const,
      phase: 1,
      rule: 'daily_loss',
      at: '',
      equity: 0,
      balance: 0,
      threshold: null,
    };
    expect(challengeEventTitle(event, 1)).toBe('Day ended: Maximum daily loss');
    expect(challengeEventTitle({ ...event, kind: 'passed', rule: 'objectives' }, 1)).toBe('Challenge passed');
    expect(isPracticeRuleSet('practice@1')).toBe(true);
    expect(isPracticeRuleSet('consistency-6-4@1')).toBe(false);
  });
});
