const units: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/**
 * "just now", "5 minutes ago", "yesterday", "3 weeks ago": how long before `now` a notification
 * came, in the largest unit that fits. Null for a date that cannot be read.
 */
export function formatRelativeTime(iso: string, now: number, locale?: string): string | null {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return null;
  const seconds = Math.round((time - now) / 1000);
  // Under a minute, and slight clock differences between server and browser, read as "just now".
  if (Math.abs(seconds) < 45) return 'just now';
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const [unit, size] =
    units.find(([, unitSeconds]) => Math.abs(seconds) >= unitSeconds) ?? units[units.length - 1];
  return format.format(Math.round(seconds / size), unit);
}

/**
 * Made on first use, not when the module loads: the first date-time format with date and time styles
 * costs tens of milliseconds on a phone, and this module comes with pages (/home) that may show no
 * date at all.
 */
let absoluteFormat: Intl.DateTimeFormat | undefined;

/** The full date and time, for the tooltip beside the relative one. */
export function formatAbsoluteTime(iso: string): string | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  absoluteFormat ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return absoluteFormat.format(date);
}
