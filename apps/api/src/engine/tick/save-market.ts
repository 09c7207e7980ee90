import { candles as candlesTable, type DbExecutor, marketState } from '@candlewise/db';
import { minorToDecimalText, minorUnitsOf } from '@candlewise/shared';
import { sql } from 'drizzle-orm';
import type { AccountState, GroupState } from '../account-book.ts';
import type { Candle } from '../candle-book.ts';
import type { FeedState } from '../simulated-feed.ts';

export type MarketSave = {
  /** The simulated feed's state per symbol (mid and generator state). */
  feed: Map<string, FeedState>;
  /** Candles changed since the last save. */
  candles: Array<Candle & { symbol: string }>;
  /** The competitions in memory; with `snapshot`, the equity and peak of their accounts are saved. */
  groups: Iterable<GroupState>;
  snapshot: boolean;
};

/**
 * The market as of this tick (mid and generator state), the candles in progress and, with
 * `snapshot` (a graceful stop), every live account's equity and peak: a new leader continues
 * exactly from here. Runs inside the tick's fenced transaction (persist-tick.ts) or the final save
 * of a graceful stop; while the engine runs, equity snapshots go through `EquitySnapshots`.
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
  if (save.snapshot) await saveEquitySnapshot(tx, [...liveAccounts(save.groups)].map(snapshotRowOf));
}

const amountText = (value: number | null) =>
  value === null ? null : minorToDecimalText(minorUnitsOf(value));

/** One account's figures as an equity snapshot saves them. */
export type SnapshotRow = {
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
};

function snapshotRowOf(account: AccountState): SnapshotRow {
  return {
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
  };
}

/** The live accounts of the competitions not yet finalised. */
function* liveAccounts(groups: Iterable<GroupState>): Generator<AccountState> {
  for (const group of groups) {
    if (group.finalized) continue;
    for (const account of group.accounts.values()) if (!account.removed) yield account;
  }
}

/**
 * What this process last saved of each account in memory (its figures and the ledger version it
 * saw), so a snapshot sends only the accounts whose figures moved since: at 100 competitions of a
 * thousand members, most hold nothing and their equity stands still. Keyed by the account object,
 * so an account loaded again (a new object) is sent again, and a competition dropped is forgotten.
 */
export class EquitySnapshots {
  private readonly saved = new WeakMap<AccountState, SavedFigures>();

  /** The rows of `groups` changed since last saved here, each with what to remember once committed. */
  changed(groups: Iterable<GroupState>): PendingSnapshot {
    const rows: SnapshotRow[] = [];
    const figures: Array<[AccountState, SavedFigures]> = [];
    for (const account of liveAccounts(groups)) {
      const last = this.saved.get(account);
      if (last && sameFigures(last, account)) continue;
      const row = snapshotRowOf(account);
      rows.push(row);
      figures.push([account, { version: account.version, row }]);
    }
    const commit = (skipped: ReadonlySet<string> = new Set()) => {
      for (const [account, saved] of figures) if (!skipped.has(account.id)) this.saved.set(account, saved);
    };
    return { rows, commit };
  }
}

type SavedFigures = { version: number; row: SnapshotRow };

function sameFigures(saved: SavedFigures, account: AccountState): boolean {
  const row = saved.row;
  return (
    saved.version === account.version &&
    row.equity === account.equity &&
    row.peak === account.peakEquity &&
    row.dayEquity === account.dayStartEquity &&
    row.dayAt === account.dayStartedAt &&
    row.phase === account.phase &&
    row.dayBalance === account.dayStartBalance &&
    row.eodHigh === account.eodHighBalance &&
    row.equityHigh === account.equityHigh &&
    row.maxDrawdown === account.maxDrawdownPercent
  );
}

export type PendingSnapshot = {
  rows: SnapshotRow[];
  /**
   * Remembers the rows as saved, but those `skipped` (another writer held them): call after the
   * transaction that saved them committed.
   */
  commit: (skipped?: ReadonlySet<string>) => void;
};

/**
 * Saves the equity, peak and the challenge's running figures of `rows` (skipping rows another
 * writer holds now, and rows whose stored figures already match). Runs in a fenced transaction.
 * Answers the ids of the rows that differ but another writer held: they were not saved.
 */
export async function saveEquitySnapshot(tx: DbExecutor, rows: readonly SnapshotRow[]): Promise<Set<string>> {
  const skipped = new Set<string>();
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
    const answer = (await tx.execute(sql`with v(id, equity, peak, day_equity, day_at, phase, day_balance,
        eod_high, equity_high, max_drawdown) as (values ${values}),
      differ as (select t.id from trading_accounts t join v on v.id = t.id
        where t.equity is distinct from v.equity or t.peak_equity is distinct from greatest(v.peak, 0)
          or t.day_start_equity is distinct from v.day_equity or t.day_started_at is distinct from v.day_at
          or (t.phase = v.phase and (t.day_start_balance is distinct from v.day_balance
            or t.eod_high_balance is distinct from v.eod_high or t.equity_high is distinct from v.equity_high
            or v.max_drawdown > t.max_drawdown_percent))),
      free as (select t.id from trading_accounts t where t.id in (select id from differ)
        order by t.id for update of t skip locked),
      saved as (update trading_accounts as t set equity = v.equity, peak_equity = greatest(v.peak, 0),
        day_start_equity = v.day_equity, day_started_at = v.day_at,
        day_start_balance = case when t.phase = v.phase then v.day_balance else t.day_start_balance end,
        eod_high_balance = case when t.phase = v.phase then v.eod_high else t.eod_high_balance end,
        equity_high = case when t.phase = v.phase then v.equity_high else t.equity_high end,
        max_drawdown_percent = case when t.phase = v.phase then greatest(v.max_drawdown, t.max_drawdown_percent)
          else t.max_drawdown_percent end
      from v where t.id = v.id and t.id in (select id from free) returning t.id)
      select id from differ where id not in (select id from saved)`)) as unknown as {
      rows: Array<{ id: string }>;
    };
    for (const row of answer.rows) skipped.add(row.id);
  }
  return skipped;
}
