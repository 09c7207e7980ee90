import { type DbExecutor, instruments } from '@candlewise/db';

/** The currency of each symbol Candlewise lists (upper case), for template rows that leave it empty. */
export async function listedCurrencies(db: DbExecutor): Promise<Record<string, string>> {
  const rows = await db
    .select({ symbol: instruments.symbol, currency: instruments.currency })
    .from(instruments);
  return Object.fromEntries(rows.map((row) => [row.symbol.toUpperCase(), row.currency]));
}

/** A symbol's listed currency, or null (a plain record crosses to a worker thread; a function does not). */
export function currencyLookup(listed: Record<string, string>): (symbol: string) => string | null {
  return (symbol) => listed[symbol.toUpperCase()] ?? null;
}
