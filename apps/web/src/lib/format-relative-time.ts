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

const absoluteFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The full date and time, for the tooltip beside the relative one. */
export function formatAbsoluteTime(iso: string): string | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : absoluteFormat.format(date);
}
