/**
 * The zone of an exchange's trading day, for the same-day short rule of round-trips.ts: a US
 * intraday short (09:35 → 15:30 New York) spans Indian midnight, so counting days in the learner's
 * zone would split it. Sources that name the exchange say where; otherwise the price currency
 * tells the main market of a stock priced in it.
 */
const ZONES_BY_CURRENCY: Record<string, string> = {
  USD: 'America/New_York',
  CAD: 'America/Toronto',
  EUR: 'Europe/Berlin',
  GBP: 'Europe/London',
  CHF: 'Europe/Zurich',
  SEK: 'Europe/Stockholm',
  NOK: 'Europe/Oslo',
  DKK: 'Europe/Copenhagen',
  INR: 'Asia/Kolkata',
  JPY: 'Asia/Tokyo',
  HKD: 'Asia/Hong_Kong',
  SGD: 'Asia/Singapore',
  AUD: 'Australia/Sydney',
};

/** The trading-day zone of a stock priced in `currency`, or null when Candlewise does not know it. */
export function marketZoneForCurrency(currency: string): string | null {
  return ZONES_BY_CURRENCY[currency.toUpperCase()] ?? null;
}

/** Indian exchanges (NSE, BSE, MCX): Zerodha, Groww and Dhan fills. */
export const INDIAN_MARKET_ZONE = 'Asia/Kolkata';
/** US exchanges: Alpaca fills. */
export const US_MARKET_ZONE = 'America/New_York';
