/** The lesson player's shared rules: playback speeds, note limits and watched ranges (issue #42). */

/** The speeds the YouTube player offers, slowest first. */
export const PLAYBACK_RATES = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2] as const;
export type PlaybackRate = (typeof PLAYBACK_RATES)[number];
export const DEFAULT_PLAYBACK_RATE: PlaybackRate = 1;
export const PLAYBACK_RATE_SENTENCE = 'Choose a playback speed of 0.5, 0.75, 1, 1.25, 1.5, 1.75 or 2.';

export function isPlaybackRate(value: unknown): value is PlaybackRate {
  return typeof value === 'number' && (PLAYBACK_RATES as readonly number[]).includes(value);
}

/** The next speed up (step 1) or down (step −1), staying at the ends. */
export function stepPlaybackRate(rate: number, step: 1 | -1): PlaybackRate {
  const index = PLAYBACK_RATES.indexOf(rate as PlaybackRate);
  const from = index === -1 ? PLAYBACK_RATES.indexOf(DEFAULT_PLAYBACK_RATE) : index;
  return PLAYBACK_RATES[Math.min(PLAYBACK_RATES.length - 1, Math.max(0, from + step))];
}

/** A note's Markdown body, in characters. */
export const NOTE_MAX_CHARACTERS = 5000;
export const NOTE_TOO_LONG_SENTENCE = 'Keep a note to 5,000 characters or fewer.';
export const NOTE_EMPTY_SENTENCE = 'Write something in the note first.';
/** Notes one learner may keep on one lesson. */
export const NOTES_PER_LESSON = 200;
export const TOO_MANY_NOTES_SENTENCE =
  'You have 200 notes on this lesson, the most it can hold. Delete one to add another.';

/** A watched stretch of a video, [startSecond, endSecond] with start < end. */
export type WatchedRange = [number, number];

/**
 * Two reports further apart than this (in seconds of video) are not one stretch of watching: the
 * learner jumped. YouTube reports about 4 times a second; at 2× that is half a second of video,
 * so 3 s leaves room for a slow tab without counting a skip as watched.
 */
export const MAX_REPORT_GAP_SECONDS = 3;

/** The ranges sorted and merged where they touch or overlap, rounded to tenths of a second. */
export function mergeRanges(ranges: readonly WatchedRange[]): WatchedRange[] {
  const sorted = ranges
    .map(([start, end]): WatchedRange => [Math.round(start * 10) / 10, Math.round(end * 10) / 10])
    .filter(([start, end]) => end > start && start >= 0)
    .sort((a, b) => a[0] - b[0]);
  const merged: WatchedRange[] = [];
  for (const range of sorted) {
    const last = merged[merged.length - 1];
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([range[0], range[1]]);
  }
  return merged;
}

/**
 * Builds watched ranges from the player's successive currentTime reports: a report a little after
 * the previous one (forward, within MAX_REPORT_GAP_SECONDS) extends the stretch; a jump (a seek
 * either way, or a long gap) starts a new stretch there. Pure: feed it one report at a time.
 */
export class WatchedRangesBuilder {
  private ranges: WatchedRange[] = [];
  private last: number | null = null;

  /** A currentTime report from a playing player. */
  report(seconds: number): void {
    if (!Number.isFinite(seconds) || seconds < 0) return;
    const last = this.last;
    this.last = seconds;
    if (last === null) return;
    const moved = seconds - last;
    if (moved > 0 && moved <= MAX_REPORT_GAP_SECONDS)
      this.ranges = mergeRanges([...this.ranges, [last, seconds]]);
  }

  /** Playback stopped or jumped: the next report starts a new stretch. */
  interrupt(): void {
    this.last = null;
  }

  /** Every range watched so far, merged. */
  get watched(): WatchedRange[] {
    return this.ranges.map(([start, end]) => [start, end]);
  }

  /** The end of the stretch watched from the start (0 when nothing yet): "the furthest watched point". */
  furthestFromStart(alreadyWatched = 0): number {
    let furthest = alreadyWatched;
    for (const [start, end] of this.ranges) {
      if (start <= furthest + MAX_REPORT_GAP_SECONDS) furthest = Math.max(furthest, end);
    }
    return furthest;
  }
}
