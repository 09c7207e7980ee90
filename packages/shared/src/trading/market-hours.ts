/**
 * Market hours (docs/architecture.md §Market data and paper trading). Each instrument names a session; outside it market orders are
 * refused with the next opening and pending orders wait. Times are the exchanges' local times, so
 * daylight saving follows the zone (New York moves, India does not). Exchange holidays are not
 * modelled: a holiday looks like a normal session with no quotes (and the quotes go stale).
 */
export const MARKET_SESSIONS = ['always', 'crypto', 'forex', 'nse', 'us'] as const;
export type MarketSession = (typeof MARKET_SESSIONS)[number];

type WeeklyHours = {
  zone: string;
  /** Open on these weekdays (0 = Sunday), from `open` to `close` local time (minutes after midnight). */
  days: number[];
  open: number;
  close: number;
  label: string;
};

const WEEKLY: Partial<Record<MarketSession, WeeklyHours>> = {
  nse: { zone: 'Asia/Kolkata', days: [1, 2, 3, 4, 5], open: 9 * 60 + 15, close: 15 * 60 + 30, label: 'NSE' },
  us: { zone: 'America/New_York', days: [1, 2, 3, 4, 5], open: 9 * 60 + 30, close: 16 * 60, label: 'US' },
};

/** The session's name for sentences ("The NSE market is closed"). */
export function sessionLabel(session: MarketSession): string {
  return { always: 'practice', crypto: 'crypto', forex: 'forex', nse: 'NSE', us: 'US' }[session];
}

const partsFormat = new Map<string, Intl.DateTimeFormat>();
/** Weekday and minutes after midnight of an instant in a time zone. */
export function localTime(instant: number, zone: string): { weekday: number; minutes: number } {
  let format = partsFormat.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    partsFormat.set(zone, format);
  }
  const parts = format.formatToParts(new Date(instant));
  const value = (type: string) => parts.find((part) => part.type === type)?.value ?? '0';
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(value('weekday'));
  return { weekday, minutes: Number(value('hour')) * 60 + Number(value('minute')) };
}

/** Forex trades from Sunday 17:00 to Friday 17:00 New York time. */
function forexOpen(instant: number): boolean {
  const { weekday, minutes } = localTime(instant, 'America/New_York');
  if (weekday === 6) return false;
  if (weekday === 0) return minutes >= 17 * 60;
  if (weekday === 5) return minutes < 17 * 60;
  return true;
}

export function isMarketOpen(session: MarketSession, instant: number): boolean {
  if (session === 'always' || session === 'crypto') return true;
  if (session === 'forex') return forexOpen(instant);
  const hours = WEEKLY[session]!;
  const { weekday, minutes } = localTime(instant, hours.zone);
  return hours.days.includes(weekday) && minutes >= hours.open && minutes < hours.close;
}

/**
 * The next moment the market opens (null when it never closes). Found minute by minute from the
 * next whole minute, at most eight days ahead (no exchange here closes for longer).
 */
export function nextMarketOpen(session: MarketSession, instant: number): number | null {
  if (session === 'always' || session === 'crypto') return null;
  if (isMarketOpen(session, instant)) return instant;
  const minute = 60_000;
  let probe = Math.ceil(instant / minute) * minute;
  // Hours first, then minutes: fast enough to run on every refused order.
  const limit = instant + 8 * 86_400_000;
  while (probe < limit && !isMarketOpen(session, probe + 60 * minute)) probe += 60 * minute;
  while (probe < limit && !isMarketOpen(session, probe)) probe += minute;
  return probe < limit ? probe : null;
}
