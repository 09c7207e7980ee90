import { describe, expect, it } from 'vitest';
import { aggregateCandles, bucketStart, CANDLE_INTERVAL_TERMS } from './candle-intervals.ts';

const minute = (time: number, open: number, high: number, low: number, close: number) => ({
  time,
  open,
  high,
  low,
  close,
});

describe('candles of longer intervals from 1-minute ones', () => {
  it('opens with the first minute, closes with the last and spans the highs and lows', () => {
    const minutes = [
      minute(0, 10, 11, 9, 10.5),
      minute(60, 10.5, 14, 10, 13),
      minute(240, 13, 13.5, 8, 9),
      minute(300, 9, 9.5, 8.5, 9.25),
      minute(420, 9.25, 10, 9, 9.75),
    ];
    expect(aggregateCandles(minutes, 300)).toEqual([minute(0, 10, 14, 8, 9), minute(300, 9, 10, 8.5, 9.75)]);
    expect(aggregateCandles(minutes, 300, 1)).toEqual([minute(300, 9, 10, 8.5, 9.75)]);
    expect(aggregateCandles([], 300)).toEqual([]);
  });
  it('starts buckets at whole intervals since the epoch (a day at 00:00 UTC)', () => {
    const day = CANDLE_INTERVAL_TERMS['1d'].seconds * 1000;
    expect(bucketStart(Date.parse('2026-03-02T17:45:10Z'), day)).toBe(Date.parse('2026-03-02T00:00:00Z'));
    expect(bucketStart(Date.parse('2026-03-02T17:45:10Z'), 15 * 60_000)).toBe(
      Date.parse('2026-03-02T17:45:00Z'),
    );
  });
});
