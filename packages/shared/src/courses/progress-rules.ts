import { z } from '../api/zod-messages.ts';

/** A watched stretch of a lesson, [start, end) in seconds. */
export type WatchRange = [number, number];

export const MAX_WATCH_RANGES = 50;
/** With "no skipping ahead", a range may start this many seconds past the furthest point watched. */
export const SKIP_AHEAD_TOLERANCE_SECONDS = 5;
const DAY_MS = 86_400_000;

/** Course progress rules as an admin sets them (Admin → Courses → Progress rules). */
export const courseProgressRulesSchema = z.object({
  watchedSharePercent: z
    .number()
    .int('Use a whole percent.')
    .min(50, 'The watched share must be between 50 and 100 %.')
    .max(100, 'The watched share must be between 50 and 100 %.'),
  noSkipping: z.boolean(),
  dripIntervalDays: z
    .number()
    .int('Use whole days.')
    .min(0, 'The drip interval cannot be negative.')
    .max(365, 'Use a drip interval of at most 365 days.'),
  prerequisiteIds: z.array(z.string().min(1).max(64)).max(20, 'Choose at most 20 prerequisite courses.'),
});
export type CourseProgressRules = z.infer<typeof courseProgressRulesSchema>;

export const DEFAULT_PROGRESS_RULES: CourseProgressRules = {
  watchedSharePercent: 90,
  noSkipping: false,
  dripIntervalDays: 0,
  prerequisiteIds: [],
};

/** Sorts and joins overlapping or touching ranges. */
export function mergeRanges(ranges: WatchRange[]): WatchRange[] {
  const sorted = ranges
    .filter(([start, end]) => end > start)
    .map(([start, end]): WatchRange => [start, end])
    .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: WatchRange[] = [];
  for (const range of sorted) {
    const last = merged.at(-1);
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push(range);
  }
  return merged;
}

/** Seconds covered by (merged) ranges. */
export function coveredSeconds(ranges: WatchRange[]): number {
  return mergeRanges(ranges).reduce((sum, [start, end]) => sum + (end - start), 0);
}

/**
 * Adds newly reported ranges to the stored ones. The furthest point is the end of the furthest
 * counted range. With no skipping ahead, ranges are taken in order of their start and one starting
 * beyond furthest + 5 s is not counted (the furthest point grows as counted ranges are taken, so a
 * continuous watch reported in pieces counts whole).
 */
export function addWatchedRanges(
  stored: { ranges: WatchRange[]; furthestSeconds: number },
  reported: WatchRange[],
  options: { noSkipping: boolean },
): { ranges: WatchRange[]; furthestSeconds: number; ignored: WatchRange[] } {
  let ranges = mergeRanges(stored.ranges);
  const ignored: WatchRange[] = [];
  let furthest = stored.furthestSeconds;
  for (const range of [...reported].sort((a, b) => a[0] - b[0] || a[1] - b[1])) {
    if (options.noSkipping && range[0] > furthest + SKIP_AHEAD_TOLERANCE_SECONDS) {
      ignored.push(range);
      continue;
    }
    ranges = mergeRanges([...ranges, range]);
    furthest = Math.max(furthest, range[1]);
  }
  return { ranges, furthestSeconds: furthest, ignored };
}

/** The watched share in whole percent (rounded down, so 89.9 % is not 90 %). */
export function watchedSharePercent(watchedSeconds: number, duration: number): number {
  if (duration <= 0) return 0;
  return Math.min(100, Math.floor((watchedSeconds * 100) / duration));
}

/** When lesson n (0-based, in course order) opens: n × interval days after enrolment. */
export function lessonReleaseAt(enrolledAt: Date, lessonIndex: number, dripIntervalDays: number): Date {
  return new Date(enrolledAt.getTime() + lessonIndex * dripIntervalDays * DAY_MS);
}

export function isLessonReleased(
  enrolledAt: Date,
  lessonIndex: number,
  dripIntervalDays: number,
  now: Date,
): boolean {
  return lessonReleaseAt(enrolledAt, lessonIndex, dripIntervalDays).getTime() <= now.getTime();
}

/**
 * Whether making `courseId` require `prerequisiteIds` closes a cycle, given every other course's
 * prerequisites. Returns the cycle as course ids (starting and ending at courseId), or null.
 */
export function findPrerequisiteCycle(
  courseId: string,
  prerequisiteIds: string[],
  existing: Map<string, string[]>,
): string[] | null {
  const graph = new Map(existing);
  graph.set(courseId, prerequisiteIds);
  const visit = (node: string, path: string[], seen: Set<string>): string[] | null => {
    for (const next of graph.get(node) ?? []) {
      if (next === courseId) return [...path, next];
      if (seen.has(next)) continue;
      seen.add(next);
      const found = visit(next, [...path, next], seen);
      if (found) return found;
    }
    return null;
  };
  return visit(courseId, [courseId], new Set());
}
