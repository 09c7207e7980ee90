/**
 * The admin form's date-time fields are native `datetime-local` inputs: they hold the admin's
 * local wall-clock time as 'YYYY-MM-DDTHH:mm', while the API stores ISO-8601 instants.
 */
const pad = (value: number) => String(value).padStart(2, '0');

/** An ISO instant as 'YYYY-MM-DDTHH:mm' in this browser's time zone; '' without a valid value. */
export function toDateTimeLocal(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** 'YYYY-MM-DDTHH:mm' (local) as an ISO instant; '' when empty or not a date, so the schema says what is wrong. */
export function fromDateTimeLocal(local: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(local)) return '';
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}

/** An ISO instant as 'YYYY-MM-DDTHH:mm' in UTC (replayed minutes are bar times, kept in UTC); '' without one. */
export function toUtcDateTimeLocal(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 16);
}

/** 'YYYY-MM-DDTHH:mm' read as UTC, as an ISO instant; '' when empty or not a date. */
export function fromUtcDateTimeLocal(local: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(local)) return '';
  const date = new Date(`${local}Z`);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}
