import { describe, expect, it } from 'vitest';
import type { ReplayBar } from '../trading/replay-bars.ts';
import {
  barSoFar,
  candlesSoFar,
  type PracticeClock,
  reanchor,
  replayedNow,
  stepTarget,
} from './practice-clock.ts';

const T = Date.parse('2023-03-10T10:00:00Z');
const bar = (minute: number, open: number, high: number, low: number, close: number): ReplayBar => ({
  time: T + minute * 60_000,
  open,
  high,
  low,
  close,
  volume: 1,
});
const bars = [bar(0, 100, 104, 99, 103), bar(1, 103, 110, 90, 95), bar(3, 95, 96, 94, 95)];
const clock: PracticeClock = {
  state: 'paused',
  positionMs: T,
  anchorWallMs: 1_000,
  speed: 60,
  endMs: T + 4 * 60_000,
};

describe('the practice clock', () => {
  it('stands still while paused and runs at its speed while playing, never past the day', () => {
    expect(replayedNow(clock, 500_000)).toBe(T);
    const playing = { ...clock, state: 'playing' as const };
    expect(replayedNow(playing, 3_000)).toBe(T + 120_000); // 2 real seconds at 60× = 2 replayed minutes
    expect(replayedNow(playing, 1_000_000)).toBe(T + 4 * 60_000);
  });

  it('pauses where it stands, and a new speed runs from there', () => {
    const playing = { ...clock, state: 'playing' as const };
    const paused = reanchor(playing, 2_000, { state: 'paused' });
    expect(paused.positionMs).toBe(T + 60_000);
    expect(replayedNow(paused, 99_000)).toBe(T + 60_000);
    const slower = reanchor(reanchor(paused, 5_000, { state: 'playing' }), 5_000, { speed: 1 });
    expect(replayedNow(slower, 15_000)).toBe(T + 70_000);
  });

  it('steps to the next bar, over a missing minute, then to the end of the day', () => {
    expect(stepTarget(bars, T, clock.endMs)).toBe(T + 60_000);
    expect(stepTarget(bars, T + 90_000, clock.endMs)).toBe(T + 180_000);
    expect(stepTarget(bars, T + 180_000, clock.endMs)).toBe(clock.endMs);
  });

  it('shows the bar in progress only as far as it has been played, and no later bar', () => {
    // A falling bar walks open → high → low → close: 10 s in, the high of 110 is not reached yet.
    const early = barSoFar(bars[1], T + 70_000);
    expect(early.open).toBe(103);
    expect(early.high).toBeLessThan(110);
    expect(early.low).toBe(103);
    const late = barSoFar(bars[1], T + 90_000); // 30 s in: past the high, not yet at the low
    expect(late.high).toBe(110);
    expect(late.low).toBeGreaterThan(90);
    const candles = candlesSoFar(bars, T + 70_000);
    expect(candles.map((candle) => candle.time)).toEqual([T, T + 60_000]);
    expect(candles[0]).toMatchObject({ high: 104, low: 99, close: 103 });
    expect(candlesSoFar(bars, T + 70_000, T + 60_000).map((candle) => candle.time)).toEqual([T + 60_000]);
  });
});
