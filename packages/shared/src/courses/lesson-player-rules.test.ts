import { describe, expect, it } from 'vitest';
import {
  isPlaybackRate,
  mergeRanges,
  stepPlaybackRate,
  WatchedRangesBuilder,
} from './lesson-player-rules.ts';

describe('playback speeds', () => {
  it('offers YouTube’s speeds and steps between them, staying at the ends', () => {
    expect(isPlaybackRate(1.25)).toBe(true);
    expect(isPlaybackRate(1.3)).toBe(false);
    expect(isPlaybackRate('1')).toBe(false);
    expect(stepPlaybackRate(1, 1)).toBe(1.25);
    expect(stepPlaybackRate(1, -1)).toBe(0.75);
    expect(stepPlaybackRate(2, 1)).toBe(2);
    expect(stepPlaybackRate(0.5, -1)).toBe(0.5);
    expect(stepPlaybackRate(1.1, 1)).toBe(1.25);
  });
});

describe('watched ranges', () => {
  it('merges touching and overlapping ranges in order', () => {
    expect(
      mergeRanges([
        [30, 40],
        [0, 10],
        [10, 12.04],
        [35, 50],
        [60, 60],
      ]),
    ).toEqual([
      [0, 12],
      [30, 50],
    ]);
  });

  it('builds ranges from successive reports; a seek starts a new range and skipped time is not watched', () => {
    const builder = new WatchedRangesBuilder();
    for (const seconds of [0, 0.25, 0.5, 1, 2, 3]) builder.report(seconds);
    builder.report(120); // a seek ahead
    builder.report(121.5);
    builder.report(123);
    builder.report(10); // back
    builder.report(11);
    expect(builder.watched).toEqual([
      [0, 3],
      [10, 11],
      [120, 123],
    ]);
    expect(builder.furthestFromStart()).toBe(3);
    expect(builder.furthestFromStart(118)).toBe(123);
  });

  it('does not bridge a pause: after an interruption the next report only starts a range', () => {
    const builder = new WatchedRangesBuilder();
    builder.report(5);
    builder.report(6);
    builder.interrupt();
    builder.report(7);
    builder.report(8);
    expect(builder.watched).toEqual([
      [5, 6],
      [7, 8],
    ]);
  });
});
