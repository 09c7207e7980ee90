/**
 * The chart's timeframes, all built from the engine's 1-minute candles: a candle of an interval
 * opens with its first minute, closes with its last, and spans their highs and lows. Buckets start
 * at whole multiples of the interval since the Unix epoch (a day is a UTC day).
 */

export const CANDLE_INTERVALS = ['1m', '5m', '15m', '1h', '1d'] as const;
export type CandleInterval = (typeof CANDLE_INTERVALS)[number];

/** Each interval's length in seconds, and the most candles one request may ask for (bounded reads). */
export const CANDLE_INTERVAL_TERMS: Record<
  CandleInterval,
  { seconds: number; maxCandles: number; label: string }
> = {
  '1m': { seconds: 60, maxCandles: 600, label: '1 minute' },
  '5m': { seconds: 300, maxCandles: 600, label: '5 minutes' },
  '15m': { seconds: 900, maxCandles: 600, label: '15 minutes' },
  '1h': { seconds: 3600, maxCandles: 500, label: '1 hour' },
  '1d': { seconds: 86_400, maxCandles: 90, label: '1 day' },
};

export type OhlcCandle = { time: number; open: number; high: number; low: number; close: number };

/** The start of the bucket holding `time`, in the unit of `time` and `size` (both seconds or both ms). */
export function bucketStart(time: number, size: number): number {
  return Math.floor(time / size) * size;
}

/** Adds a later candle's prices to an earlier one of the same bucket (in place). */
export function extendCandle(candle: OhlcCandle, later: Omit<OhlcCandle, 'time'>): OhlcCandle {
  candle.high = Math.max(candle.high, later.high);
  candle.low = Math.min(candle.low, later.low);
  candle.close = later.close;
  return candle;
}

/**
 * Candles of `size` (same unit as their `time`) from shorter ones sorted by time; the last
 * `limit` buckets when a limit is given.
 */
export function aggregateCandles(candles: OhlcCandle[], size: number, limit?: number): OhlcCandle[] {
  const result: OhlcCandle[] = [];
  for (const candle of candles) {
    const start = bucketStart(candle.time, size);
    const last = result.at(-1);
    if (last && last.time === start) extendCandle(last, candle);
    else if (!last || start > last.time)
      result.push({
        time: start,
        open: candle.open,
        high: candle.high,
        low: candle.low,
        close: candle.close,
      });
  }
  return limit === undefined ? result : result.slice(-limit);
}
