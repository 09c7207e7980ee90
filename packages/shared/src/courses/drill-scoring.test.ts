import { describe, expect, it } from 'vitest';
import { type DrillRules, entryRisk, maxRiskAmount, scoreDrill } from './drill-scoring.ts';

const START = Date.parse('2023-03-10T13:40:00Z');
const min = (minutes: number) => START + minutes * 60_000;
const rules: DrillRules = {
  direction: 'long',
  stopRequired: true,
  maxRiskPercent: 1,
  targetR: 1,
  timeLimitMinutes: 30,
};
const bars = Array.from({ length: 40 }, (_, index) => ({
  time: min(index),
  // A rise from 20,000 to 20,390, with a dip to 19,950 in minute 2.
  high: 20_010 + index * 10,
  low: index === 2 ? 19_950 : 19_990 + index * 10,
}));
const score = (
  fills: Parameters<typeof scoreDrill>[0]['fills'],
  over: Partial<DrillRules> = {},
  endAt = min(20),
) =>
  scoreDrill({
    rules: { ...rules, ...over },
    startingBalance: 100_000,
    startAt: START,
    endAt,
    contractSize: 1,
    currency: 'USD',
    fills,
    bars,
  });

describe('scoreDrill', () => {
  it('measures R against the first entry’s risk and MAE/MFE over the bars held', () => {
    const result = score([
      { side: 'buy', quantity: 5, price: 20_000, realized: 0, replayedAt: min(1), stopLoss: 19_900 },
      { side: 'sell', quantity: 5, price: 20_110, realized: 550, replayedAt: min(10), stopLoss: null },
    ]);
    expect(result.initialRisk).toBe(500);
    expect(result.rFinal).toBe(1.1);
    expect(result.rBest).toBe(1.1);
    // Held minutes 1–10: the high 20,110 is +1.1 R, the low 19,950 is −0.5 R.
    expect(result.mfe).toBe(1.1);
    expect(result.mae).toBe(-0.5);
    expect(result.breaches).toEqual([]);
    expect(result).toMatchObject({ passed: true, score: 100, realized: 550 });
  });

  it('takes the best realised R along the way, not only the last', () => {
    const result = score([
      { side: 'buy', quantity: 2, price: 20_000, realized: 0, replayedAt: min(1), stopLoss: 19_900 },
      { side: 'sell', quantity: 1, price: 20_200, realized: 200, replayedAt: min(5), stopLoss: null },
      { side: 'sell', quantity: 1, price: 19_950, realized: -50, replayedAt: min(8), stopLoss: null },
    ]);
    expect(result.rBest).toBe(1);
    expect(result.rFinal).toBe(0.75);
    expect(result.passed).toBe(true);
  });

  it('flags an entry without a stop, and too much risk, with sentences', () => {
    const noStop = score([
      { side: 'buy', quantity: 1, price: 20_000, realized: 0, replayedAt: min(1), stopLoss: null },
      { side: 'sell', quantity: 1, price: 20_300, realized: 300, replayedAt: min(5), stopLoss: null },
    ]);
    expect(noStop.breaches).toEqual([
      {
        rule: 'no_stop',
        message: 'Your entry at 13:41 UTC had no stop-loss; every entry in this drill needs one.',
      },
    ]);
    // Without a stop, 1R is the drill's maximum risk (1,000): 300 is 0.3 R.
    expect(noStop.rBest).toBe(0.3);
    expect(noStop.passed).toBe(false);

    const tooMuch = score([
      { side: 'buy', quantity: 20, price: 20_000, realized: 0, replayedAt: min(1), stopLoss: 19_900 },
      { side: 'sell', quantity: 20, price: 20_100, realized: 2000, replayedAt: min(5), stopLoss: null },
    ]);
    expect(tooMuch.breaches.map((breach) => breach.message)).toEqual([
      'Your entry at 13:41 UTC risked 2,000.00 USD, more than the 1,000.00 USD (1 % of the starting balance) allowed.',
    ]);
    expect(tooMuch.rBest).toBe(1);
    expect(tooMuch).toMatchObject({ passed: false, score: 75 });
  });

  it('flags the wrong direction (a reversal’s new part counts) and trading past the time limit', () => {
    const reversed = score([
      { side: 'buy', quantity: 1, price: 20_000, realized: 0, replayedAt: min(1), stopLoss: 19_900 },
      { side: 'sell', quantity: 2, price: 20_050, realized: 50, replayedAt: min(3), stopLoss: 20_150 },
    ]);
    expect(reversed.breaches.map((breach) => breach.rule)).toEqual(['wrong_direction']);
    expect(reversed.breaches[0].message).toBe('This drill is long only: you sold short at 13:43 UTC.');

    const late = score(
      [{ side: 'buy', quantity: 1, price: 20_000, realized: 0, replayedAt: min(1), stopLoss: 19_900 }],
      { timeLimitMinutes: 10 },
      min(25),
    );
    expect(late.breaches).toEqual([
      { rule: 'time_limit', message: 'You traded past the 10-minute time limit (it ended at 13:50 UTC).' },
    ]);
  });

  it('without a trade: nothing reached, no pass', () => {
    expect(score([])).toMatchObject({ rBest: null, passed: false, score: 0, breaches: [] });
  });

  it('keeps money exact', () => {
    expect(maxRiskAmount(100_000, 1)).toBe(1000);
    expect(maxRiskAmount(12_345.67, 0.5)).toBe(61.73);
    expect(entryRisk(20_057.5, 19_920.1, 0.3)).toBe(41.22);
  });
});
