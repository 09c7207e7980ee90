import type { DbExecutor, groups } from '@candlewise/db';
import { MINUTE_MS } from '@candlewise/shared';
import {
  aggregateCandles,
  bucketStart,
  CANDLE_INTERVAL_TERMS,
  type CandleInterval,
  extendCandle,
  type OhlcCandle,
} from '@candlewise/shared/trading/candle-intervals';
import { sql } from 'drizzle-orm';
import type { TradingEngine } from '../../engine/trading-engine.ts';
import { replayCandles } from './replay-candles.ts';

type GroupRow = typeof groups.$inferSelect;

/** A replayed day has at most this many minutes read for one chart (a day is 1,440). */
const MAX_REPLAY_MINUTES = 5000;

function rowsOf(result: unknown): Array<Record<string, unknown>> {
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<
    Record<string, unknown>
  >;
}

/**
 * The chart's candles of one symbol at one interval, oldest first, `time` in Unix milliseconds.
 * Every interval is built from the engine's 1-minute candles: the minutes in memory for 1m; for the
 * longer ones the saved minutes, aggregated in the database over a window bounded by
 * `limit × interval`, with the minutes still in memory merged over the last ones (the minute in
 * progress is saved every second, so memory is never behind). A replay competition's chart is its
 * replayed minutes, aggregated the same way.
 */
export async function getCandles(
  db: DbExecutor,
  engine: TradingEngine,
  {
    symbol,
    interval,
    limit,
    replayGroup,
    now = Date.now(),
  }: {
    symbol: string;
    interval: CandleInterval;
    limit: number;
    /** A replay competition: its replayed day instead of the live market. */
    replayGroup?: GroupRow | null;
    now?: number;
  },
): Promise<OhlcCandle[]> {
  const size = CANDLE_INTERVAL_TERMS[interval].seconds * 1000;
  const factor = size / MINUTE_MS;
  if (replayGroup) {
    const minutes = await replayCandles(
      db,
      replayGroup,
      symbol,
      now,
      Math.min(MAX_REPLAY_MINUTES, limit * factor),
    );
    return aggregateCandles(minutes, size, limit);
  }
  const memory = engine.candles.get(symbol, limit * factor);
  if (interval === '1m') return memory.map((candle) => ({ ...candle }));

  const from = bucketStart(now, size) - (limit - 1) * size;
  const saved = rowsOf(
    await db.execute(sql`select (floor(extract(epoch from start_time) * 1000 / ${size}) * ${size})::bigint as bucket,
        (array_agg(open order by start_time))[1]::text as open, max(high)::text as high,
        min(low)::text as low, (array_agg(close order by start_time desc))[1]::text as close
      from candles
      where symbol = ${symbol} and start_time >= ${new Date(from).toISOString()}::timestamptz
      group by bucket order by bucket`),
  ).map(
    (row): OhlcCandle => ({
      time: Number(row.bucket),
      open: Number(row.open),
      high: Number(row.high),
      low: Number(row.low),
      close: Number(row.close),
    }),
  );
  // The minutes in memory are at least as new as the saved ones: they extend the buckets they fall in.
  const buckets = new Map(saved.map((candle) => [candle.time, candle]));
  for (const recent of aggregateCandles(
    memory.filter((candle) => candle.time >= from),
    size,
  )) {
    const known = buckets.get(recent.time);
    if (known) extendCandle(known, recent);
    else buckets.set(recent.time, recent);
  }
  return [...buckets.values()].sort((a, b) => a.time - b.time).slice(-limit);
}
