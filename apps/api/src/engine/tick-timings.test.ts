import { describe, expect, it } from 'vitest';
import { percentile, TickTimings } from './tick-timings.ts';

describe('tick timings', () => {
  it('reports the p99 of the last minute and forgets what is older', () => {
    let clock = 0;
    const timings = new TickTimings(60_000, () => clock);
    for (let i = 1; i <= 100; i += 1) {
      clock += 100;
      timings.record('tick', i);
    }
    expect(timings.summary()).toEqual(
      expect.objectContaining({ samples: 100, p50Ms: 50, p99Ms: 99, maxMs: 100 }),
    );
    clock += 60_000;
    for (let i = 0; i < 100; i += 1) timings.record('tick', 5);
    expect(timings.summary()).toEqual(expect.objectContaining({ samples: 100, p99Ms: 5, maxMs: 5 }));
  });

  it('forgets a stage recorded rarely once its samples are older than the window', () => {
    let clock = 0;
    const timings = new TickTimings(60_000, () => clock);
    timings.record('snapshot', 900); // a start's first snapshot: every account loaded
    for (let second = 0; second < 120; second += 1) {
      clock += 1000;
      timings.record('tick', 10);
      if (second % 5 === 0) timings.record('snapshot', 20);
    }
    expect(timings.summary().snapshotP99Ms).toBe(20);
  });

  it('is zero before the first tick', () => {
    expect(new TickTimings().summary().p99Ms).toBe(0);
    expect(percentile([], 0.99)).toBe(0);
  });
});
