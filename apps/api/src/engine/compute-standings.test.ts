import { compareRankKeys } from '@candlewise/shared/groups/ranking';
import { describe, expect, it } from 'vitest';
import type { AccountState } from './account-book.ts';
import { computeStandings, STANDINGS_TOP, StandingsTable, standingsFrame } from './compute-standings.ts';
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

describe('the standings kept sorted between seconds', () => {
  // A small deterministic generator: the same seconds on every run.
  function random(seed: number) {
    let state = seed;
    return () => {
      state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
      return state / 2_147_483_648;
    };
  }

  it('answer exactly what sorting every account again answers, second after second', () => {
    const next = random(7);
    const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)];
    const accounts = new Map<string, AccountState>();
    let created = 0;
    const add = () => {
      created += 1;
      const id = `a${created}`;
      // Few distinct equities and names: ties on every link of the chain.
      accounts.set(
        id,
        accountOf(id, { equity: 100_000 + Math.floor(next() * 6) * 500, name: pick(['Asha', 'Ravi']) }),
      );
    };
    for (let i = 0; i < 60; i += 1) add();
    const table = new StandingsTable();
    let ranking: 'return' | 'calmar' = 'return';
    for (let second = 0; second < 400; second += 1) {
      const all = [...accounts.values()];
      const changes = Math.floor(next() * 8);
      for (let c = 0; c < changes; c += 1) {
        const account = pick(all);
        const what = next();
        if (what < 0.45)
          account.equity = 100_000 + Math.round((next() - 0.5) * 6_000) * (next() < 0.5 ? 1 : 0.01);
        else if (what < 0.55) account.maxDrawdownPercent = Math.round(next() * 1000) / 100;
        else if (what < 0.62) {
          account.frozenUntil = account.frozenUntil ? null : 1_800_000_000_000 + second;
          account.frozenReason = account.frozenUntil ? 'drawdown' : null;
          account.freezeCount += 1;
        } else if (what < 0.7) {
          account.ledgerSeq += 1;
          account.tradesCount += 1;
          account.balance = account.equity;
        } else if (what < 0.75) account.removed = !account.removed;
        else if (what < 0.8) accounts.delete(account.id);
        else if (what < 0.85) add();
        else if (what < 0.88) account.name = account.name === 'Asha' ? 'Ravi' : 'Asha';
        else if (what < 0.9) {
          // A stored state replaces memory's copy: a new object for the same account.
          accounts.set(account.id, { ...account, equity: account.equity + 1 });
        }
      }
      if (second === 250) ranking = 'calmar';
      const expected = computeStandings(accounts.values(), ranking);
      table.update(accounts.values(), ranking);
      // The frame first (it builds only its rows), then the whole table.
      const listeners = new Set(all.filter(() => next() < 0.05).map((account) => account.userId));
      expect(table.frame(listeners)).toEqual(standingsFrame(expected, listeners));
      expect(table.rows()).toEqual(expected);
    }
    // The competition's end: every member ranked for good keeps that rank.
    const ranked = computeStandings(accounts.values(), ranking);
    const byUser = new Map([...accounts.values()].map((account) => [account.userId, account]));
    for (const row of ranked) byUser.get(row.userId)!.finalRank = row.rank;
    for (const account of accounts.values()) account.equity += 1; // close-out moved everyone
    table.update(accounts.values(), ranking);
    expect(table.rows()).toEqual(computeStandings(accounts.values(), ranking));
  });

  it('build again only the rows whose figures or rank changed', () => {
    const accounts = Array.from({ length: 5 }, (_, i) => accountOf(`m${i}`, { equity: 100_000 + i * 100 }));
    const table = new StandingsTable();
    const rowsNow = () => {
      table.update(accounts, 'return');
      return table.rows();
    };
    const first = rowsNow();
    expect(rowsNow()).toBe(first); // nothing moved: the same table
    accounts[0].equity = 100_450; // m0 climbs from 5th to 1st; m4, m3, m2, m1 each move down one
    const second = rowsNow();
    expect(second.map((row) => row.userId)).toEqual(['user-m0', 'user-m4', 'user-m3', 'user-m2', 'user-m1']);
    accounts[2].ledgerSeq = 9; // a figure only: its row alone is new
    const third = rowsNow();
    expect(third.filter((row, i) => row !== second[i]).map((row) => row.userId)).toEqual(['user-m2']);
    expect(third[3]).toMatchObject({ userId: 'user-m2', rank: 4, ledgerSeq: 9 });
  });
});
