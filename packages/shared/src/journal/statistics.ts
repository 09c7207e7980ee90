/**
 * Journal statistics (docs/architecture.md §Journal), pure so the API computes them and the tests check them by hand.
 * Only closed trades (with a P&L) count; a trade's day, weekday and hour are read in the learner's
 * IANA time zone at the trade's own instant (daylight saving included). The caller passes the trades
 * of one currency: amounts of two currencies are never added.
 */
import { DEFAULT_TIME_ZONE, zoneClock } from './zone-time.ts';

/** The columns statistics need: the API selects exactly these. */
export interface StatisticsTrade {
  /** Breaks ties of the exit time, so streaks do not depend on the order trades are read in. */
  id?: string;
  symbol: string;
  /** Milliseconds since the epoch (numbers, not Dates: 100,000 trades are read at once). */
  entryMs: number;
  exitMs: number | null;
  /** Net of fees; null while the trade is open. */
  pnl: number | null;
  /** Money at risk to the stop, |entry − stop| × quantity × multiplier; null without a stop (left out of R). */
  risk: number | null;
  setupTags: readonly string[];
  mistakeTags: readonly string[];
  /** For the reports by side, size and price (left out of them when absent). */
  side?: 'long' | 'short';
  /** Entry price × quantity × multiplier, in the trade's currency. */
  notional?: number | null;
  entryPrice?: number | null;
  /**
   * Maximum adverse and favourable excursion in money (trade-detail.ts `tradeExcursion`), where the
   * market's candles cover the trade; null or absent where they are not known.
   */
  mae?: number | null;
  mfe?: number | null;
}

/** A fall of the closed-trade equity from a peak, to its trough, and when it was made up (null: not yet). */
export interface DrawdownPeriod {
  /** Local dates (YYYY-MM-DD) of the peak, the trough and the recovery. */
  peak: string;
  trough: string;
  recovered: string | null;
  depth: number;
  /** Trades closed from the peak to the recovery (or to now). */
  trades: number;
}

export interface BreakdownRow {
  key: string;
  trades: number;
  wins: number;
  losses: number;
  netPnl: number;
  /** Wins ÷ trades, 0–1. */
  winRate: number;
}

/**
 * MAE, MFE and R of one group of closed trades, each beside its sample size: the excursions are
 * averaged over the trades whose candles are known (`excursionTrades`), R over those with a stop
 * (`rTrades`); an average is null when its sample is empty.
 */
export interface ExcursionRow {
  key: string;
  /** Closed trades in the group. */
  trades: number;
  excursionTrades: number;
  averageMae: number | null;
  averageMfe: number | null;
  rTrades: number;
  averageR: number | null;
}

export interface JournalStatistics {
  /** Closed trades counted. */
  trades: number;
  openTrades: number;
  wins: number;
  losses: number;
  breakeven: number;
  netPnl: number;
  grossProfit: number;
  /** The sum of losing trades, as a positive amount. */
  grossLoss: number;
  /** Wins ÷ closed trades (0–1); null with no closed trades. */
  winRate: number | null;
  /**
   * Gross profit ÷ gross loss; null when there is no loss to divide by — with profits that is
   * "infinite" (`profitFactorInfinite`), without any it is undefined.
   */
  profitFactor: number | null;
  profitFactorInfinite: boolean;
  /** Net P&L per closed trade; null with none. */
  expectancy: number | null;
  /** Mean R multiple (P&L ÷ risk, risk = |entry − stop| × quantity) over trades with a stop. */
  expectancyR: number | null;
  /** How many trades had a stop and so count in the R statistics. */
  tradesWithRisk: number;
  averageWin: number | null;
  /** The mean losing trade, negative. */
  averageLoss: number | null;
  largestWin: number | null;
  largestLoss: number | null;
  /** The largest fall from a peak of cumulative P&L (starting at 0), as a positive amount. */
  maxDrawdown: number;
  longestWinStreak: number;
  longestLossStreak: number;
  /** Cumulative P&L at the end of each day with a closed trade. */
  equityCurve: Array<{ date: string; equity: number }>;
  /** P&L per day (the day each trade closed), for the calendar. */
  daily: Array<{ date: string; netPnl: number; trades: number }>;
  bySymbol: BreakdownRow[];
  bySetupTag: BreakdownRow[];
  byMistakeTag: BreakdownRow[];
  /** Monday to Sunday, by the day the trade opened. */
  byWeekday: BreakdownRow[];
  /** 0–23, by the hour the trade opened. */
  byHour: BreakdownRow[];
  /** How many trades fell in each P&L bucket (equal widths from the worst to the best trade). */
  pnlDistribution: Array<{ from: number; to: number; trades: number }>;
  /** Long against short. */
  bySide: BreakdownRow[];
  /** By how long the trade was held (fixed bands, shortest first). */
  byHoldingTime: BreakdownRow[];
  /** By position size: the learner's notionals in quartile bands, smallest first. */
  bySize: BreakdownRow[];
  /** By entry price band (fixed bands, cheapest first). */
  byPriceBand: BreakdownRow[];
  /** Closed trades with a stop by R multiple (fixed bands). */
  rDistribution: BreakdownRow[];
  /** By the month the trade closed, oldest first. */
  byMonth: BreakdownRow[];
  /** The five deepest drawdowns of the closed-trade equity, deepest first. */
  drawdownPeriods: DrawdownPeriod[];
  /** MAE/MFE and R by setup tag, largest sample first. */
  excursionsBySetupTag: ExcursionRow[];
  /** MAE/MFE and R by the hour the trade opened (learner's zone), hours with trades only, 00 first. */
  excursionsByHour: ExcursionRow[];
  /** MAE/MFE and R by mistake tag, largest sample first. */
  excursionsByMistakeTag: ExcursionRow[];
}

/** The parts of the statistics sold as Pro: the breakdowns and the equity curve. */
export const PRO_STATISTICS_SECTIONS = [
  'equityCurve',
  'pnlDistribution',
  'bySymbol',
  'bySetupTag',
  'byMistakeTag',
  'byWeekday',
  'byHour',
  'bySide',
  'byHoldingTime',
  'bySize',
  'byPriceBand',
  'rDistribution',
  'byMonth',
  'drawdownPeriods',
  'excursionsBySetupTag',
  'excursionsByHour',
  'excursionsByMistakeTag',
] as const;
export type ProStatisticsSection = (typeof PRO_STATISTICS_SECTIONS)[number];

/** A Pro section as a free learner receives it: the page shows it locked with the upgrade link. */
export type LockedSection = { locked: true };

export type GatedJournalStatistics = Omit<JournalStatistics, ProStatisticsSection> & {
  [Section in ProStatisticsSection]: JournalStatistics[Section] | LockedSection;
};

export function isLockedSection(section: unknown): section is LockedSection {
  return typeof section === 'object' && section !== null && (section as LockedSection).locked === true;
}

/** The statistics as the learner may see them: headline figures always, Pro sections when unlocked. */
export function gateStatistics(stats: JournalStatistics, unlocked: boolean): GatedJournalStatistics {
  if (unlocked) return stats;
  const gated: GatedJournalStatistics = { ...stats };
  for (const section of PRO_STATISTICS_SECTIONS) gated[section] = { locked: true };
  return gated;
}

/** Money at risk of a trade to its stop; null without a stop. */
export function tradeRisk(trade: {
  entryPrice: number;
  stopPrice: number | null;
  quantity: number;
  multiplier?: number;
}) {
  return trade.stopPrice === null
    ? null
    : Math.abs(trade.entryPrice - trade.stopPrice) * trade.quantity * (trade.multiplier ?? 1);
}

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

const DAY = 86_400_000;

/** YYYY-MM-DD of a moment in an IANA zone. */
export function localDate(time: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  return zoneClock(timeZone).localDate(time.getTime());
}

function round(value: number): number {
  return Math.round(value * 1e6) / 1e6 + 0;
}

class Bucket {
  trades = 0;
  wins = 0;
  losses = 0;
  netPnl = 0;
  add(pnl: number) {
    this.trades += 1;
    if (pnl > 0) this.wins += 1;
    else if (pnl < 0) this.losses += 1;
    this.netPnl += pnl;
  }
  row(key: string): BreakdownRow {
    return {
      key,
      trades: this.trades,
      wins: this.wins,
      losses: this.losses,
      netPnl: round(this.netPnl),
      winRate: this.trades ? this.wins / this.trades : 0,
    };
  }
}

class ExcursionBucket {
  trades = 0;
  excursionTrades = 0;
  mae = 0;
  mfe = 0;
  rTrades = 0;
  r = 0;
  add(trade: StatisticsTrade) {
    this.trades += 1;
    if (trade.mae !== undefined && trade.mae !== null && trade.mfe !== undefined && trade.mfe !== null) {
      this.excursionTrades += 1;
      this.mae += trade.mae;
      this.mfe += trade.mfe;
    }
    if (trade.risk !== null && trade.risk > 0) {
      this.rTrades += 1;
      this.r += trade.pnl! / trade.risk;
    }
  }
  row(key: string): ExcursionRow {
    const mean = (sum: number, n: number) => (n ? round(sum / n) : null);
    return {
      key,
      trades: this.trades,
      excursionTrades: this.excursionTrades,
      averageMae: mean(this.mae, this.excursionTrades),
      averageMfe: mean(this.mfe, this.excursionTrades),
      rTrades: this.rTrades,
      averageR: mean(this.r, this.rTrades),
    };
  }
}

function addExcursion(map: Map<string, ExcursionBucket>, key: string, trade: StatisticsTrade) {
  let bucket = map.get(key);
  if (!bucket) {
    bucket = new ExcursionBucket();
    map.set(key, bucket);
  }
  bucket.add(trade);
}

/** Largest sample first, then by name. */
function excursionRows(map: Map<string, ExcursionBucket>): ExcursionRow[] {
  return [...map.entries()]
    .map(([key, bucket]) => bucket.row(key))
    .sort((a, b) => b.trades - a.trades || a.key.localeCompare(b.key));
}

function addTo(map: Map<string, Bucket>, key: string, pnl: number) {
  let bucket = map.get(key);
  if (!bucket) {
    bucket = new Bucket();
    map.set(key, bucket);
  }
  bucket.add(pnl);
}

function rows(map: Map<string, Bucket>): BreakdownRow[] {
  return [...map.entries()]
    .map(([key, bucket]) => bucket.row(key))
    .sort((a, b) => b.netPnl - a.netPnl || a.key.localeCompare(b.key));
}

const DISTRIBUTION_BUCKETS = 12;

const MINUTE = 60_000;
/** Holding-time bands: [upper bound in ms (exclusive), label]. */
const HOLDING_BANDS: Array<[number, string]> = [
  [5 * MINUTE, 'under 5 min'],
  [30 * MINUTE, '5–30 min'],
  [120 * MINUTE, '30 min–2 h'],
  [DAY, '2 h–1 day'],
  [5 * DAY, '1–5 days'],
  [Number.POSITIVE_INFINITY, '5 days or more'],
];
const PRICE_BANDS: Array<[number, string]> = [
  [10, 'under 10'],
  [50, '10–50'],
  [200, '50–200'],
  [1_000, '200–1,000'],
  [5_000, '1,000–5,000'],
  [Number.POSITIVE_INFINITY, '5,000 or more'],
];
const R_BANDS: Array<[number, string]> = [
  [-2, 'below −2R'],
  [-1, '−2R to −1R'],
  [0, '−1R to 0R'],
  [1, '0R to 1R'],
  [2, '1R to 2R'],
  [3, '2R to 3R'],
  [Number.POSITIVE_INFINITY, '3R or more'],
];

/** The band a value falls in: the first whose upper bound is above it. */
function bandOf(bands: Array<[number, string]>, value: number): number {
  return bands.findIndex(([upper]) => value < upper);
}

const amountLabel = (value: number) => Math.round(value).toLocaleString('en-US');

/** Rows over fixed bands, in band order, empty bands left out. */
function bandRows(bands: Array<[number, string]>, buckets: Bucket[]): BreakdownRow[] {
  return buckets.flatMap((bucket, index) => (bucket.trades ? [bucket.row(bands[index][1])] : []));
}

/** Notional quartiles: four bands named by their bounds (fewer when sizes repeat). */
function sizeRows(closed: readonly StatisticsTrade[]): BreakdownRow[] {
  const sized = closed.filter(
    (trade) => trade.notional !== undefined && trade.notional !== null && trade.notional > 0,
  );
  if (!sized.length) return [];
  const sorted = sized.map((trade) => trade.notional!).sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  const cuts = [...new Set([at(0.25), at(0.5), at(0.75)])].filter((cut) => cut > sorted[0]);
  const bands: Array<[number, string]> = [];
  let low = sorted[0];
  for (const cut of cuts) {
    bands.push([cut, `${amountLabel(low)}–${amountLabel(cut)}`]);
    low = cut;
  }
  bands.push([Number.POSITIVE_INFINITY, `${amountLabel(low)}–${amountLabel(sorted[sorted.length - 1])}`]);
  const buckets = bands.map(() => new Bucket());
  for (const trade of sized) buckets[bandOf(bands, trade.notional!)].add(trade.pnl!);
  return bandRows(bands, buckets);
}

/** Peak-to-recovery falls of the running closed-trade equity, the deepest five. */
function drawdownPeriods(
  closed: readonly StatisticsTrade[],
  localDate: (ms: number) => string,
): DrawdownPeriod[] {
  const periods: DrawdownPeriod[] = [];
  let equity = 0;
  let peak = 0;
  let peakAt: number | null = null;
  let current: { trough: number; troughAt: number; trades: number; depth: number } | null = null;
  for (const trade of closed) {
    equity += trade.pnl!;
    if (equity < peak) {
      current ??= { trough: equity, troughAt: trade.exitMs!, trades: 0, depth: 0 };
      current.trades += 1;
      if (equity < current.trough) {
        current.trough = equity;
        current.troughAt = trade.exitMs!;
      }
      current.depth = peak - current.trough;
    } else {
      if (current) {
        periods.push({
          peak: peakAt === null ? localDate(closed[0].entryMs) : localDate(peakAt),
          trough: localDate(current.troughAt),
          recovered: localDate(trade.exitMs!),
          depth: round(current.depth),
          trades: current.trades + 1,
        });
        current = null;
      }
      peak = equity;
      peakAt = trade.exitMs!;
    }
  }
  if (current)
    periods.push({
      peak: peakAt === null ? localDate(closed[0].entryMs) : localDate(peakAt),
      trough: localDate(current.troughAt),
      recovered: null,
      depth: round(current.depth),
      trades: current.trades,
    });
  return periods.sort((a, b) => b.depth - a.depth).slice(0, 5);
}

export function computeStatistics(
  trades: readonly StatisticsTrade[],
  options: { timeZone?: string } = {},
): JournalStatistics {
  const clock = zoneClock(options.timeZone ?? DEFAULT_TIME_ZONE);
  const closed: StatisticsTrade[] = [];
  let openTrades = 0;
  for (const trade of trades) {
    if (trade.pnl === null || trade.exitMs === null) openTrades += 1;
    else closed.push(trade);
  }
  // Exit time, then id: a stable sort keeps the reader's order for ties without ids.
  closed.sort(
    (a, b) => a.exitMs! - b.exitMs! || (a.id && b.id ? (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) : 0),
  );

  let wins = 0;
  let losses = 0;
  let grossProfit = 0;
  let grossLoss = 0;
  let largestWin: number | null = null;
  let largestLoss: number | null = null;
  let sumR = 0;
  let tradesWithRisk = 0;
  let equity = 0;
  let peak = 0;
  let maxDrawdown = 0;
  let winStreak = 0;
  let lossStreak = 0;
  let longestWinStreak = 0;
  let longestLossStreak = 0;
  const daily = new Map<number, { netPnl: number; trades: number }>();
  const bySymbol = new Map<string, Bucket>();
  const bySetupTag = new Map<string, Bucket>();
  const byMistakeTag = new Map<string, Bucket>();
  const weekdays = Array.from({ length: 7 }, () => new Bucket());
  const hours = Array.from({ length: 24 }, () => new Bucket());
  const sides = new Map<string, Bucket>();
  const holding = HOLDING_BANDS.map(() => new Bucket());
  const prices = PRICE_BANDS.map(() => new Bucket());
  const multiples = R_BANDS.map(() => new Bucket());
  const months = new Map<string, Bucket>();
  const excursionsBySetupTag = new Map<string, ExcursionBucket>();
  const excursionsByMistakeTag = new Map<string, ExcursionBucket>();
  const excursionsByHour = Array.from({ length: 24 }, () => new ExcursionBucket());

  for (const trade of closed) {
    const pnl = trade.pnl!;
    if (pnl > 0) {
      wins += 1;
      grossProfit += pnl;
      largestWin = largestWin === null ? pnl : Math.max(largestWin, pnl);
      winStreak += 1;
      lossStreak = 0;
    } else if (pnl < 0) {
      losses += 1;
      grossLoss -= pnl;
      largestLoss = largestLoss === null ? pnl : Math.min(largestLoss, pnl);
      lossStreak += 1;
      winStreak = 0;
    } else {
      // A break-even trade ends both streaks.
      winStreak = 0;
      lossStreak = 0;
    }
    longestWinStreak = Math.max(longestWinStreak, winStreak);
    longestLossStreak = Math.max(longestLossStreak, lossStreak);

    if (trade.risk !== null && trade.risk > 0) {
      sumR += pnl / trade.risk;
      tradesWithRisk += 1;
      multiples[bandOf(R_BANDS, pnl / trade.risk)].add(pnl);
    }
    if (trade.side) addTo(sides, trade.side, pnl);
    holding[bandOf(HOLDING_BANDS, Math.max(0, trade.exitMs! - trade.entryMs))].add(pnl);
    if (trade.entryPrice !== undefined && trade.entryPrice !== null)
      prices[bandOf(PRICE_BANDS, trade.entryPrice)].add(pnl);
    addTo(months, clock.localDate(trade.exitMs!).slice(0, 7), pnl);

    equity += pnl;
    if (equity > peak) peak = equity;
    if (peak - equity > maxDrawdown) maxDrawdown = peak - equity;

    const exitDay = clock.dayIndex(trade.exitMs!);
    const day = daily.get(exitDay);
    if (day) {
      day.netPnl += pnl;
      day.trades += 1;
    } else daily.set(exitDay, { netPnl: pnl, trades: 1 });

    addTo(bySymbol, trade.symbol, pnl);
    for (const tag of trade.setupTags) addTo(bySetupTag, tag, pnl);
    for (const tag of trade.mistakeTags) addTo(byMistakeTag, tag, pnl);
    weekdays[clock.weekday(trade.entryMs)].add(pnl);
    hours[clock.hour(trade.entryMs)].add(pnl);
    for (const tag of trade.setupTags) addExcursion(excursionsBySetupTag, tag, trade);
    for (const tag of trade.mistakeTags) addExcursion(excursionsByMistakeTag, tag, trade);
    excursionsByHour[clock.hour(trade.entryMs)].add(trade);
  }

  const count = closed.length;
  const netPnl = grossProfit - grossLoss;
  let running = 0;
  const dailyRows = [...daily.entries()].map(([dayIndex, day]) => ({
    date: new Date(dayIndex * DAY).toISOString().slice(0, 10),
    netPnl: round(day.netPnl),
    trades: day.trades,
  }));
  const equityCurve = dailyRows.map((day) => {
    running += day.netPnl;
    return { date: day.date, equity: round(running) };
  });

  return {
    trades: count,
    openTrades,
    wins,
    losses,
    breakeven: count - wins - losses,
    netPnl: round(netPnl),
    grossProfit: round(grossProfit),
    grossLoss: round(grossLoss),
    winRate: count ? wins / count : null,
    profitFactor: grossLoss > 0 ? grossProfit / grossLoss : null,
    profitFactorInfinite: grossLoss === 0 && grossProfit > 0,
    expectancy: count ? round(netPnl / count) : null,
    expectancyR: tradesWithRisk ? sumR / tradesWithRisk : null,
    tradesWithRisk,
    averageWin: wins ? round(grossProfit / wins) : null,
    averageLoss: losses ? round(-grossLoss / losses) : null,
    largestWin,
    largestLoss,
    maxDrawdown: round(maxDrawdown),
    longestWinStreak,
    longestLossStreak,
    equityCurve,
    daily: dailyRows,
    bySymbol: rows(bySymbol),
    bySetupTag: rows(bySetupTag),
    byMistakeTag: rows(byMistakeTag),
    byWeekday: weekdays.map((bucket, index) => bucket.row(WEEKDAYS[index])),
    byHour: hours.map((bucket, hour) => bucket.row(String(hour).padStart(2, '0'))),
    pnlDistribution: distribution(closed),
    bySide: rows(sides).sort((a, b) => a.key.localeCompare(b.key)),
    byHoldingTime: bandRows(HOLDING_BANDS, holding),
    bySize: sizeRows(closed),
    byPriceBand: bandRows(PRICE_BANDS, prices),
    rDistribution: bandRows(R_BANDS, multiples),
    byMonth: rows(months).sort((a, b) => a.key.localeCompare(b.key)),
    drawdownPeriods: drawdownPeriods(closed, clock.localDate),
    excursionsBySetupTag: excursionRows(excursionsBySetupTag),
    excursionsByHour: excursionsByHour.flatMap((bucket, hour) =>
      bucket.trades ? [bucket.row(String(hour).padStart(2, '0'))] : [],
    ),
    excursionsByMistakeTag: excursionRows(excursionsByMistakeTag),
  };
}

function distribution(closed: readonly StatisticsTrade[]) {
  if (closed.length === 0) return [];
  let low = Number.POSITIVE_INFINITY;
  let high = Number.NEGATIVE_INFINITY;
  for (const trade of closed) {
    low = Math.min(low, trade.pnl!);
    high = Math.max(high, trade.pnl!);
  }
  if (low === high) return [{ from: round(low), to: round(high), trades: closed.length }];
  const width = (high - low) / DISTRIBUTION_BUCKETS;
  const counts = new Array<number>(DISTRIBUTION_BUCKETS).fill(0);
  for (const trade of closed) {
    counts[Math.min(DISTRIBUTION_BUCKETS - 1, Math.floor((trade.pnl! - low) / width))] += 1;
  }
  return counts.map((trades, index) => ({
    from: round(low + index * width),
    to: round(low + (index + 1) * width),
    trades,
  }));
}
