import {
  barAt,
  barPath,
  MINUTE_MS,
  priceInBar,
  REPLAY_SPEEDS,
  type ReplayBar,
} from '../trading/replay-bars.ts';

/**
 * A practice replay's clock (docs/decisions/030-practice-replays.md): no timer runs anywhere. The
 * server keeps where the replayed clock stood at an anchor moment and how fast it runs; the replayed
 * time of any moment is worked out from them, and never passes the end of the day's bars.
 */
export type PracticeClock = {
  state: 'playing' | 'paused' | 'ended';
  /** The replayed time (ms) at `anchorWallMs`. */
  positionMs: number;
  /** The real moment (ms) the position was taken. */
  anchorWallMs: number;
  speed: number;
  /** The end of the replayed day: one minute after its last bar starts. */
  endMs: number;
};

export const PRACTICE_SPEEDS = REPLAY_SPEEDS;

/** The replayed time at the real moment `now`: position + elapsed × speed while playing, capped at the end. */
export function replayedNow(clock: PracticeClock, now: number): number {
  if (clock.state !== 'playing') return clock.positionMs;
  return Math.min(clock.endMs, clock.positionMs + Math.max(0, now - clock.anchorWallMs) * clock.speed);
}

/** The clock re-anchored at `now` (play, pause and a new speed all start from where it stands). */
export function reanchor(clock: PracticeClock, now: number, change: Partial<PracticeClock>): PracticeClock {
  return { ...clock, positionMs: replayedNow(clock, now), anchorWallMs: now, ...change };
}

/**
 * Where one step goes from `time`: the start of the next bar (the bar in progress completes), or
 * the end of the day after the last one.
 */
export function stepTarget(bars: readonly ReplayBar[], time: number, endMs: number): number {
  const next = bars.find((bar) => bar.time > time);
  return next ? next.time : endMs;
}

export type CandleSoFar = { time: number; open: number; high: number; low: number; close: number };

/**
 * The bar holding `time` as far as it has been played: its open, the extremes its path has passed
 * and the price now. Nothing of the bar after `time` shows (no peeking ahead).
 */
export function barSoFar(bar: ReplayBar, time: number): CandleSoFar {
  const into = (time - bar.time) / MINUTE_MS;
  if (into >= 1) return { time: bar.time, open: bar.open, high: bar.high, low: bar.low, close: bar.close };
  const path = barPath(bar);
  const now = priceInBar(bar, time);
  const passed = [path[0], now];
  for (let vertex = 1; vertex <= 2; vertex += 1) if (into * 3 >= vertex) passed.push(path[vertex]);
  return {
    time: bar.time,
    open: bar.open,
    high: Math.max(...passed),
    low: Math.min(...passed),
    close: now,
  };
}

/** The 1-minute candles up to the replayed `time`: finished bars whole, the current one so far, none after. */
export function candlesSoFar(bars: readonly ReplayBar[], time: number, fromMs = -Infinity): CandleSoFar[] {
  const candles: CandleSoFar[] = [];
  for (const bar of bars) {
    if (bar.time > time) break;
    if (bar.time + MINUTE_MS <= fromMs) continue;
    candles.push(barSoFar(bar, time));
  }
  return candles;
}

/** The price at the replayed `time`: the path through its bar (the last close after the day's end), or null before the first bar. */
export function practiceMid(bars: readonly ReplayBar[], time: number): number | null {
  const bar = barAt(bars as ReplayBar[], time);
  return bar ? priceInBar(bar, time) : null;
}
