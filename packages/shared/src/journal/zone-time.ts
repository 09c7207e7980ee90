/**
 * Days, weekdays and hours of the journal in the learner's IANA time zone (docs/architecture.md §Journal), daylight
 * saving included: the offset is the zone's at each instant, never one fixed offset for all trades.
 * Statistics read 100,000 trades at once, so offsets are cached per UTC day and computed exactly only
 * on the few days a zone changes its offset.
 */

export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

export interface ZoneClock {
  readonly timeZone: string;
  /** The zone's offset from UTC at an instant, in minutes (New York: −300 in winter, −240 in summer). */
  offsetMinutes(ms: number): number;
  /** Local days since 1 January 1970 (day 0 was a Thursday). */
  dayIndex(ms: number): number;
  /** YYYY-MM-DD of the instant in the zone. */
  localDate(ms: number): string;
  /** 0–23 in the zone. */
  hour(ms: number): number;
  /** 0 = Monday … 6 = Sunday, in the zone. */
  weekday(ms: number): number;
  /** The first instant of a local calendar day (YYYY-MM-DD). */
  startOfDay(date: string): Date;
}

const formats = new Map<string, Intl.DateTimeFormat>();

function wallClockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** The exact offset at an instant: the zone's wall-clock time read as UTC, less the instant. */
function exactOffsetMinutes(timeZone: string, ms: number): number {
  const parts: Record<string, number> = {};
  for (const part of wallClockFormat(timeZone).formatToParts(new Date(ms))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const wall = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return Math.round((wall - Math.floor(ms / 1000) * 1000) / MINUTE);
}

const clocks = new Map<string, ZoneClock>();

/** The clock of an IANA zone (cached: the same zone gives the same clock and its cache). */
export function zoneClock(timeZone: string = DEFAULT_TIME_ZONE): ZoneClock {
  const cached = clocks.get(timeZone);
  if (cached) return cached;
  // Per UTC day: the offset when it is the same at both ends of the day, null on a change day.
  const byDay = new Map<number, number | null>();
  const offsetMinutes = (ms: number) => {
    const day = Math.floor(ms / DAY);
    let offset = byDay.get(day);
    if (offset === undefined) {
      const start = exactOffsetMinutes(timeZone, day * DAY);
      const end = exactOffsetMinutes(timeZone, (day + 1) * DAY - 1000);
      offset = start === end ? start : null;
      byDay.set(day, offset);
    }
    return offset ?? exactOffsetMinutes(timeZone, ms);
  };
  const localMs = (ms: number) => ms + offsetMinutes(ms) * MINUTE;
  const dayIndex = (ms: number) => Math.floor(localMs(ms) / DAY);
  const clock: ZoneClock = {
    timeZone,
    offsetMinutes,
    dayIndex,
    localDate: (ms) => new Date(dayIndex(ms) * DAY).toISOString().slice(0, 10),
    hour: (ms) => {
      const local = localMs(ms);
      return Math.floor((local - Math.floor(local / DAY) * DAY) / HOUR);
    },
    // Day 0 (1 January 1970) was a Thursday: index 3 from Monday.
    weekday: (ms) => (((dayIndex(ms) + 3) % 7) + 7) % 7,
    startOfDay: (date) => {
      const midnight = Date.parse(`${date}T00:00:00Z`);
      // Local midnight → instant: subtract the offset there (twice, for a change near midnight).
      let guess = midnight - offsetMinutes(midnight) * MINUTE;
      guess = midnight - offsetMinutes(guess) * MINUTE;
      return new Date(guess);
    },
  };
  clocks.set(timeZone, clock);
  return clock;
}

/** The instant of a local wall-clock time in a zone (a time without offset read as the learner's). */
export function zonedTimeToInstant(
  parts: { year: number; month: number; day: number; hour: number; minute: number; second: number },
  timeZone: string,
): number {
  const wall = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  const clock = zoneClock(timeZone);
  let guess = wall - clock.offsetMinutes(wall) * MINUTE;
  guess = wall - clock.offsetMinutes(guess) * MINUTE;
  return guess;
}
