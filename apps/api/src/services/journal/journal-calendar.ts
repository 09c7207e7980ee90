import { type DbExecutor, journalEntries, journalTrades } from '@candlewise/db';
import { zoneClock } from '@candlewise/shared';
import { and, eq, gte, isNotNull, lt } from 'drizzle-orm';
import { chooseCurrency, listJournalCurrencies } from './journal-currencies.ts';
import { startOfLocalDay } from './journal-trade-filters.ts';

function monthBounds(month: string) {
  const [year, monthIndex] = month.split('-').map(Number);
  const first = `${month}-01`;
  const next = new Date(Date.UTC(year, monthIndex, 1)).toISOString().slice(0, 10);
  return { first, next };
}

/**
 * Each day of a month with closed trades or an entry: net P&L (by exit day, in the learner's zone)
 * and trade count in one currency (asked for, else the main one), and the entry's rating.
 */
export async function getJournalCalendar(
  db: DbExecutor,
  viewer: { id: string; timeZone: string },
  month: string,
  requestedCurrency?: string,
) {
  const userId = viewer.id;
  const { timeZone } = viewer;
  const { first, next } = monthBounds(month);
  const currencies = await listJournalCurrencies(db, userId);
  const currency = chooseCurrency(currencies, requestedCurrency);
  const [trades, entries] = await Promise.all([
    db
      .select({ exitTime: journalTrades.exitTime, pnl: journalTrades.pnl })
      .from(journalTrades)
      .where(
        and(
          eq(journalTrades.userId, userId),
          eq(journalTrades.currency, currency),
          isNotNull(journalTrades.pnl),
          gte(journalTrades.exitTime, startOfLocalDay(first, timeZone)),
          lt(journalTrades.exitTime, startOfLocalDay(next, timeZone)),
        ),
      ),
    db
      .select({ date: journalEntries.date, rating: journalEntries.rating, emotion: journalEntries.emotion })
      .from(journalEntries)
      .where(
        and(
          eq(journalEntries.userId, userId),
          gte(journalEntries.date, first),
          lt(journalEntries.date, next),
        ),
      ),
  ]);
  const days = new Map<
    string,
    {
      date: string;
      netPnl: number;
      trades: number;
      hasEntry: boolean;
      rating: number | null;
      emotion: string | null;
    }
  >();
  const day = (date: string) => {
    let found = days.get(date);
    if (!found) {
      found = { date, netPnl: 0, trades: 0, hasEntry: false, rating: null, emotion: null };
      days.set(date, found);
    }
    return found;
  };
  const clock = zoneClock(timeZone);
  for (const trade of trades) {
    const row = day(clock.localDate(trade.exitTime!.getTime()));
    row.netPnl = Math.round((row.netPnl + trade.pnl!) * 1e6) / 1e6;
    row.trades += 1;
  }
  for (const entry of entries)
    Object.assign(day(entry.date), { hasEntry: true, rating: entry.rating, emotion: entry.emotion });
  return {
    month,
    currency,
    currencies,
    timeZone,
    days: [...days.values()].sort((a, b) => a.date.localeCompare(b.date)),
  };
}
