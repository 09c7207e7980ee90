import { describe, expect, it } from 'vitest';
import { makeStanding } from '@/testing/trading-data';
import { applyStandingsFrame, type Standings } from './get-leaderboard';

const row = (rank: number, userId: string, equity = 100_000) => makeStanding({ rank, userId, equity });

describe('a live standings frame on a page of the table', () => {
  const frame = { total: 3, top: [row(1, 'c'), row(2, 'a'), row(3, 'b')], me: row(2, 'a', 101_000) };

  it('takes the top and the total on the whole table’s first page', () => {
    const page: Standings = { rows: [row(1, 'a'), row(2, 'b'), row(3, 'c')], currency: 'INR', total: 3 };
    const next = applyStandingsFrame(page, frame, 0);
    expect(next.rows.map((r) => r.userId)).toEqual(['c', 'a', 'b']);
    expect(next.rows[1].equity).toBe(101_000);
  });

  it('takes only the viewer’s own row on a filtered page: the top and the total are the whole table’s', () => {
    const page: Standings = { rows: [row(1, 'a')], currency: 'INR', total: 1 };
    const next = applyStandingsFrame(page, frame, 0, 'my-phase');
    expect(next.rows.map((r) => [r.userId, r.equity])).toEqual([['a', 101_000]]);
    expect(next.total).toBe(1);
  });
});
