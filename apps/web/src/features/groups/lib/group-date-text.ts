import { formatFreezeDuration, type GroupPhase, groupPhase } from '@candlewise/shared/groups/group-phase';

/** What the Info dialog shows for a date or a time it does not have (docs/product-contract.md §2). */
export const MISSING_DATE_TEXT = 'Not available';
export const MISSING_TIME_TEXT = 'Not set';

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

type When = { date: Date; hasTime: boolean };

/** An ISO date-time, or a date without a time ('2026-11-19', read as that calendar day), or nothing. */
function readWhen(value: string | null | undefined): When | null {
  if (!value) return null;
  const dateOnly = value.match(DATE_ONLY);
  const date = dateOnly
    ? new Date(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3]))
    : new Date(value);
  return Number.isNaN(date.getTime()) ? null : { date, hasTime: !dateOnly };
}

// Some ICU versions put a narrow no-break space before AM/PM; the product writes a plain space.
const plainSpaces = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

/**
 * Each formatter made once, on first use: making one costs far more than using it, and the cards
 * and the leaderboard's header format their dates on every render (each second on a live page).
 */
function once<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
}
const dateFormat = once(
  () => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }),
);
const timeFormat = once(() => new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' }));
const relativeFormat = once(() => new Intl.RelativeTimeFormat('en', { numeric: 'auto' }));

/** 'Nov 19, 2026' in the reader's time zone, or 'Not available'. */
export function formatGroupDate(value: string | null | undefined): string {
  const when = readWhen(value);
  if (!when) return MISSING_DATE_TEXT;
  return plainSpaces(dateFormat().format(when.date));
}

/** '9:00 AM' in the reader's time zone, or 'Not set'. */
export function formatGroupTime(value: string | null | undefined): string {
  const when = readWhen(value);
  if (!when?.hasTime) return MISSING_TIME_TEXT;
  return plainSpaces(timeFormat().format(when.date));
}

/** 'Nov 19, 2026, 9:00 AM' for tooltips and admin tables; '—' without a date. */
export function formatGroupDateTime(value: string | null | undefined): string {
  const when = readWhen(value);
  if (!when) return '—';
  return when.hasTime ? `${formatGroupDate(value)}, ${formatGroupTime(value)}` : formatGroupDate(value);
}

/** The Info dialog's Freeze Duration ('1h 30m', '10m', '45s'); 'Not set' without a number. */
export function freezeDurationText(ms: number | null | undefined): string {
  return typeof ms === 'number' && Number.isFinite(ms) ? formatFreezeDuration(ms) : MISSING_TIME_TEXT;
}

/** The Info dialog's Freeze Threshold as a percent ('5%'); 'Not set' without a number. */
export function freezeThresholdText(percent: number | null | undefined): string {
  return typeof percent === 'number' && Number.isFinite(percent) ? `${percent}%` : MISSING_TIME_TEXT;
}

export const phaseLabels: Record<GroupPhase, string> = {
  upcoming: 'Upcoming',
  running: 'Running',
  ended: 'Ended',
};

/** The API's phase when it sent one, otherwise worked out from the dates. */
export function phaseOf(
  group: { phase?: GroupPhase; startDate: string | null; endDate: string | null },
  nowMs = Date.now(),
): GroupPhase {
  return (
    group.phase ?? groupPhase({ startDate: group.startDate ?? null, endDate: group.endDate ?? null }, nowMs)
  );
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** 'in 7 days', 'tomorrow', '3 hours ago', 'in 2 months'. */
export function relativeTime(value: Date, nowMs = Date.now()): string {
  const diff = value.getTime() - nowMs;
  const size = Math.abs(diff);
  const format = relativeFormat();
  if (size < HOUR) return format.format(Math.round(diff / MINUTE), 'minute');
  if (size < DAY) return format.format(Math.round(diff / HOUR), 'hour');
  if (size < 60 * DAY) return format.format(Math.round(diff / DAY), 'day');
  if (size < 365 * DAY) return format.format(Math.round(diff / (30 * DAY)), 'month');
  return format.format(Math.round(diff / (365 * DAY)), 'year');
}

/**
 * The card's one line about time, relative so it reads at a glance and never repeats the Info
 * dialog's dates: 'Starts in 7 days', 'Ends tomorrow', 'Ended 10 days ago'.
 */
export function scheduleSummary(
  group: { startDate: string | null; endDate: string | null },
  phase: GroupPhase,
  nowMs = Date.now(),
): { text: string; dateTime: string | null } {
  const start = readWhen(group.startDate);
  const end = readWhen(group.endDate);
  if (phase === 'upcoming' && start) {
    return { text: `Starts ${relativeTime(start.date, nowMs)}`, dateTime: group.startDate };
  }
  if (phase === 'running' && end)
    return { text: `Ends ${relativeTime(end.date, nowMs)}`, dateTime: group.endDate };
  if (phase === 'ended' && end)
    return { text: `Ended ${relativeTime(end.date, nowMs)}`, dateTime: group.endDate };
  if (phase === 'running') return { text: 'Running now, no end date set', dateTime: null };
  return { text: 'Dates to be announced', dateTime: null };
}
