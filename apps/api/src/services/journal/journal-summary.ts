import { type DbExecutor, journalEntries, journalTrades } from '@candlewise/db';
import { localDate } from '@candlewise/shared';
import { and, count, desc, eq, gte, isNotNull, sql } from 'drizzle-orm';
import { chooseCurrency, listJournalCurrencies } from './journal-currencies.ts';
import { startOfLocalDay } from './journal-trade-filters.ts';

const DAY = 86_400_000;

/**
 * The /home card: whether today's entry is written, the streak of consecutive days with an entry
 * (ending today, or yesterday while today is still open) and this month's P&L in the learner's main
 * currency. Days are the learner's (their profile's time zone).
 */
export async function getJournalSummary(
  db: DbExecutor,
  viewer: { id: string; timeZone: string },
  now = new Date(),
) {
  const userId = viewer.id;
  const today = localDate(now, viewer.timeZone);
  const monthStart = `${today.slice(0, 7)}-01`;
  const currency = chooseCurrency(await listJournalCurrencies(db, userId));
  const [recent, [month]] = await Promise.all([
    db
      .select({ date: journalEntries.date })
      .from(journalEntries)
      .where(eq(journalEntries.userId, userId))
      .orderBy(desc(journalEntries.date))
      .limit(400),
    db
      .select({ netPnl: sql<number>`coalesce(sum(${journalTrades.pnl}), 0)::float8`, trades: count() })
      .from(journalTrades)
      .where(
        and(
          eq(journalTrades.userId, userId),
          eq(journalTrades.currency, currency),
          isNotNull(journalTrades.pnl),
          gte(journalTrades.exitTime, startOfLocalDay(monthStart, viewer.timeZone)),
        ),
      ),
  ]);
  const dates = new Set(recent.map((row) => row.date));
  let cursor = Date.parse(`${today}T00:00:00Z`);
  if (!dates.has(today)) cursor -= DAY;
  let streak = 0;
  while (dates.has(new Date(cursor).toISOString().slice(0, 10))) {
    streak += 1;
    cursor -= DAY;
  }
  return {
    today,
    wroteToday: dates.has(today),
    entryStreak: streak,
    monthNetPnl: Math.round(Number(month.netPnl) * 100) / 100,
    monthTrades: month.trades,
    currency,
    lastEntryDate: recent[0]?.date ?? null,
  };
}
