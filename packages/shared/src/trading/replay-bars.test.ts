import { describe, expect, it } from 'vitest';
import { barAt, parseReplayBars, priceInBar, replayTime } from './replay-bars.ts';

const T = Date.parse('2023-03-10T00:00:00Z');

describe('replay bars', () => {
  it('reads ISO and Binance millisecond times, with or without a header, and names bad lines', () => {
    const parsed = parseReplayBars(
      [
        'time,open,high,low,close,volume',
        '2023-03-10T00:00:00Z,20370.23,20374.49,20360.61,20360.61,0.07044',
        `${T + 60_000},20358.97,20364.73,20343.35,20356.79,7.74325,1678406519999,157620.1,87,3.1,63120.2,0`,
        '2023-03-10T00:02:30Z,1,1,1,1,1',
        '2023-03-10T00:03:00Z,10,9,8,9,1',
        '2023-03-10T00:01:00Z,1,1,1,1,1',
      ].join('\n'),
    );
    expect(parsed.bars.map((bar) => bar.time)).toEqual([T, T + 60_000]);
    expect(parsed.errors).toEqual([
      { line: 4, message: 'Bars start on whole minutes.' },
      { line: 5, message: 'The high must be the highest price of the bar and the low the lowest.' },
      { line: 6, message: 'Bars must be in time order, one per minute.' },
    ]);
  });

  it('walks each bar through its low and high, deterministically', () => {
    const up = { time: T, open: 100, high: 110, low: 95, close: 105, volume: 1 };
    expect(priceInBar(up, T)).toBe(100);
    expect(priceInBar(up, T + 20_000)).toBeCloseTo(95, 10); // low first on a rising bar
    expect(priceInBar(up, T + 40_000)).toBeCloseTo(110, 10);
    expect(priceInBar(up, T + 60_000)).toBe(105);
    const down = { ...up, close: 97 };
    expect(priceInBar(down, T + 20_000)).toBeCloseTo(110, 10); // high first on a falling bar
  });

  it('plays at speed from the competition start, and finds the bar of a moment', () => {
    expect(replayTime(T, 1_000_000, 60, 1_000_000 + 2_000)).toBe(T + 120_000);
    const bars = [0, 1, 3].map((minute) => ({
      time: T + minute * 60_000,
      open: 1,
      high: 1,
      low: 1,
      close: 1,
      volume: 0,
    }));
    expect(barAt(bars, T - 1)).toBeNull();
    expect(barAt(bars, T + 150_000)?.time).toBe(T + 60_000); // a missing minute keeps the last bar
    expect(barAt(bars, T + 200_000)?.time).toBe(T + 180_000);
  });
});
