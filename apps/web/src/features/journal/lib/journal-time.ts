/** The browser's offset from UTC in minutes (India +330): the API reads days and hours in it. */
export function browserUtcOffset(): number {
  return -new Date().getTimezoneOffset();
}

/** Today in the browser's zone, YYYY-MM-DD. */
export function todayDate(now = new Date()): string {
  return new Date(now.getTime() + browserUtcOffset() * 60_000).toISOString().slice(0, 10);
}

const money = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2, minimumFractionDigits: 0 });

/** "+1,234.5" / "−80": signed amounts in the account currency. */
export function formatPnl(value: number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  if (value === 0) return '0';
  return `${value > 0 ? '+' : '−'}${money.format(Math.abs(value))}`;
}

export function formatNumber(value: number | null | undefined, digits = 2): string {
  if (value === null || value === undefined) return '—';
  return value.toLocaleString('en-IN', { maximumFractionDigits: digits });
}

export function pnlClass(value: number | null | undefined): string {
  if (!value) return '';
  return value > 0 ? 'cw-journal-profit' : 'cw-journal-loss';
}
