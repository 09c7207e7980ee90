import { describe, expect, it } from 'vitest';
import {
  compareRankKeys,
  DRAWDOWN_FLOOR_PERCENT,
  type RankKey,
  rankingScore,
  scoreFormula,
} from './ranking.ts';

const key = (overrides: Partial<RankKey>): RankKey => ({
  score: 0,
  returnPercent: 0,
  equity: 100_000,
  name: 'Asha',
  userId: 'u1',
  ...overrides,
});

describe('rankingScore', () => {
  it('is the return % itself when the group ranks by return', () => {
    expect(rankingScore('return', 12.4, 30)).toBe(12.4);
    expect(rankingScore('return', -3.21, 0)).toBe(-3.21);
  });

  it('divides the return by the maximum drawdown under Calmar, to 2 decimals', () => {
    expect(rankingScore('calmar', 12.4, 4)).toBe(3.1);
    expect(rankingScore('calmar', 10, 3)).toBe(3.33);
    expect(rankingScore('calmar', 20, 3)).toBe(6.67); // 6.666… rounds half away from zero
    expect(rankingScore('calmar', 0, 12)).toBe(0);
  });

  it('divides by the floor when the drawdown is smaller, so a tiny one does not explode the score', () => {
    expect(DRAWDOWN_FLOOR_PERCENT).toBe(1);
    expect(rankingScore('calmar', 2, 0.01)).toBe(2);
    expect(rankingScore('calmar', 2, 0)).toBe(2);
    expect(rankingScore('calmar', 2, 1)).toBe(2);
  });

  it('ranks a steadier member above a bigger but wilder one', () => {
    const steady = rankingScore('calmar', 8, 2); // 4.00
    const wild = rankingScore('calmar', 30, 25); // 1.20
    expect(steady).toBeGreaterThan(wild);
  });

  it('multiplies a loss by the drawdown, so a wilder loss never ranks above a steadier one', () => {
    expect(rankingScore('calmar', -5, 5)).toBe(-25);
    expect(rankingScore('calmar', -0.5, 0.4)).toBe(-0.5); // the floor: the loss itself
    expect(rankingScore('calmar', -10, 50)).toBeLessThan(rankingScore('calmar', -1, 1));
  });

  it('compares the maximum drawdown as shown (2 decimals), whatever digits the ledger keeps', () => {
    expect(rankingScore('calmar', 10, 4.0049)).toBe(rankingScore('calmar', 10, 4));
  });
});

describe('compareRankKeys', () => {
  const sorted = (keys: RankKey[]) => [...keys].sort(compareRankKeys).map((k) => k.userId);

  it('orders by score, then return %, then equity, then name, then user id', () => {
    expect(
      sorted([
        key({ userId: 'e', score: 1, returnPercent: 5, equity: 100, name: 'B' }),
        key({ userId: 'd', score: 1, returnPercent: 5, equity: 100, name: 'A' }),
        key({ userId: 'c', score: 1, returnPercent: 5, equity: 200 }),
        key({ userId: 'b', score: 1, returnPercent: 6 }),
        key({ userId: 'a', score: 2 }),
        key({ userId: 'g', score: 1, returnPercent: 5, equity: 100, name: 'B' }),
      ]),
    ).toEqual(['a', 'b', 'c', 'd', 'e', 'g']);
  });

  it('treats figures equal to 2 decimals as a tie, whatever the float noise', () => {
    const a = key({ userId: 'a', score: 0.1 + 0.2, returnPercent: 1 });
    const b = key({ userId: 'b', score: 0.3, returnPercent: 2 });
    expect(sorted([a, b])).toEqual(['b', 'a']); // the score ties; the higher return wins
  });

  it('gives the same order whatever order the members come in', () => {
    const keys = Array.from({ length: 40 }, (_, i) =>
      key({ userId: `u${i}`, score: i % 3, returnPercent: i % 2, name: ['X', 'Y'][i % 2] }),
    );
    expect(sorted([...keys].reverse())).toEqual(sorted(keys));
  });
});

describe('scoreFormula', () => {
  it('says how the score is made with the member’s own numbers', () => {
    expect(scoreFormula('calmar', 12.4, 4)).toBe('Calmar = return 12.40 % ÷ max drawdown 4.00 % = 3.10');
    expect(scoreFormula('calmar', 2, 0.25)).toBe(
      'Calmar = return 2.00 % ÷ the floor 1.00 % (max drawdown 0.25 % is below it) = 2.00',
    );
    expect(scoreFormula('calmar', -5, 5)).toBe(
      'Calmar = return -5.00 % × max drawdown 5.00 % ÷ 1.00 % = -25.00 (a loss is multiplied by the drawdown, so a wilder loss ranks lower)',
    );
    expect(scoreFormula('return', 3.5, 9)).toBe('Score = return 3.50 % of the starting balance = 3.50');
  });
});
