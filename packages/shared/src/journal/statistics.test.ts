import { describe, expect, it } from 'vitest';
import {
  computeStatistics,
  gateStatistics,
  PRO_STATISTICS_SECTIONS,
  type StatisticsTrade,
  tradeRisk,
} from './statistics.ts';

const utc = (iso: string) => Date.parse(`${iso}Z`);

type FixtureExtra = Partial<Omit<StatisticsTrade, 'risk'>> & {
  quantity?: number;
  entryPrice?: number;
  stopPrice?: number | null;
};

function trade(
  pnl: number | null,
  entryTime: string,
  exitTime: string | null,
  extra: FixtureExtra = {},
): StatisticsTrade {
  const { quantity = 1, entryPrice = 10, stopPrice = null, ...rest } = extra;
  return {
    symbol: 'AAPL',
    entryMs: utc(entryTime),
    exitMs: exitTime ? utc(exitTime) : null,
    pnl,
    risk: tradeRisk({ quantity, entryPrice, stopPrice }),
    setupTags: [],
    mistakeTags: [],
    ...rest,
  };
}

/**
 * Six closed trades and one open one, over three days (Mon 2 – Wed 4 November 2026), given out of
 * order. Hand computation:
 *   P&L in exit order: +40, −30, −10, +25, +5, 0 → 3 wins, 2 losses, 1 break-even; net 30
 *   gross profit 70, gross loss 40 → profit factor 1.75; expectancy 30 / 6 = 5
 *   R (risk = |entry − stop| × qty): #1 40/20 = 2, #3 −10/20 = −0.5, #4 25/10 = 2.5, #6 0/1 = 0;
 *     #2 and #5 have no stop and are left out → mean (2 − 0.5 + 2.5 + 0) / 4 = 1
 *   equity 40, 10, 0, 25, 30, 30 → peak 40, lowest after it 0 → max drawdown 40
 */
const fixture: StatisticsTrade[] = [
  trade(25, '2026-11-03T14:00:00', '2026-11-03T15:00:00', {
    symbol: 'MSFT',
    entryPrice: 300,
    stopPrice: 310,
  }),
  trade(40, '2026-11-02T09:00:00', '2026-11-02T10:00:00', {
    quantity: 10,
    entryPrice: 100,
    stopPrice: 98,
    setupTags: ['breakout'],
  }),
  trade(-30, '2026-11-02T11:00:00', '2026-11-02T12:00:00', {
    quantity: 5,
    entryPrice: 50,
    mistakeTags: ['fomo'],
  }),
  trade(-10, '2026-11-03T09:30:00', '2026-11-03T10:00:00', {
    symbol: 'MSFT',
    quantity: 2,
    entryPrice: 200,
    stopPrice: 190,
    setupTags: ['breakout'],
    mistakeTags: ['fomo'],
  }),
  trade(5, '2026-11-04T09:00:00', '2026-11-04T09:30:00'),
  trade(0, '2026-11-04T10:00:00', '2026-11-04T10:30:00', { stopPrice: 9 }),
  trade(null, '2026-11-04T11:00:00', null, { stopPrice: 1 }),
];

describe('computeStatistics', () => {
  const stats = computeStatistics(fixture, { timeZone: 'UTC' });

  it('counts wins, losses, break-evens and the open trade, and the win rate over closed trades', () => {
    expect(stats).toMatchObject({ trades: 6, openTrades: 1, wins: 3, losses: 2, breakeven: 1 });
    expect(stats.winRate).toBe(0.5);
  });

  it('computes net P&L, profit factor, expectancy and the average win and loss', () => {
    expect(stats).toMatchObject({
      netPnl: 30,
      grossProfit: 70,
      grossLoss: 40,
      profitFactor: 1.75,
      profitFactorInfinite: false,
      expectancy: 5,
      averageLoss: -20,
      largestWin: 40,
      largestLoss: -30,
    });
    expect(stats.averageWin).toBeCloseTo(70 / 3, 6);
  });

  it('computes expectancy in R only over trades with a stop', () => {
    expect(stats.tradesWithRisk).toBe(4);
    expect(stats.expectancyR).toBeCloseTo(1, 9);
  });

  it('measures max drawdown on the equity curve ordered by exit time', () => {
    expect(stats.maxDrawdown).toBe(40);
    expect(stats.equityCurve).toEqual([
      { date: '2026-11-02', equity: 10 },
      { date: '2026-11-03', equity: 25 },
      { date: '2026-11-04', equity: 30 },
    ]);
    expect(stats.daily).toEqual([
      { date: '2026-11-02', netPnl: 10, trades: 2 },
      { date: '2026-11-03', netPnl: 15, trades: 2 },
      { date: '2026-11-04', netPnl: 5, trades: 2 },
    ]);
  });

  it('breaks down by symbol, tag, weekday and hour', () => {
    expect(stats.bySymbol).toEqual([
      // equal P&L: alphabetical
      { key: 'AAPL', trades: 4, wins: 2, losses: 1, netPnl: 15, winRate: 0.5 },
      { key: 'MSFT', trades: 2, wins: 1, losses: 1, netPnl: 15, winRate: 0.5 },
    ]);
    expect(stats.bySetupTag).toEqual([
      { key: 'breakout', trades: 2, wins: 1, losses: 1, netPnl: 30, winRate: 0.5 },
    ]);
    expect(stats.byMistakeTag).toEqual([
      { key: 'fomo', trades: 2, wins: 0, losses: 2, netPnl: -40, winRate: 0 },
    ]);
    expect(stats.byWeekday.slice(0, 4).map((row) => [row.key, row.trades, row.netPnl])).toEqual([
      ['Monday', 2, 10],
      ['Tuesday', 2, 15],
      ['Wednesday', 2, 5],
      ['Thursday', 0, 0],
    ]);
    expect(stats.byHour[9]).toMatchObject({ key: '09', trades: 3, netPnl: 35 });
    expect(stats.pnlDistribution.reduce((sum, bucket) => sum + bucket.trades, 0)).toBe(6);
    expect(stats.pnlDistribution[0]).toMatchObject({ from: -30, trades: 1 });
    expect(stats.pnlDistribution.at(-1)).toMatchObject({ to: 40, trades: 1 });
  });

  it('reports profit factor as infinite (null) when there are no losses, and undefined with no trades', () => {
    const noLosses = computeStatistics([
      trade(10, '2026-11-02T09:00:00', '2026-11-02T10:00:00'),
      trade(5, '2026-11-02T11:00:00', '2026-11-02T12:00:00'),
    ]);
    expect(noLosses).toMatchObject({ profitFactor: null, profitFactorInfinite: true, winRate: 1 });
    expect(noLosses.averageLoss).toBeNull();
    const empty = computeStatistics([]);
    expect(empty).toMatchObject({
      trades: 0,
      winRate: null,
      profitFactor: null,
      profitFactorInfinite: false,
      expectancy: null,
      expectancyR: null,
      maxDrawdown: 0,
    });
  });

  it('counts the longest streaks, a break-even trade ending them', () => {
    const pnls = [5, 5, 5, -1, 0, 5, -1, -1, 0, -1, 5, 5];
    const stats = computeStatistics(
      pnls.map((pnl, index) =>
        trade(
          pnl,
          `2026-11-02T${String(index).padStart(2, '0')}:00:00`,
          `2026-11-02T${String(index).padStart(2, '0')}:30:00`,
        ),
      ),
    );
    expect(stats.longestWinStreak).toBe(3);
    expect(stats.longestLossStreak).toBe(2);
  });

  it('counts a drawdown from the starting zero when the first trades lose', () => {
    const pnls = [-10, -5, 20, -30];
    const stats = computeStatistics(
      pnls.map((pnl, index) =>
        trade(pnl, `2026-11-0${index + 2}T09:00:00`, `2026-11-0${index + 2}T10:00:00`),
      ),
    );
    // equity −10, −15, 5, −25; peaks 0, 0, 5, 5 → deepest fall 30
    expect(stats.maxDrawdown).toBe(30);
  });

  it('reads days, weekdays and hours in the learner’s time zone', () => {
    const stats = computeStatistics([trade(7, '2026-11-02T19:00:00', '2026-11-02T20:00:00')], {
      timeZone: 'Asia/Kolkata',
    });
    expect(stats.daily).toEqual([{ date: '2026-11-03', netPnl: 7, trades: 1 }]);
    expect(stats.byWeekday[1]).toMatchObject({ key: 'Tuesday', trades: 1 });
    expect(stats.byHour[0]).toMatchObject({ key: '00', trades: 1 });
  });

  it('puts a New York trade at 09:30 in the 09 hour in March and in November (daylight saving)', () => {
    // 09:30 New York is 13:30 UTC in summer time (after 8 March 2026) and 14:30 UTC after 1 November.
    const stats = computeStatistics(
      [
        trade(5, '2026-03-10T13:30:00', '2026-03-10T14:00:00'),
        trade(-2, '2026-11-10T14:30:00', '2026-11-10T15:00:00'),
      ],
      { timeZone: 'America/New_York' },
    );
    expect(stats.byHour[9]).toMatchObject({ key: '09', trades: 2, netPnl: 3 });
    expect(stats.byHour.filter((hour) => hour.trades > 0)).toHaveLength(1);
    expect(stats.byWeekday[1]).toMatchObject({ key: 'Tuesday', trades: 2 });
  });

  it('orders trades closed at the same moment by id, whatever order they come in', () => {
    const tie = (id: string, pnl: number) =>
      trade(pnl, '2026-11-02T09:00:00', '2026-11-02T10:00:00', { id, symbol: id });
    const forward = computeStatistics([tie('a', 5), tie('b', -1), tie('c', 5), tie('d', 5)]);
    const backward = computeStatistics([tie('d', 5), tie('c', 5), tie('b', -1), tie('a', 5)]);
    // a, b, c, d: win, loss, win, win → longest win streak 2 either way.
    expect(forward.longestWinStreak).toBe(2);
    expect(backward.longestWinStreak).toBe(2);
    expect(backward.maxDrawdown).toBe(forward.maxDrawdown);
  });
});

describe('gateStatistics', () => {
  it('keeps the headline figures and locks the breakdowns and the equity curve', () => {
    const stats = computeStatistics(fixture, { timeZone: 'UTC' });
    const gated = gateStatistics(stats, false);
    expect(gated).toMatchObject({ trades: 6, netPnl: 30, daily: stats.daily });
    for (const section of PRO_STATISTICS_SECTIONS) expect(gated[section]).toEqual({ locked: true });
    expect(gateStatistics(stats, true)).toEqual(stats);
  });
});
