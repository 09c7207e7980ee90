import { candles, type DbExecutor, groups, journalTrades, type UserRow } from '@candlewise/db';
import {
  canSeeJournalBreakdowns,
  computeStatistics,
  gateStatistics,
  type JournalFilters,
  type StatisticsTrade,
} from '@candlewise/shared';
import { and, eq, sql } from 'drizzle-orm';
import { chooseCurrency, listJournalCurrencies } from './journal-currencies.ts';
import { journalTradeConditions } from './journal-trade-filters.ts';

type PackedTrade = [
  string,
  number,
  number | null,
  number | null,
  number | null,
  string[],
  string[],
  'long' | 'short',
  number | null,
  number | null,
  [number, number] | null,
];

const t = journalTrades;
const c = candles;
/**
 * A trade's [MAE, MFE] in money (shared `tradeExcursion`, as its detail page shows them), or null
 * where the market's minutes are not known: only closed competition trades of a live-market
 * competition have candles, and a trade shorter than a minute is finer than the 1-minute data
 * (issue #43: "not enough data"). A replay competition's bars are on the replayed day's clock and
 * are left out here.
 */
const excursion = sql`case when ${t.source} = 'paper' and ${t.exitTime} is not null
    and ${t.exitTime} - ${t.entryTime} >= interval '1 minute'
    and not exists (select 1 from ${groups} where ${groups.id} = ${t.origin} and ${groups.marketMode} = 'replay')
  then (select case when count(*) = 0 then null else json_build_array(
      ((case when ${t.side} = 'long' then greatest(0, ${t.entryPrice} - min(${c.low})) else greatest(0, max(${c.high}) - ${t.entryPrice}) end) * ${t.quantity} * ${t.multiplier})::float8,
      ((case when ${t.side} = 'long' then greatest(0, max(${c.high}) - ${t.entryPrice}) else greatest(0, ${t.entryPrice} - min(${c.low})) end) * ${t.quantity} * ${t.multiplier})::float8) end
    from ${candles} where ${c.symbol} = ${t.symbol}
      and ${c.startTime} >= date_trunc('minute', ${t.entryTime}) and ${c.startTime} <= ${t.exitTime})
  end`;

/** Who reads the statistics: their zone decides days and hours, their plan the Pro sections. */
export type JournalViewer = Pick<UserRow, 'id' | 'timeZone' | 'role' | 'planStatus' | 'planExpirationDate'>;

/**
 * The statistics of docs/architecture.md §Journal over the caller's trades in one currency (asked for, else the one with
 * most trades) that pass the filters; the currencies that exist are listed so the page can switch.
 * Only what the rule needs is read, packed by the database into one JSON array in exit-then-id
 * order: the embedded database hands rows over slowly (tens of µs each), so 100,000 trades as one
 * value read several times faster (`npm run bench:journal`). The numbers are then computed by the
 * shared, unit-tested rule, and the Pro sections are locked for learners without Pro.
 */
export async function getJournalStatistics(db: DbExecutor, viewer: JournalViewer, filters: JournalFilters) {
  const currencies = await listJournalCurrencies(db, viewer.id);
  const currency = chooseCurrency(currencies, filters.currency);
  const [row] = await db
    .select({
      packed: sql<string | null>`json_agg(json_build_array(
        ${journalTrades.symbol},
        floor(extract(epoch from ${journalTrades.entryTime}) * 1000)::float8,
        floor(extract(epoch from ${journalTrades.exitTime}) * 1000)::float8,
        ${journalTrades.pnl}::float8,
        (abs(${journalTrades.entryPrice} - ${journalTrades.stopPrice}) * ${journalTrades.quantity} * ${journalTrades.multiplier})::float8,
        ${journalTrades.setupTags},
        ${journalTrades.mistakeTags},
        ${journalTrades.side},
        (${journalTrades.entryPrice} * ${journalTrades.quantity} * ${journalTrades.multiplier})::float8,
        ${journalTrades.entryPrice}::float8,
        ${excursion}) order by ${journalTrades.exitTime}, ${journalTrades.id})::text`,
    })
    .from(journalTrades)
    .where(
      and(journalTradeConditions(viewer.id, filters, viewer.timeZone), eq(journalTrades.currency, currency)),
    );
  const packed: PackedTrade[] = row?.packed ? JSON.parse(row.packed) : [];
  const trades = packed.map(
    ([
      symbol,
      entryMs,
      exitMs,
      pnl,
      risk,
      setupTags,
      mistakeTags,
      side,
      notional,
      entryPrice,
      excursion,
    ]): StatisticsTrade => ({
      symbol,
      entryMs: entryMs!,
      exitMs,
      pnl,
      risk,
      setupTags,
      mistakeTags,
      side,
      notional,
      entryPrice,
      mae: excursion?.[0] ?? null,
      mfe: excursion?.[1] ?? null,
    }),
  );
  const statistics = computeStatistics(trades, { timeZone: viewer.timeZone });
  return {
    currency,
    currencies,
    timeZone: viewer.timeZone,
    breakdownsLocked: !canSeeJournalBreakdowns(viewer),
    ...gateStatistics(statistics, canSeeJournalBreakdowns(viewer)),
  };
}
