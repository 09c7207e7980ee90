import { journalTrades } from '@candlewise/db';
import { type JournalFilters, zoneClock } from '@candlewise/shared';
import { and, eq, gte, lt, type SQL, sql } from 'drizzle-orm';

/** The first moment of a calendar day in the learner's zone. */
export function startOfLocalDay(date: string, timeZone: string): Date {
  return zoneClock(timeZone).startOfDay(date);
}

/** The first moment of the next day (a day is 23 or 25 hours long when the clocks change). */
export function endOfLocalDay(date: string, timeZone: string): Date {
  const next = new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return startOfLocalDay(next, timeZone);
}

/** A trade's day is the day it closed, or the day it opened while it is still open. */
export const tradeDayTime = sql`coalesce(${journalTrades.exitTime}, ${journalTrades.entryTime})`;

/** The WHERE of the trades list, statistics and export: always the caller's own trades. */
export function journalTradeConditions(
  userId: string,
  filters: Partial<JournalFilters>,
  timeZone: string,
): SQL {
  const conditions: SQL[] = [eq(journalTrades.userId, userId)];
  if (filters.from) conditions.push(gte(tradeDayTime, startOfLocalDay(filters.from, timeZone)));
  if (filters.to) conditions.push(lt(tradeDayTime, endOfLocalDay(filters.to, timeZone)));
  if (filters.symbol) conditions.push(eq(journalTrades.symbol, filters.symbol));
  if (filters.source) conditions.push(eq(journalTrades.source, filters.source));
  if (filters.currency) conditions.push(eq(journalTrades.currency, filters.currency));
  if (filters.tag) {
    conditions.push(
      sql`(${filters.tag} = any(${journalTrades.setupTags}) or ${filters.tag} = any(${journalTrades.mistakeTags}))`,
    );
  }
  return and(...conditions)!;
}
