/**
 * The engine's recent tick durations (issue #40: "tick p99 per competition ≤ 50 ms"), kept over
 * the last `size` ticks: the whole tick (quotes to saved and published), its stages and the equity
 * snapshot that follows it. A tick is one slot of the second (trading-engine.ts's SLOTS): the
 * competitions of that slot are planned and saved in its transaction and published together, so
 * a competition's tick takes as long as its slot's tick: the p99 here is each competition's p99.
 */
export type TickStage = 'tick' | 'plan' | 'persist' | 'publish' | 'snapshot';

export type TickTimingSummary = {
  /** Ticks in the window (at most the window's size). */
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

export class TickTimings {
  private readonly windows: Record<TickStage, number[]> = {
    tick: [],
    plan: [],
    persist: [],
    publish: [],
    snapshot: [],
  };

  constructor(private readonly size = 60) {}

  record(stage: TickStage, ms: number): void {
    const window = this.windows[stage];
    window.push(ms);
    if (window.length > this.size) window.shift();
  }

  summary(): TickTimingSummary {
    const ticks = this.windows.tick;
    return {
      samples: ticks.length,
      p50Ms: round(percentile(ticks, 0.5)),
      p99Ms: round(percentile(ticks, 0.99)),
      maxMs: round(ticks.length ? Math.max(...ticks) : 0),
      planP99Ms: round(percentile(this.windows.plan, 0.99)),
      persistP99Ms: round(percentile(this.windows.persist, 0.99)),
      publishP99Ms: round(percentile(this.windows.publish, 0.99)),
      snapshotP99Ms: round(percentile(this.windows.snapshot, 0.99)),
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
