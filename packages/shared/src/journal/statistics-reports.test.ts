import { describe, expect, it } from 'vitest';
import { computeStatistics, type StatisticsTrade } from './statistics.ts';

const H = 3_600_000;
const t0 = Date.parse('2026-01-05T04:00:00Z'); // 09:30 in Kolkata
let id = 0;
const trade = (
  pnl: number,
  extra: Partial<StatisticsTrade> & { hours?: number; start?: number } = {},
): StatisticsTrade => {
  const start = extra.start ?? t0 + id * 24 * H;
  return {
    id: `t${String(++id).padStart(3, '0')}`,
    symbol: 'INFY',
    entryMs: start,
    exitMs: start + (extra.hours ?? 1) * H,
    pnl,
    risk: null,
    setupTags: [],
    mistakeTags: [],
    ...extra,
  };
};

describe('the reports traders use (figures worked by hand)', () => {
  it('splits long and short, holding time, price band, R and month, each with its sample size', () => {
    id = 0;
    const trades = [
      trade(100, { side: 'long', hours: 0.05, entryPrice: 8, risk: 50 }), // 3 min, 2R, under 10
      trade(-50, { side: 'short', hours: 0.25, entryPrice: 1_500, risk: 50 }), // 15 min, −1R exactly
      trade(300, { side: 'long', hours: 30, entryPrice: 1_500, risk: 100 }), // 30 h, 3R
      trade(-20, { side: 'short', hours: 200, entryPrice: 9_000 }), // 8+ days, no stop
      trade(40, { side: 'long', start: Date.parse('2026-02-02T04:00:00Z'), entryPrice: 120, risk: 80 }), // 0.5R, February
    ];
    const stats = computeStatistics(trades, { timeZone: 'Asia/Kolkata' });
    expect(stats.bySide).toEqual([
      { key: 'long', trades: 3, wins: 3, losses: 0, netPnl: 440, winRate: 1 },
      { key: 'short', trades: 2, wins: 0, losses: 2, netPnl: -70, winRate: 0 },
    ]);
    expect(stats.byHoldingTime.map((row) => [row.key, row.trades, row.netPnl])).toEqual([
      ['under 5 min', 1, 100],
      ['5–30 min', 1, -50],
      ['30 min–2 h', 1, 40],
      ['1–5 days', 1, 300],
      ['5 days or more', 1, -20],
    ]);
    expect(stats.byPriceBand.map((row) => [row.key, row.trades, row.netPnl])).toEqual([
      ['under 10', 1, 100],
      ['50–200', 1, 40],
      ['1,000–5,000', 2, 250],
      ['5,000 or more', 1, -20],
    ]);
    // −50 / 50 = −1R falls in "−1R to 0R" (bands include their lower bound).
    expect(stats.rDistribution.map((row) => [row.key, row.trades])).toEqual([
      ['−1R to 0R', 1],
      ['0R to 1R', 1],
      ['2R to 3R', 1],
      ['3R or more', 1],
    ]);
    expect(stats.byMonth.map((row) => [row.key, row.trades, row.netPnl])).toEqual([
      ['2026-01', 4, 330],
      ['2026-02', 1, 40],
    ]);
  });

  it('bands sizes by the learner’s own quartiles, smallest first', () => {
    id = 0;
    const notionals = [1_000, 2_000, 3_000, 4_000, 5_000, 6_000, 7_000, 8_000];
    const stats = computeStatistics(
      notionals.map((notional, k) => trade(k % 2 ? -10 : 10, { notional })),
      { timeZone: 'UTC' },
    );
    expect(stats.bySize.map((row) => [row.key, row.trades])).toEqual([
      ['1,000–3,000', 2],
      ['3,000–5,000', 2],
      ['5,000–7,000', 2],
      ['7,000–8,000', 2],
    ]);
  });

  it('finds drawdown periods from peak to recovery, the open one last recovered null', () => {
    id = 0;
    // Equity: 100, 40 (−60), 70, 120 (recovered), 90, 20 (−100, still open).
    const stats = computeStatistics(
      [100, -60, 30, 50, -30, -70].map((pnl) => trade(pnl)),
      { timeZone: 'UTC' },
    );
    expect(stats.drawdownPeriods).toEqual([
      { peak: '2026-01-08', trough: '2026-01-10', recovered: null, depth: 100, trades: 2 },
      { peak: '2026-01-05', trough: '2026-01-06', recovered: '2026-01-08', depth: 60, trades: 3 },
    ]);
  });

  it('with no trades: every report empty', () => {
    const stats = computeStatistics([], { timeZone: 'UTC' });
    expect([
      stats.bySide,
      stats.byHoldingTime,
      stats.bySize,
      stats.byPriceBand,
      stats.rDistribution,
      stats.byMonth,
      stats.drawdownPeriods,
    ]).toEqual([[], [], [], [], [], [], []]);
  });
});

describe('MAE/MFE and R by setup, hour and tag (figures worked by hand)', () => {
  it('averages each figure over its own sample and says the sample beside it', () => {
    id = 0;
    const at = (iso: string) => Date.parse(iso);
    const stats = computeStatistics(
      [
        // 09:30 Kolkata: MAE 30, MFE 120, risk 50 → +2R.
        trade(100, {
          start: at('2026-01-05T04:00:00Z'),
          setupTags: ['Breakout'],
          mae: 30,
          mfe: 120,
          risk: 50,
        }),
        // 09:45 Kolkata: MAE 90, MFE 10, risk 40 → −1.5R; a mistake tag.
        trade(-60, {
          start: at('2026-01-06T04:15:00Z'),
          setupTags: ['Breakout'],
          mistakeTags: ['Chased'],
          mae: 90,
          mfe: 10,
          risk: 40,
        }),
        // 14:00 Kolkata: no candles (MAE/MFE unknown), no stop (no R).
        trade(20, {
          start: at('2026-01-07T08:30:00Z'),
          setupTags: ['Breakout', 'Pullback'],
          mistakeTags: ['Chased'],
        }),
        // 14:10 Kolkata: MAE 10, MFE 50, no stop.
        trade(40, { start: at('2026-01-08T08:40:00Z'), setupTags: ['Pullback'], mae: 10, mfe: 50 }),
      ],
      { timeZone: 'Asia/Kolkata' },
    );
    // Breakout: 3 trades; MAE (30 + 90) / 2 = 60, MFE (120 + 10) / 2 = 65 over 2; R (2 − 1.5) / 2 = 0.25 over 2.
    // Pullback: 2 trades; MAE 10, MFE 50 over 1; no R.
    expect(stats.excursionsBySetupTag).toEqual([
      {
        key: 'Breakout',
        trades: 3,
        excursionTrades: 2,
        averageMae: 60,
        averageMfe: 65,
        rTrades: 2,
        averageR: 0.25,
      },
      {
        key: 'Pullback',
        trades: 2,
        excursionTrades: 1,
        averageMae: 10,
        averageMfe: 50,
        rTrades: 0,
        averageR: null,
      },
    ]);
    // 09: the first two; 14: the last two.
    expect(stats.excursionsByHour).toEqual([
      {
        key: '09',
        trades: 2,
        excursionTrades: 2,
        averageMae: 60,
        averageMfe: 65,
        rTrades: 2,
        averageR: 0.25,
      },
      {
        key: '14',
        trades: 2,
        excursionTrades: 1,
        averageMae: 10,
        averageMfe: 50,
        rTrades: 0,
        averageR: null,
      },
    ]);
    // Chased: −1.5R with MAE 90, MFE 10, and one trade with nothing known.
    expect(stats.excursionsByMistakeTag).toEqual([
      {
        key: 'Chased',
        trades: 2,
        excursionTrades: 1,
        averageMae: 90,
        averageMfe: 10,
        rTrades: 1,
        averageR: -1.5,
      },
    ]);
  });

  it('leaves open trades out and has no rows without trades', () => {
    id = 0;
    const open = { ...trade(0, { setupTags: ['Breakout'], mae: 5, mfe: 5 }), pnl: null, exitMs: null };
    const stats = computeStatistics([open], { timeZone: 'UTC' });
    expect([stats.excursionsBySetupTag, stats.excursionsByHour, stats.excursionsByMistakeTag]).toEqual([
      [],
      [],
      [],
    ]);
  });
});
