/**
 * Risk rules as prop firms set them (docs/architecture.md §Competitions), per competition: what the drawdown is
 * measured against, and an optional daily loss limit that resets at a set hour in the group's zone.
 * The freeze is the same whichever rule fires; the account remembers which one did.
 */
export const DRAWDOWN_BASES = ['peak', 'balance', 'start'] as const;
export type DrawdownBasis = (typeof DRAWDOWN_BASES)[number];
export type FreezeReason = 'drawdown' | 'daily_loss';

export const DRAWDOWN_BASIS_TEXT: Record<DrawdownBasis, string> = {
  peak: 'from your highest equity since the start or your last release (trailing)',
  balance: 'as open losses against your balance',
  start: 'from your starting balance (a fixed maximum loss)',
};

/**
 * Drawdown % by basis, 0 when there is none:
 * - peak: (peak equity − equity) / peak equity — today's trailing rule;
 * - balance: (balance − equity) / balance — the floating loss of open positions;
 * - start: (starting balance − equity) / starting balance — a static maximum loss.
 */
export function drawdownFor(
  basis: DrawdownBasis,
  account: { peakEquity: number; balance: number; startingBalance: number; equity: number },
): number {
  const reference =
    basis === 'peak' ? account.peakEquity : basis === 'balance' ? account.balance : account.startingBalance;
  if (reference <= 0 || account.equity >= reference) return 0;
  return ((reference - account.equity) / reference) * 100;
}

/** The day's loss % against the equity at the day's reset. */
export function dailyLossPercent(dayStartEquity: number, equity: number): number {
  if (dayStartEquity <= 0 || equity >= dayStartEquity) return 0;
  return ((dayStartEquity - equity) / dayStartEquity) * 100;
}

const wallClock = new Map<string, Intl.DateTimeFormat>();
/** An instant's wall-clock time in a zone, read as if it were UTC (for offset arithmetic). */
function asWallClockUtc(instant: number, zone: string): number {
  let format = wallClock.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    wallClock.set(zone, format);
  }
  const parts = Object.fromEntries(
    format.formatToParts(new Date(instant)).map((part) => [part.type, Number(part.value)]),
  ) as Record<string, number>;
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
}

/** The last daily reset at or before `instant`: `resetHour`:00 in `zone` (daylight saving included). */
export function dayWindowStart(instant: number, zone: string, resetHour: number): number {
  // The engine asks this of every account every second (rollDay): the day it answers stays the
  // answer until the next day begins, so the last day of each zone and hour is remembered, and the
  // very last answer is checked first without building a key (most of a second's calls share it).
  const last = lastDay;
  if (
    last &&
    last.zone === zone &&
    last.resetHour === resetHour &&
    instant >= last.start &&
    instant < last.end
  )
    return last.start;
  const key = `${zone}|${resetHour}`;
  let known = knownDays.get(key);
  if (!known || instant < known.start || instant >= known.end) {
    const start = computeDayWindowStart(instant, zone, resetHour);
    const end = computeDayWindowStart(start + 26 * 3_600_000, zone, resetHour);
    if (knownDays.size >= 512) knownDays.clear();
    known = { zone, resetHour, start, end };
    knownDays.set(key, known);
  }
  lastDay = known;
  return known.start;
}

type KnownDay = { zone: string; resetHour: number; start: number; end: number };
const knownDays = new Map<string, KnownDay>();
let lastDay: KnownDay | null = null;

function computeDayWindowStart(instant: number, zone: string, resetHour: number): number {
  const local = asWallClockUtc(instant, zone);
  const day = new Date(local);
  let candidateLocal = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), resetHour);
  if (candidateLocal > local) candidateLocal -= 86_400_000;
  // Local wall-clock time → instant: subtract the zone's offset at that moment (twice, for DST edges).
  let guess = candidateLocal - (asWallClockUtc(candidateLocal, zone) - candidateLocal);
  guess = candidateLocal - (asWallClockUtc(guess, zone) - guess);
  return guess;
}

/** When the day after the one holding `instant` begins (a day is 23 to 25 hours across DST). */
export function nextDayWindowStart(instant: number, zone: string, resetHour: number): number {
  const start = dayWindowStart(instant, zone, resetHour);
  return dayWindowStart(start + 26 * 3_600_000, zone, resetHour);
}

/** IANA zone names Intl knows (validation of a group's zone). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
