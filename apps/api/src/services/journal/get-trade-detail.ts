import {
  candles,
  type DbExecutor,
  groups,
  type JournalTradeRow,
  journalExecutions,
  replayBars,
} from '@candlewise/db';
import {
  fillQuantitiesInTrade,
  MINUTE_MS,
  minuteStart,
  rebuildPositions,
  replayTime,
  TRADE_CHART_MAX_CANDLES,
  type TradeCandle,
  type TradeChart,
  type TradeDetail,
  type TradeExcursion,
  type TradeExecution,
  tradeChartWindow,
  tradeExcursion,
} from '@candlewise/shared';
import { and, asc, desc, eq, gte, inArray, lte, max, min } from 'drizzle-orm';
import { findOwnTrade } from './journal-trades.ts';
import { loadAccountExecutions, rebuildOptionsFor } from './rebuild-account-trades.ts';
import { toJournalTrade } from './to-journal-trade.ts';

/**
 * One of the learner's trades with the fills it was built from and, for a competition trade, the
 * session's candles with its entry, exit, MAE and MFE (issue #16). Another learner's trade is 404,
 * as everywhere in the journal.
 */
export async function getTradeDetail(
  db: DbExecutor,
  user: { id: string; timeZone: string },
  tradeId: string,
): Promise<TradeDetail> {
  const row = await findOwnTrade(db, user.id, tradeId);
  const session =
    row.source === 'paper'
      ? await sessionFrom(db, row, await candleSourceOf(db, row.origin))
      : await importedSession(db, row);
  return {
    trade: toJournalTrade(row),
    executions: row.account === null ? typedLegs(row) : await tradeFills(db, row, user.timeZone),
    chart: session?.chart ?? null,
    excursion: session?.excursion ?? null,
    excursionNote: session?.excursionNote ?? null,
  };
}

/** Sub-minute trades: the finest data kept is the 1-minute candle, whose range is not the trade's. */
export const TOO_SHORT_FOR_EXCURSION =
  'Not enough data: the trade lasted under a minute, shorter than the 1-minute candles kept, so its MAE and MFE are not shown.';

/**
 * An imported or typed trade: the app's market candles of its symbol (instruments competitions
 * trade), else an uploaded replay day of it, on the real clock. Null when neither covers it.
 */
async function importedSession(db: DbExecutor, row: JournalTradeRow): Promise<Session | null> {
  return (
    (await sessionFrom(db, row, marketCandles())) ??
    (await sessionFrom(db, row, {
      table: replayBars,
      symbol: replayBars.symbol,
      time: replayBars.time,
      open: replayBars.open,
      high: replayBars.high,
      low: replayBars.low,
      close: replayBars.close,
      clock: (time) => time,
      lastMinute: Number.POSITIVE_INFINITY,
    }))
  );
}

/** A trade typed in (by hand or as a template row) has no fills: its two legs as the learner typed them. */
function typedLegs(row: JournalTradeRow): TradeExecution[] {
  const leg = (part: 'entry' | 'exit', side: 'buy' | 'sell', price: number, time: Date): TradeExecution => ({
    id: `${row.id}:${part}`,
    side,
    quantity: row.quantity,
    tradeQuantity: row.quantity,
    price,
    fee: null,
    currency: row.currency,
    multiplier: row.multiplier,
    executedAt: time.toISOString(),
    brokerTradeId: null,
    orderId: null,
    kind: 'typed',
  });
  const opening = row.side === 'long' ? 'buy' : 'sell';
  const closing = row.side === 'long' ? 'sell' : 'buy';
  const legs = [leg('entry', opening, row.entryPrice, row.entryTime)];
  if (row.exitPrice !== null && row.exitTime !== null) {
    legs.push(leg('exit', closing, row.exitPrice, row.exitTime));
  }
  return legs;
}

/**
 * The fills of a trade rebuilt from its account's fills: the account is paired again exactly as the
 * rebuild pairs it (the same loader, options and rule), and the round trip keyed by this trade's
 * opening fill lists its fills in pairing order. Fills of other symbols are left out first: each
 * symbol is its own book, so they cannot change this trade.
 */
async function tradeFills(db: DbExecutor, row: JournalTradeRow, timeZone: string): Promise<TradeExecution[]> {
  if (row.source === 'manual' || row.account === null || row.externalId === null) return [];
  const account = { source: row.source, account: row.account };
  const book = (await loadAccountExecutions(db, row.userId, account)).filter(
    (execution) => execution.symbol === row.symbol,
  );
  const trip = rebuildPositions(book, rebuildOptionsFor(row.source, timeZone)).trips.find(
    (candidate) => candidate.externalId === row.externalId,
  );
  if (!trip) return [];
  const stored = await db
    .select()
    .from(journalExecutions)
    .where(
      and(
        eq(journalExecutions.userId, row.userId),
        eq(journalExecutions.source, row.source),
        eq(journalExecutions.account, row.account),
        inArray(journalExecutions.identity, trip.fillIds),
      ),
    );
  const byIdentity = new Map(stored.map((fill) => [fill.identity, fill]));
  const fills = trip.fillIds.flatMap((identity) => byIdentity.get(identity) ?? []);
  const parts = fillQuantitiesInTrade(
    // A reversal trade opens on the fill that closed the previous one: its key is not that fill's id.
    { side: trip.side, quantity: trip.quantity, reversal: trip.externalId !== trip.fillIds[0] },
    fills,
  );
  return fills.map((fill, index) => ({
    id: fill.id,
    side: fill.side,
    quantity: fill.quantity,
    tradeQuantity: parts[index],
    price: fill.price,
    fee: fill.fee,
    currency: fill.currency,
    multiplier: fill.multiplier,
    executedAt: fill.executedAt.toISOString(),
    brokerTradeId: fill.brokerTradeId,
    orderId: fill.orderId,
    kind: fill.kind,
  }));
}

/** Where a competition's minutes are read: the engine's market candles, or a replay's uploaded bars. */
type CandleSource = {
  table: typeof candles | typeof replayBars;
  symbol: typeof candles.symbol | typeof replayBars.symbol;
  time: typeof candles.startTime | typeof replayBars.time;
  open: typeof candles.open | typeof replayBars.open;
  high: typeof candles.high | typeof replayBars.high;
  low: typeof candles.low | typeof replayBars.low;
  close: typeof candles.close | typeof replayBars.close;
  /** The chart's instant for a real one (a replay shows the replayed day). */
  clock: (time: number) => number;
  /** The last minute that may be shown (a running replay must not show what is still to come). */
  lastMinute: number;
};

const marketCandles = (): CandleSource => ({
  table: candles,
  symbol: candles.symbol,
  time: candles.startTime,
  open: candles.open,
  high: candles.high,
  low: candles.low,
  close: candles.close,
  clock: (time) => time,
  lastMinute: Number.POSITIVE_INFINITY,
});

async function candleSourceOf(db: DbExecutor, groupId: string | null): Promise<CandleSource | null> {
  if (!groupId) return marketCandles();
  const [group] = await db
    .select({
      marketMode: groups.marketMode,
      replayFrom: groups.replayFrom,
      startDate: groups.startDate,
      replaySpeed: groups.replaySpeed,
    })
    .from(groups)
    .where(eq(groups.id, groupId));
  if (group?.marketMode !== 'replay') return marketCandles();
  if (!group.replayFrom || !group.startDate) return null;
  const from = group.replayFrom.getTime();
  const start = group.startDate.getTime();
  const clock = (time: number) => replayTime(from, start, group.replaySpeed, time);
  return {
    table: replayBars,
    symbol: replayBars.symbol,
    time: replayBars.time,
    open: replayBars.open,
    high: replayBars.high,
    low: replayBars.low,
    close: replayBars.close,
    clock,
    // Only minutes the replay has finished playing.
    lastMinute: minuteStart(clock(Date.now())) - MINUTE_MS,
  };
}

type Session = { chart: TradeChart; excursion: TradeExcursion | null; excursionNote: string | null };

/**
 * A trade's session from a source of candles: the 1-minute candles around it (at most
 * TRADE_CHART_MAX_CANDLES; a longer one keeps the first and last half) and its MAE and MFE over the
 * minutes it was open (none for a trade shorter than a minute: the candle's range is not the
 * trade's). Null when the source kept no candles for it.
 */
async function sessionFrom(
  db: DbExecutor,
  row: JournalTradeRow,
  source: CandleSource | null,
): Promise<Session | null> {
  if (!source) return null;
  const entryTime = source.clock(row.entryTime.getTime());
  const exitTime = row.exitTime ? source.clock(row.exitTime.getTime()) : null;
  const window = tradeChartWindow(entryTime, exitTime);
  const to = Math.min(window.to, source.lastMinute);
  const read = (from: number, until: number, order: 'asc' | 'desc', limit: number) =>
    db
      .select({
        time: source.time,
        open: source.open,
        high: source.high,
        low: source.low,
        close: source.close,
      })
      .from(source.table)
      .where(
        and(
          eq(source.symbol, row.symbol),
          gte(source.time, new Date(from)),
          lte(source.time, new Date(until)),
        ),
      )
      .orderBy(order === 'asc' ? asc(source.time) : desc(source.time))
      .limit(limit);

  let rows = await read(window.from, to, 'asc', TRADE_CHART_MAX_CANDLES + 1);
  const truncated = rows.length > TRADE_CHART_MAX_CANDLES;
  if (truncated) {
    const half = TRADE_CHART_MAX_CANDLES / 2;
    const last = await read(window.from, to, 'desc', half);
    rows = [...rows.slice(0, half), ...last.reverse()];
  }
  if (rows.length === 0) return null;
  const chartCandles: TradeCandle[] = rows.map((candle) => ({
    time: Math.floor(candle.time.getTime() / 1000),
    open: candle.open,
    high: candle.high,
    low: candle.low,
    close: candle.close,
  }));

  let excursion: TradeExcursion | null = null;
  const tooShort = exitTime !== null && exitTime - entryTime < MINUTE_MS;
  if (exitTime !== null && row.exitPrice !== null && !tooShort) {
    // Every minute the trade was open in, from the entry's to the exit's.
    const [range] = await db
      .select({ low: min(source.low), high: max(source.high) })
      .from(source.table)
      .where(
        and(
          eq(source.symbol, row.symbol),
          gte(source.time, new Date(minuteStart(entryTime))),
          lte(source.time, new Date(Math.min(exitTime, source.lastMinute))),
        ),
      );
    if (range && range.low !== null && range.high !== null) {
      excursion = tradeExcursion(row, { low: Number(range.low), high: Number(range.high) });
    }
  }
  const point = (time: number, price: number) => ({ time: Math.floor(time / 1000), price });
  return {
    chart: {
      symbol: row.symbol,
      interval: '1m',
      candles: chartCandles,
      entry: point(entryTime, row.entryPrice),
      exit: exitTime !== null && row.exitPrice !== null ? point(exitTime, row.exitPrice) : null,
      truncated,
    },
    excursion,
    excursionNote: tooShort ? TOO_SHORT_FOR_EXCURSION : null,
  };
}
