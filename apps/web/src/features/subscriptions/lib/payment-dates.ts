import { formatLongUsDate } from '@candlewise/shared/subscription/plan-rules';

/** An ISO time as the long US date of the manage page, e.g. 'November 21, 2026' (viewer's time zone). */
export function formatIsoLongUsDate(iso: string): string {
  return formatLongUsDate(Date.parse(iso) / 1000);
}

/** 'November 21, 2026 – December 21, 2026'; null when the provider did not say. */
export function formatPaymentPeriod(start: string | null, end: string | null): string | null {
  if (!start || !end) return null;
  return `${formatIsoLongUsDate(start)} – ${formatIsoLongUsDate(end)}`;
}
