import { type DbExecutor, journalTrades } from '@candlewise/db';
import { computeStatistics, type JournalFilters, type StatisticsTrade } from '@candlewise/shared';
import { sql } from 'drizzle-orm';
import { journalTradeConditions } from './journal-trade-filters.ts';

type PackedTrade = [string, number, number | null, number | null, number | null, string[], string[]];

/**
 * DESIGN §10's statistics over the caller's trades that pass the filters. Only what the rule needs
 * is read, packed by the database into one JSON array: the embedded database hands rows over slowly
 * (tens of µs each), so 100,000 trades as one value read several times faster
 * (`npm run bench:journal`). The numbers are then computed by the shared, unit-tested rule.
 */
export async function getJournalStatistics(db: DbExecutor, userId: string, filters: JournalFilters) {
  const [row] = await db
    .select({
      packed: sql<string | null>`json_agg(json_build_array(
        ${journalTrades.symbol},
        floor(extract(epoch from ${journalTrades.entryTime}) * 1000)::float8,
        floor(extract(epoch from ${journalTrades.exitTime}) * 1000)::float8,
        ${journalTrades.pnl}::float8,
        (abs(${journalTrades.entryPrice} - ${journalTrades.stopPrice}) * ${journalTrades.quantity})::float8,
        ${journalTrades.setupTags},
        ${journalTrades.mistakeTags}))::text`,
    })
    .from(journalTrades)
    .where(journalTradeConditions(userId, filters));
  const packed: PackedTrade[] = row?.packed ? JSON.parse(row.packed) : [];
  const trades = packed.map(
    ([symbol, entryMs, exitMs, pnl, risk, setupTags, mistakeTags]): StatisticsTrade => ({
      symbol,
      entryMs: entryMs!,
      exitMs,
      pnl,
      risk,
      setupTags,
      mistakeTags,
    }),
  );
  return computeStatistics(trades, { utcOffsetMinutes: filters.utcOffsetMinutes });
}
