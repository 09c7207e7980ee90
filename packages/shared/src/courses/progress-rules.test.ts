import { describe, expect, it } from 'vitest';
import { missingRequirementsSentence } from './course-requirements.ts';
import {
  addWatchedRanges,
  courseProgressRulesSchema,
  coveredSeconds,
  findPrerequisiteCycle,
  isLessonReleased,
  lessonReleaseAt,
  mergeRanges,
  watchedSharePercent,
} from './progress-rules.ts';

describe('watched ranges', () => {
  it('merges overlapping and touching ranges in order and drops empty ones', () => {
    expect(
      mergeRanges([
        [30, 40],
        [0, 10],
        [5, 12],
        [12, 20],
        [50, 50],
      ]),
    ).toEqual([
      [0, 20],
      [30, 40],
    ]);
    expect(
      coveredSeconds([
        [0, 10],
        [5, 15],
        [100, 101],
      ]),
    ).toBe(16);
  });

  it('counts a second watched twice once, and the furthest point grows', () => {
    const first = addWatchedRanges({ ranges: [], furthestSeconds: 0 }, [[0, 60]], { noSkipping: false });
    const second = addWatchedRanges(
      first,
      [
        [30, 90],
        [200, 210],
      ],
      { noSkipping: false },
    );
    expect(second.ranges).toEqual([
      [0, 90],
      [200, 210],
    ]);
    expect(second.furthestSeconds).toBe(210);
    expect(coveredSeconds(second.ranges)).toBe(100);
  });

  it('with no skipping ahead ignores a range starting more than 5 s past the furthest point', () => {
    const result = addWatchedRanges(
      { ranges: [[0, 60]], furthestSeconds: 60 },
      [
        [300, 320],
        [65, 80],
        [84, 90],
      ],
      { noSkipping: true },
    );
    expect(result.ranges).toEqual([
      [0, 60],
      [65, 80],
      [84, 90],
    ]);
    expect(result.ignored).toEqual([[300, 320]]);
    expect(result.furthestSeconds).toBe(90);
  });

  it('rounds the watched share down, so 89.9 % is not 90 %', () => {
    expect(watchedSharePercent(899, 1000)).toBe(89);
    expect(watchedSharePercent(900, 1000)).toBe(90);
    expect(watchedSharePercent(2000, 1000)).toBe(100);
    expect(watchedSharePercent(5, 0)).toBe(0);
  });
});

describe('drip release', () => {
  const enrolledAt = new Date('2026-01-10T08:30:00Z');
  it('opens lesson n n × N days after enrolment, and everything at once for N = 0', () => {
    expect(lessonReleaseAt(enrolledAt, 0, 3).toISOString()).toBe('2026-01-10T08:30:00.000Z');
    expect(lessonReleaseAt(enrolledAt, 2, 3).toISOString()).toBe('2026-01-16T08:30:00.000Z');
    const now = new Date('2026-01-16T08:29:59Z');
    expect(isLessonReleased(enrolledAt, 1, 3, now)).toBe(true);
    expect(isLessonReleased(enrolledAt, 2, 3, now)).toBe(false);
    expect(isLessonReleased(enrolledAt, 2, 3, new Date('2026-01-16T08:30:00Z'))).toBe(true);
    expect(isLessonReleased(enrolledAt, 9, 0, enrolledAt)).toBe(true);
  });
});

describe('rules and prerequisites', () => {
  it('finds a loop through existing prerequisites', () => {
    const existing = new Map([
      ['b', ['c']],
      ['c', ['a']],
    ]);
    expect(findPrerequisiteCycle('a', ['b'], existing)).toEqual(['a', 'b', 'c', 'a']);
    expect(findPrerequisiteCycle('a', ['c'], new Map([['b', ['c']]]))).toBeNull();
  });

  it('checks the settings with sentences', () => {
    const result = courseProgressRulesSchema.safeParse({
      watchedSharePercent: 101,
      noSkipping: false,
      dripIntervalDays: 0,
      prerequisiteIds: [],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe('The watched share must be between 50 and 100 %.');
  });

  it('names what is missing', () => {
    expect(
      missingRequirementsSentence([
        { kind: 'lesson', id: '1', title: 'Candles', met: true, score: 100 },
        { kind: 'lesson', id: '2', title: 'Trends', met: false, score: 20 },
        { kind: 'quiz', id: 'q', title: 'Basics', met: false, score: null },
      ]),
    ).toBe('The course is not complete yet. Still to do: watch “Trends”; pass the quiz “Basics”.');
  });
});
