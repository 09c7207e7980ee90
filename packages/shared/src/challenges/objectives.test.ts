import { describe, expect, it } from 'vitest';
import {
  consistencyMet,
  describeObjectives,
  lossBreach,
  objectivesMet,
  type PhaseFill,
  percentOfAmountMinor,
  phaseFacts,
} from './objectives.ts';
import { findRuleSet, phaseOf, RULE_SETS, unknownRuleSetMessage } from './rule-sets.ts';

const prague = { resetHour: 0, timeZone: 'Europe/Prague' };
const fill = (iso: string, side: 'buy' | 'sell', quantity: number, netMinor = 0): PhaseFill => ({
  at: Date.parse(iso),
  symbol: 'EURUSD',
  side,
  quantity,
  netMinor,
});

describe('trading days in the rule set’s zone', () => {
  it('counts the day a trade opens at midnight Prague time across the change to summer time', () => {
    // Summer time starts on Sunday 29 March 2026 at 02:00 in Prague.
    const facts = phaseFacts(
      [
        fill('2026-03-28T22:30:00Z', 'buy', 1), // 23:30 CET, Saturday 28
        fill('2026-03-28T23:30:00Z', 'buy', 1), // 00:30 CET, Sunday 29
        fill('2026-03-29T21:30:00Z', 'buy', 1), // 23:30 CEST, Sunday 29
        fill('2026-03-29T22:30:00Z', 'buy', 1), // 00:30 CEST, Monday 30
      ],
      prague,
    );
    expect(facts.tradingDays.map((day) => new Date(day).toISOString())).toEqual([
      '2026-03-27T23:00:00.000Z',
      '2026-03-28T23:00:00.000Z',
      '2026-03-29T22:00:00.000Z',
    ]);
  });

  it('does not count a day with only closing trades, and counts a reversal through zero', () => {
    const facts = phaseFacts(
      [
        fill('2026-03-02T09:00:00Z', 'buy', 0.3),
        fill('2026-03-03T09:00:00Z', 'sell', 0.1, 500),
        fill('2026-03-03T10:00:00Z', 'sell', 0.2, 700), // back to flat: a closing-only day
        fill('2026-03-04T09:00:00Z', 'sell', 0.1), // opens a short
        fill('2026-03-05T09:00:00Z', 'buy', 0.3, -200), // through zero: opens a long
      ],
      prague,
    );
    expect(facts.tradingDays).toHaveLength(3);
    expect([...facts.dayResults.values()]).toEqual([0, 1200, 0, -200]);
  });
});

describe('objectives of a phase', () => {
  const ruleSet = findRuleSet('two-step-10-5@1')!;
  const phase = phaseOf(ruleSet, 1);
  const money = {
    initialMinor: 10_000_000,
    balanceMinor: 10_000_000,
    equityMinor: 10_000_000,
    dayStartBalanceMinor: null,
    eodHighBalanceMinor: null,
    equityHighMinor: null,
  };

  it('with no trades: targets pending, limits passing, nothing divided by zero', () => {
    const views = describeObjectives({
      ruleSet,
      phase,
      money,
      facts: phaseFacts([], prague),
      now: Date.UTC(2026, 2, 2),
      phaseStartedAt: null,
      status: 'in-progress',
      failedRule: null,
      pausedUntil: null,
    });
    expect(views.map((view) => [view.key, view.status, view.value])).toEqual([
      ['profit_target', 'pending', 0],
      ['min_trading_days', 'pending', 0],
      ['daily_loss', 'passing', 0],
      ['max_loss', 'passing', 100_000],
    ]);
    expect(views.find((view) => view.key === 'max_loss')?.limit).toBe(90_000);
  });

  it('decides floors and the consistency share exactly, to the cent', () => {
    expect(lossBreach(phase, { ...money, equityMinor: 9_500_000 })).toBeNull();
    expect(lossBreach(phase, { ...money, equityMinor: 9_499_999 })).toMatchObject({ rule: 'daily_loss' });
    expect(percentOfAmountMinor(5_000_000, 4)).toBe(200_000);
    expect(percentOfAmountMinor(333, 10)).toBe(33); // 33.3 minor units rounds to 33
    // 40 % of 3,000.00 is 1,200.00: a best day of exactly 1,200.00 is not under it.
    expect(consistencyMet(40, 120_000, 300_000)).toBe(false);
    expect(consistencyMet(40, 119_999, 300_000)).toBe(true);
    expect(consistencyMet(40, 0, 0)).toBe(false);
  });

  it('is not met on the target alone', () => {
    const rich = { ...money, balanceMinor: 11_000_000, equityMinor: 11_000_000 };
    const base = { ruleSet, phase, money: rich, now: Date.UTC(2026, 2, 6), phaseStartedAt: null };
    const days = ['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05'].map((d) =>
      fill(`${d}T09:00:00Z`, 'buy', 1),
    );
    expect(objectivesMet({ ...base, facts: phaseFacts(days.slice(0, 3), prague) })).toBe(false);
    expect(objectivesMet({ ...base, facts: phaseFacts(days, prague) })).toBe(true);
  });
});

describe('the published rule sets', () => {
  it('are each a distinct id@version, named for what they are, with a dated source', () => {
    expect(RULE_SETS.map((ruleSet) => ruleSet.ref)).toEqual([
      'practice@1',
      'two-step-10-5@1',
      'consistency-6-4@1',
      'replay-two-step-2-1@1',
    ]);
    for (const ruleSet of RULE_SETS) {
      expect(ruleSet.ref).toBe(`${ruleSet.id}@${ruleSet.version}`);
      expect(ruleSet.sourceDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(Object.isFrozen(ruleSet)).toBe(true);
    }
    expect(unknownRuleSetMessage('ftmo@9')).toBe(
      'There is no published rule set "ftmo@9". Choose one of: practice@1, two-step-10-5@1, consistency-6-4@1, replay-two-step-2-1@1.',
    );
  });
});
