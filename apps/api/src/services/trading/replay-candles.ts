import type { groups } from '@candlewise/db';
import { type DbExecutor, replayBars } from '@candlewise/db';
import { MINUTE_MS, priceInBar, type ReplayBar, replayTime } from '@candlewise/shared';
import { and, desc, eq, gte, lte } from 'drizzle-orm';

type GroupRow = typeof groups.$inferSelect;

/**
 * A replay competition's chart: the bars replayed so far, the minute in progress cut at the
 * replayed moment (its high, low and close so far — never the rest of the minute).
 */
export async function replayCandles(
  db: DbExecutor,
  group: GroupRow,
  symbol: string,
  now: number,
  limit: number,
) {
  if (group.marketMode !== 'replay' || !group.replayFrom || !group.startDate) return [];
  const at = replayTime(group.replayFrom.getTime(), group.startDate.getTime(), group.replaySpeed, now);
  const rows = await db
    .select()
    .from(replayBars)
    .where(
      and(
        eq(replayBars.symbol, symbol),
        gte(replayBars.time, group.replayFrom),
        lte(replayBars.time, new Date(at)),
      ),
    )
    .orderBy(desc(replayBars.time))
    .limit(limit);
  return rows.reverse().map((row) => {
    const bar: ReplayBar = {
      time: row.time.getTime(),
      open: row.open,
      high: row.high,
      low: row.low,
      close: row.close,
      volume: row.volume,
    };
    if (at >= bar.time + MINUTE_MS)
      return { time: bar.time, open: bar.open, high: bar.high, low: bar.low, close: bar.close };
    // The minute in progress: walk its path up to now, second by second.
    let high = bar.open;
    let low = bar.open;
    for (let moment = bar.time; moment <= at; moment += 1000) {
      const price = priceInBar(bar, moment);
      high = Math.max(high, price);
      low = Math.min(low, price);
    }
    return { time: bar.time, open: bar.open, high, low, close: priceInBar(bar, at) };
  });
}
