import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { type DbExecutor, instruments, replayBars } from '@candlewise/db';
import { parseReplayBars, type ReplayBar } from '@candlewise/shared';
import { and, count, eq, gte, lte, max, min, sql } from 'drizzle-orm';
import { AppError, notFound } from '../../lib/app-error.ts';

/**
 * Stores an uploaded day (or several) of 1-minute bars for an instrument, replacing what was there
 * in the same span; all or nothing, every bad line named.
 */
export async function storeReplayBars(db: DbExecutor, symbol: string, csv: string) {
  const [instrument] = await db
    .select({ symbol: instruments.symbol })
    .from(instruments)
    .where(eq(instruments.symbol, symbol));
  if (!instrument) throw notFound(`Unknown instrument ${symbol}.`);
  const { bars, errors } = parseReplayBars(csv);
  if (errors.length) {
    const shown = errors.slice(0, 20);
    throw new AppError(
      400,
      'VALIDATION_FAILED',
      `${errors.length} line${errors.length === 1 ? '' : 's'} of the file cannot be used (first: line ${shown[0].line}: ${shown[0].message}). Nothing was stored.`,
      shown.map((error) => ({ path: `line ${error.line}`, message: error.message })),
    );
  }
  await writeBars(db, symbol, bars);
  return {
    symbol,
    stored: bars.length,
    first: new Date(bars[0].time).toISOString(),
    last: new Date(bars.at(-1)!.time).toISOString(),
  };
}

async function writeBars(db: DbExecutor, symbol: string, bars: ReplayBar[]) {
  await db
    .delete(replayBars)
    .where(
      and(
        eq(replayBars.symbol, symbol),
        gte(replayBars.time, new Date(bars[0].time)),
        lte(replayBars.time, new Date(bars.at(-1)!.time)),
      ),
    );
  for (let i = 0; i < bars.length; i += 1000) {
    await db.insert(replayBars).values(
      bars.slice(i, i + 1000).map((bar) => ({
        symbol,
        time: new Date(bar.time),
        open: bar.open,
        high: bar.high,
        low: bar.low,
        close: bar.close,
        volume: bar.volume,
      })),
    );
  }
}

/** What bars are stored, per instrument (Admin → Markets). */
export async function listReplayBars(db: DbExecutor) {
  const rows = await db
    .select({
      symbol: replayBars.symbol,
      bars: count(),
      first: min(replayBars.time),
      last: max(replayBars.time),
    })
    .from(replayBars)
    .groupBy(replayBars.symbol)
    .orderBy(replayBars.symbol);
  // The UTC days with at least one bar: a replay can start only on one of them (issue #43).
  const day = sql<string>`to_char(${replayBars.time} at time zone 'UTC', 'YYYY-MM-DD')`;
  const dayRows = await db
    .selectDistinct({ symbol: replayBars.symbol, day })
    .from(replayBars)
    .orderBy(replayBars.symbol, day);
  const days = new Map<string, string[]>();
  for (const row of dayRows) days.set(row.symbol, [...(days.get(row.symbol) ?? []), row.day]);
  return rows.map((row) => ({
    symbol: row.symbol,
    bars: row.bars,
    first: row.first ? new Date(row.first).toISOString() : null,
    last: row.last ? new Date(row.last).toISOString() : null,
    days: days.get(row.symbol) ?? [],
  }));
}

const SAMPLE_DAY = fileURLToPath(new URL('../../../assets/replay/btcusd-2023-03-10.csv', import.meta.url));

/**
 * The sample day (BTCUSD, 10 March 2023) on a database without bars, so a replay works offline.
 * One transaction under the seeding lock (the one seedDatabase takes): two processes starting
 * together on a fresh database store it once, and the second finds it there.
 */
export async function seedSampleReplayBars(db: DbExecutor): Promise<number> {
  const { bars } = parseReplayBars(await readFile(SAMPLE_DAY, 'utf8'));
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727002)`);
    const [{ stored }] = await tx.select({ stored: sql<number>`count(*)::int` }).from(replayBars);
    if (stored > 0) return 0;
    await writeBars(tx, 'BTCUSD', bars);
    return bars.length;
  });
}
