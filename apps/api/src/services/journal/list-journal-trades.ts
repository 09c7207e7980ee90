import { type DbExecutor, journalTrades } from '@candlewise/db';
import type { JournalFilters } from '@candlewise/shared';
// The sorts are part of the contract (GET /journal/trades?sort=).
import { JOURNAL_TRADE_SORTS } from '@candlewise/shared/journal/journal-contract';
import { asc, count, desc, sql } from 'drizzle-orm';
import { journalTradeConditions, tradeDayTime } from './journal-trade-filters.ts';
import { toJournalTrade } from './to-journal-trade.ts';

export { JOURNAL_TRADE_SORTS };

const sortColumns = {
  date: tradeDayTime,
  symbol: journalTrades.symbol,
  pnl: journalTrades.pnl,
  quantity: journalTrades.quantity,
};

/** One page of the caller's trades with the filters, and the symbols and tags to filter by. */
export async function listJournalTrades(
  db: DbExecutor,
  userId: string,
  timeZone: string,
  query: JournalFilters & {
    sort: (typeof JOURNAL_TRADE_SORTS)[number];
    order: 'asc' | 'desc';
    page: number;
    pageSize: number;
  },
) {
  const where = journalTradeConditions(userId, query, timeZone);
  const direction = query.order === 'asc' ? asc : desc;
  const [rows, [{ total }], [facets]] = await Promise.all([
    db
      .select()
      .from(journalTrades)
      .where(where)
      .orderBy(sql`${direction(sortColumns[query.sort])} nulls last`, direction(journalTrades.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(journalTrades).where(where),
    db
      .select({
        symbols: sql<
          string[]
        >`coalesce(array(select distinct symbol from journal_trades where user_id = ${userId} order by 1), '{}')`,
        setupTags: sql<
          string[]
        >`coalesce(array(select distinct unnest(setup_tags) from journal_trades where user_id = ${userId} order by 1), '{}')`,
        mistakeTags: sql<
          string[]
        >`coalesce(array(select distinct unnest(mistake_tags) from journal_trades where user_id = ${userId} order by 1), '{}')`,
        currencies: sql<
          string[]
        >`coalesce(array(select distinct currency from journal_trades where user_id = ${userId} order by 1), '{}')`,
      })
      .from(sql`(select 1) as one`),
  ]);
  return {
    trades: rows.map(toJournalTrade),
    total,
    page: query.page,
    pageSize: query.pageSize,
    facets,
  };
}
