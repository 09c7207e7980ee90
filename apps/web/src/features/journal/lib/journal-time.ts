import { DEFAULT_TIME_ZONE, zoneClock } from '@candlewise/shared/journal/zone-time';
import { useCurrentUser } from '@/lib/current-user';

/** The zone the journal's days and hours are read in: the learner's profile time zone. */
export function useJournalTimeZone(): string {
  return useCurrentUser()?.timeZone ?? DEFAULT_TIME_ZONE;
}

/** Today in the learner's zone, YYYY-MM-DD. */
export function todayDate(timeZone: string = DEFAULT_TIME_ZONE, now = new Date()): string {
  return zoneClock(timeZone).localDate(now.getTime());
}

const money = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2, minimumFractionDigits: 0 });
const symbols = new Map<string, string>();

/** ₹, $, € … for a currency code; the code itself when it has no narrow symbol. */
export function currencySymbol(currency: string): string {
  let symbol = symbols.get(currency);
  if (symbol === undefined) {
    try {
      symbol =
        new Intl.NumberFormat('en-IN', { style: 'currency', currency, currencyDisplay: 'narrowSymbol' })
          .formatToParts(0)
          .find((part) => part.type === 'currency')?.value ?? `${currency} `;
    } catch {
      symbol = `${currency} `;
    }
    symbols.set(currency, symbol);
  }
  return symbol;
}

/** "+1,234.5" / "−80", or "+₹1,234.5" with a currency: signed amounts, never two currencies added. */
export function formatPnl(value: number | null | undefined, currency?: string): string {
  if (value === null || value === undefined) return '—';
  const unit = currency ? currencySymbol(currency) : '';
  if (value === 0) return `${unit}0`;
  return `${value > 0 ? '+' : '−'}${unit}${money.format(Math.abs(value))}`;
}

/** Amounts per currency, in the order the currencies first appear. */
export function sumByCurrency<T>(
  items: readonly T[],
  amount: (item: T) => number | null,
  currency: (item: T) => string,
): Array<{ currency: string; total: number }> {
  const totals = new Map<string, number>();
  for (const item of items) {
    const value = amount(item);
    if (value === null) continue;
    totals.set(currency(item), Math.round(((totals.get(currency(item)) ?? 0) + value) * 1e6) / 1e6);
  }
  return [...totals.entries()].map(([code, total]) => ({ currency: code, total }));
}

export function formatNumber(value: number | null | undefined, digits = 2): string {
  if (value === null || value === undefined) return '—';
  return value.toLocaleString('en-IN', { maximumFractionDigits: digits });
}

export function pnlClass(value: number | null | undefined): string {
  if (!value) return '';
  return value > 0 ? 'cw-journal-profit' : 'cw-journal-loss';
}
