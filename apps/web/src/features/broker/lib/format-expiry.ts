const absolute = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

/** "in 5 hours", "in 40 minutes", "3 hours ago": the nearest whole unit, minutes to days. */
export function relativeTime(at: Date, now: Date): string {
  const minutes = Math.round((at.getTime() - now.getTime()) / 60_000);
  if (Math.abs(minutes) < 60) return relative.format(minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (Math.abs(hours) < 48) return relative.format(hours, 'hour');
  return relative.format(Math.round(hours / 24), 'day');
}

/**
 * A broker access token's expiry for people: whether it has passed, and "Access token expires in 5
 * hours (24 Nov 2026, 15:37)" or "Access token expired 2 hours ago (…)" in the reader's time zone.
 */
export function describeTokenExpiry(iso: string, now: Date = new Date()): { expired: boolean; text: string } {
  const at = new Date(iso);
  const expired = at.getTime() <= now.getTime();
  return {
    expired,
    text: `Access token ${expired ? 'expired' : 'expires'} ${relativeTime(at, now)} (${absolute.format(at)})`,
  };
}
