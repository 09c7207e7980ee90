import { describe, expect, it } from 'vitest';
import { percentile, TickTimings } from './tick-timings.ts';

describe('tick timings', () => {
  it('reports the p99 of the recent ticks and forgets the oldest', () => {
    const timings = new TickTimings(100);
    for (let i = 1; i <= 100; i += 1) timings.record('tick', i);
    expect(timings.summary()).toEqual(
      expect.objectContaining({ samples: 100, p50Ms: 50, p99Ms: 99, maxMs: 100 }),
    );
    for (let i = 0; i < 100; i += 1) timings.record('tick', 5);
    expect(timings.summary()).toEqual(expect.objectContaining({ samples: 100, p99Ms: 5, maxMs: 5 }));
  });

  it('is zero before the first tick', () => {
    expect(new TickTimings().summary().p99Ms).toBe(0);
    expect(percentile([], 0.99)).toBe(0);
  });
});
