/**
 * Replayed days and uploaded bars are stored in UTC and an admin compares them with the exchange's
 * own files, so they are written in UTC whatever the reader's zone: '10 Mar 2023', '14:00'.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const pad = (value: number) => String(value).padStart(2, '0');

/** The UTC calendar day of an instant: '10 Mar 2023'. */
export function formatUtcDay(instant: string | number | Date): string {
  const date = new Date(instant);
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** The UTC hour and minute of an instant: '14:00'. */
export function formatUtcMinute(instant: string | number | Date): string {
  const date = new Date(instant);
  return `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
}

/** One UTC range: '10 Mar 2023 00:00 – 23:59 UTC', the day written once when both ends share it. */
export function formatUtcRange(first: string | number | Date, last: string | number | Date): string {
  const from = `${formatUtcDay(first)} ${formatUtcMinute(first)}`;
  const sameDay = formatUtcDay(first) === formatUtcDay(last);
  const to = sameDay ? formatUtcMinute(last) : `${formatUtcDay(last)} ${formatUtcMinute(last)}`;
  return `${from} – ${to} UTC`;
}
