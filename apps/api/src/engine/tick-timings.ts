/**
 * The engine's recent tick durations (issue #40: "tick p99 per competition ≤ 50 ms"), kept over
 * the last minute: the whole tick (quotes to saved and published), its stages and the equity
 * snapshot that follows it. A tick is one slot of the second (trading-engine.ts's SLOTS): the
 * competitions of that slot are planned and saved in its transaction and published together, so
 * a competition's tick takes as long as its slot's tick: the p99 here is each competition's p99.
 */
export type TickStage = 'tick' | 'plan' | 'persist' | 'publish' | 'snapshot';

export type TickTimingSummary = {
  /** Ticks in the last minute. */
  samples: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** p99 of each stage: planning in memory, the fenced transaction, publishing. */
  planP99Ms: number;
  persistP99Ms: number;
  publishP99Ms: number;
  /** The equity snapshot saved after a tick (its own transaction; the next tick waits for it). */
  snapshotP99Ms: number;
};

/** At most this many samples per stage, whatever the window (ten slots a second for a minute is 600). */
const MAX_SAMPLES = 5_000;

export class TickTimings {
  private readonly windows: Record<TickStage, Array<{ at: number; ms: number }>> = {
    tick: [],
    plan: [],
    persist: [],
    publish: [],
    snapshot: [],
  };

  /**
   * Keeps what was recorded in the last `windowMs` (by `clock`): a stage recorded rarely (the
   * snapshot) forgets a start's slow first samples as the ticks do, not after a count of its own.
   */
  constructor(
    private readonly windowMs = 60_000,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  record(stage: TickStage, ms: number): void {
    const window = this.windows[stage];
    window.push({ at: this.clock(), ms });
    if (window.length > MAX_SAMPLES) window.shift();
  }

  private recent(stage: TickStage): number[] {
    const window = this.windows[stage];
    const since = this.clock() - this.windowMs;
    let old = 0;
    while (old < window.length && window[old].at <= since) old += 1;
    if (old) window.splice(0, old);
    return window.map((sample) => sample.ms);
  }

  summary(): TickTimingSummary {
    const ticks = this.recent('tick');
    return {
      samples: ticks.length,
      p50Ms: round(percentile(ticks, 0.5)),
      p99Ms: round(percentile(ticks, 0.99)),
      maxMs: round(ticks.length ? Math.max(...ticks) : 0),
      planP99Ms: round(percentile(this.recent('plan'), 0.99)),
      persistP99Ms: round(percentile(this.recent('persist'), 0.99)),
      publishP99Ms: round(percentile(this.recent('publish'), 0.99)),
      snapshotP99Ms: round(percentile(this.recent('snapshot'), 0.99)),
    };
  }
}

const round = (ms: number) => Math.round(ms * 10) / 10;

/** Nearest-rank percentile (0 for no samples). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
}
