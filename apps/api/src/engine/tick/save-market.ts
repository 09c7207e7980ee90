import { candles as candlesTable, type DbExecutor, marketState } from '@candlewise/db';
import { minorToDecimalText, minorUnitsOf } from '@candlewise/shared';
import { sql } from 'drizzle-orm';
import type { GroupState } from '../account-book.ts';
import type { Candle } from '../candle-book.ts';
import type { FeedState } from '../simulated-feed.ts';

export type MarketSave = {
  /** The simulated feed's state per symbol (mid and generator state). */
  feed: Map<string, FeedState>;
  /** Candles changed since the last save. */
  candles: Array<Candle & { symbol: string }>;
  /** Every competition in memory; with `snapshot`, the equity and peak of their accounts are saved. */
  groups: Iterable<GroupState>;
  snapshot: boolean;
};

/**
 * The market as of this tick (mid and generator state), the candles in progress and, every few
 * ticks, every account's equity and peak: a new leader continues exactly from here. Runs inside
 * the tick's fenced transaction (persist-tick.ts) or the final save of a graceful stop.
 */
export async function saveMarket(tx: DbExecutor, save: MarketSave): Promise<void> {
  const market = [...save.feed].map(([symbol, state]) => ({
    symbol,
    mid: state.mid,
    rngState: state.rngState,
    updatedAt: new Date(),
  }));
  if (market.length) {
    await tx
      .insert(marketState)
      .values(market)
      .onConflictDoUpdate({
        target: marketState.symbol,
        set: {
          mid: sql`excluded.mid`,
          rngState: sql`excluded.rng_state`,
          updatedAt: sql`excluded.updated_at`,
        },
      });
  }
  if (save.candles.length) {
    await tx
      .insert(candlesTable)
      .values(
        save.candles.map((candle) => ({
          symbol: candle.symbol,
          startTime: new Date(candle.time),
          open: candle.open,
          high: candle.high,
          low: candle.low,
          close: candle.close,
        })),
      )
      .onConflictDoUpdate({
        target: [candlesTable.symbol, candlesTable.startTime],
        set: { high: sql`excluded.high`, low: sql`excluded.low`, close: sql`excluded.close` },
      });
  }
  if (save.snapshot) await saveEquitySnapshot(tx, save.groups);
}

const amountText = (value: number | null) =>
  value === null ? null : minorToDecimalText(minorUnitsOf(value));

async function saveEquitySnapshot(tx: DbExecutor, groups: Iterable<GroupState>): Promise<void> {
  const rows: Array<{
    id: string;
    equity: number;
    peak: number;
    dayEquity: number | null;
    dayAt: number | null;
    phase: number;
    dayBalance: number | null;
    eodHigh: number | null;
    equityHigh: number | null;
    maxDrawdown: number;
  }> = [];
  for (const group of groups) {
    if (group.finalized) continue;
    for (const account of group.accounts.values())
      if (!account.removed)
        rows.push({
          id: account.id,
          equity: account.equity,
          peak: account.peakEquity,
          dayEquity: account.dayStartEquity,
          dayAt: account.dayStartedAt,
          phase: account.phase,
          dayBalance: account.dayStartBalance,
          eodHigh: account.eodHighBalance,
          equityHigh: account.equityHigh,
          maxDrawdown: account.maxDrawdownPercent,
        });
  }
  for (let i = 0; i < rows.length; i += 1000) {
    const chunk = rows.slice(i, i + 1000);
    const values = sql.join(
      chunk.map(
        (row) =>
          sql`(${row.id}::text, ${minorToDecimalText(minorUnitsOf(row.equity))}::numeric,
            ${minorToDecimalText(minorUnitsOf(row.peak))}::numeric,
            ${row.dayEquity === null ? null : minorToDecimalText(minorUnitsOf(row.dayEquity))}::numeric,
            ${row.dayAt === null ? null : new Date(row.dayAt).toISOString()}::timestamptz, ${row.phase}::int,
            ${amountText(row.dayBalance)}::numeric, ${amountText(row.eodHigh)}::numeric,
            ${amountText(row.equityHigh)}::numeric, ${String(row.maxDrawdown)}::numeric)`,
      ),
      sql`, `,
    );
    // Only the rows whose figures changed: most members hold nothing between two snapshots, and a
    // row lock (let alone an update) of an unchanged row still writes it.
    // Equity, peak and the day's start only: balance, positions and the version belong to the ledger's saves. Rows
    // another writer holds right now are skipped (their snapshot waits for the next one) rather
    // than waited for: this statement locks many rows, and waiting here could close a cycle.
    // The challenge's running figures (the day's start, the highs, the largest drawdown) only for
    // the phase the memory knows: a phase that just began is not overwritten with the last one's.
    await tx.execute(sql`with v(id, equity, peak, day_equity, day_at, phase, day_balance, eod_high, equity_high,
        max_drawdown) as (values ${values}),
      free as (select t.id from trading_accounts t join v on v.id = t.id
        where t.equity is distinct from v.equity or t.peak_equity is distinct from greatest(v.peak, 0)
          or t.day_start_equity is distinct from v.day_equity or t.day_started_at is distinct from v.day_at
          or (t.phase = v.phase and (t.day_start_balance is distinct from v.day_balance
            or t.eod_high_balance is distinct from v.eod_high or t.equity_high is distinct from v.equity_high
            or v.max_drawdown > t.max_drawdown_percent))
        order by t.id for update of t skip locked)
      update trading_accounts as t set equity = v.equity, peak_equity = greatest(v.peak, 0),
        day_start_equity = v.day_equity, day_started_at = v.day_at,
        day_start_balance = case when t.phase = v.phase then v.day_balance else t.day_start_balance end,
        eod_high_balance = case when t.phase = v.phase then v.eod_high else t.eod_high_balance end,
        equity_high = case when t.phase = v.phase then v.equity_high else t.equity_high end,
        max_drawdown_percent = case when t.phase = v.phase then greatest(v.max_drawdown, t.max_drawdown_percent)
          else t.max_drawdown_percent end
      from v where t.id = v.id and t.id in (select id from free)`);
  }
}
