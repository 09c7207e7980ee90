/** The number of minor units in the currency's major unit: 2 for INR and USD, 0 for JPY. */
export function currencyExponent(currency: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
    .maximumFractionDigits as number;
}

/**
 * An amount in a currency's minor unit, shown in that currency with all its digits, e.g.
 * (200000, 'INR') → '₹2,000.00', (1999, 'USD') → '$19.99'. Indian grouping by default (Candlewise
 * charges in rupees); a receipt never rounds.
 */
export function formatMoney(amountMinor: number, currency: string, locale = 'en-IN'): string {
  const code = currency.toUpperCase();
  const exponent = currencyExponent(code);
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: code,
    minimumFractionDigits: exponent,
    maximumFractionDigits: exponent,
  }).format(amountMinor / 10 ** exponent);
}
