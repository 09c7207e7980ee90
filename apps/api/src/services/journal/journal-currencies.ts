import { type DbExecutor, journalTrades } from '@candlewise/db';
import { DEFAULT_CURRENCY } from '@candlewise/shared';
import { asc, count, desc, eq } from 'drizzle-orm';

export type JournalCurrency = { currency: string; trades: number };

/** The currencies of the learner's trades, the one with most trades (the main one) first. */
export async function listJournalCurrencies(db: DbExecutor, userId: string): Promise<JournalCurrency[]> {
  return db
    .select({ currency: journalTrades.currency, trades: count() })
    .from(journalTrades)
    .where(eq(journalTrades.userId, userId))
    .groupBy(journalTrades.currency)
    .orderBy(desc(count()), asc(journalTrades.currency));
}

/** The currency asked for, else the learner's main one: amounts of two currencies are never added. */
export function chooseCurrency(currencies: readonly JournalCurrency[], requested?: string): string {
  return requested ?? currencies[0]?.currency ?? DEFAULT_CURRENCY;
}
