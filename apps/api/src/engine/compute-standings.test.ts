import { compareRankKeys } from '@candlewise/shared/groups/ranking';
import { describe, expect, it } from 'vitest';
import { computeStandings, STANDINGS_TOP, standingsFrame } from './compute-standings.ts';
import { accountOf } from './testing/engine-fixtures.ts';

describe('computeStandings by the group’s ranking', () => {
  const steady = accountOf('steady', { equity: 108_000, maxDrawdownPercent: 2 }); // 8 % ÷ 2 % = 4.00
  const wild = accountOf('wild', { equity: 130_000, maxDrawdownPercent: 25 }); // 30 % ÷ 25 % = 1.20

  it('ranks by return % unless told otherwise, and by the Calmar score under calmar', () => {
    expect(computeStandings([steady, wild]).map((row) => [row.name, row.score])).toEqual([
      ['Trader wild', 30],
      ['Trader steady', 8],
    ]);
    expect(computeStandings([steady, wild], 'calmar').map((row) => [row.name, row.score])).toEqual([
      ['Trader steady', 4],
      ['Trader wild', 1.2],
    ]);
  });

  it('carries the drawdown as shown, the phase and the challenge status on each row', () => {
    const passed = accountOf('p', { maxDrawdownPercent: 3.4567, phase: 2, challengeStatus: 'passed' });
    expect(computeStandings([passed], 'calmar')[0]).toMatchObject({
      maxDrawdownPercent: 3.46,
      phase: 2,
      challengeStatus: 'passed',
      score: 0,
    });
  });

  it('breaks ties the way the shared chain does: score, return, equity, name, user id', () => {
    // A deterministic spread with many ties on every link of the chain.
    const accounts = Array.from({ length: 300 }, (_, i) =>
      accountOf(`a${i}`, {
        userId: `user-${(i * 7919) % 300}`,
        name: ['Asha', 'Ravi', 'Meera'][i % 3],
        equity: 100_000 + ((i * 37) % 5) * 1000 + (i % 2) * 0.01,
        maxDrawdownPercent: [1, 2, 4, 0.5][i % 4],
      }),
    );
    for (const ranking of ['return', 'calmar'] as const) {
      const rows = computeStandings(accounts, ranking);
      const expected = [...rows]
        .map((row) => ({ ...row, returnPercent: row.pnlPercent }))
        .sort(compareRankKeys)
        .map((row) => row.userId);
      expect(rows.map((row) => row.userId)).toEqual(expected);
      // Whatever order the accounts come in.
      expect(computeStandings([...accounts].reverse(), ranking).map((row) => row.userId)).toEqual(expected);
    }
  });
});

describe('the standings frame the holder publishes', () => {
  const rows = computeStandings(
    Array.from({ length: 25 }, (_, i) => accountOf(`m${i}`, { equity: 100_000 + i, ledgerSeq: 100 - i })),
  );

  it('is the whole table while who listens is not known, or when the table is no longer than the top', () => {
    expect(standingsFrame(rows, null)).toEqual({ complete: true, total: 25, ledgerSeq: 100, rows });
    const short = rows.slice(0, STANDINGS_TOP);
    expect(standingsFrame(short, new Set())).toMatchObject({ complete: true, rows: short });
  });

  it('else the top and the listeners’ rows in rank order, a name without a row ignored', () => {
    const frame = standingsFrame(rows, new Set(['user-m0', 'user-m12', 'admin']));
    expect(frame).toMatchObject({ complete: false, total: 25, ledgerSeq: 100 });
    expect(frame.rows.map((row) => row.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 13, 25]);
  });
});
