import { journalTrades } from '@candlewise/db';
import type { JournalFilters } from '@candlewise/shared';
import { and, eq, gte, lt, type SQL, sql } from 'drizzle-orm';

const DAY = 86_400_000;

/** The first moment of a local calendar day, in UTC. */
export function startOfLocalDay(date: string, utcOffsetMinutes: number): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) - utcOffsetMinutes * 60_000);
}

export function endOfLocalDay(date: string, utcOffsetMinutes: number): Date {
  return new Date(startOfLocalDay(date, utcOffsetMinutes).getTime() + DAY);
}

/** A trade's day is the day it closed, or the day it opened while it is still open. */
export const tradeDayTime = sql`coalesce(${journalTrades.exitTime}, ${journalTrades.entryTime})`;

/** The WHERE of the trades list, statistics and export: always the caller's own trades. */
export function journalTradeConditions(userId: string, filters: Partial<JournalFilters>): SQL {
  const offset = filters.utcOffsetMinutes ?? 0;
  const conditions: SQL[] = [eq(journalTrades.userId, userId)];
  if (filters.from) conditions.push(gte(tradeDayTime, startOfLocalDay(filters.from, offset)));
  if (filters.to) conditions.push(lt(tradeDayTime, endOfLocalDay(filters.to, offset)));
  if (filters.symbol) conditions.push(eq(journalTrades.symbol, filters.symbol));
  if (filters.source) conditions.push(eq(journalTrades.source, filters.source));
  if (filters.tag) {
    conditions.push(
      sql`(${filters.tag} = any(${journalTrades.setupTags}) or ${filters.tag} = any(${journalTrades.mistakeTags}))`,
    );
  }
  return and(...conditions)!;
}
