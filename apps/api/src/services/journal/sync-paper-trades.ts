import { type DbExecutor, fills, instruments, tradingAccounts } from '@candlewise/db';
import { type Execution, executionsToRoundTrips } from '@candlewise/shared';
import { eq } from 'drizzle-orm';
import { recordRoundTrips } from './record-round-trips.ts';

/**
 * Brings the learner's competition fills into the journal as verified 'paper' trades. Fills are
 * paired flat to flat per paper account and symbol (one account per competition), with the
 * instrument's contract size as multiplier; a trade is identified by its opening fill, so running
 * this on every journal read adds only trades closed since the last run. Returns how many were new.
 */
export async function syncPaperTrades(db: DbExecutor, userId: string): Promise<number> {
  const rows = await db
    .select({
      id: fills.id,
      accountId: fills.accountId,
      groupId: tradingAccounts.groupId,
      symbol: fills.symbol,
      side: fills.side,
      quantity: fills.quantity,
      price: fills.price,
      time: fills.createdAt,
      contractSize: instruments.contractSize,
    })
    .from(fills)
    .innerJoin(tradingAccounts, eq(tradingAccounts.id, fills.accountId))
    .leftJoin(instruments, eq(instruments.symbol, fills.symbol))
    .where(eq(tradingAccounts.userId, userId));
  if (rows.length === 0) return 0;

  const multipliers = new Map<string, number>();
  const byGroup = new Map<string, Array<Execution & { accountId: string }>>();
  for (const row of rows) {
    multipliers.set(row.symbol, row.contractSize ?? 1);
    const list = byGroup.get(row.groupId) ?? [];
    list.push({
      id: row.id,
      accountId: row.accountId,
      symbol: row.symbol,
      side: row.side,
      quantity: row.quantity,
      price: row.price,
      time: row.time,
    });
    byGroup.set(row.groupId, list);
  }
  let added = 0;
  for (const [groupId, executions] of byGroup) {
    const trips = executionsToRoundTrips(executions, {
      multiplier: (symbol) => multipliers.get(symbol) ?? 1,
      key: (execution) => `${(execution as Execution & { accountId: string }).accountId}|${execution.symbol}`,
    });
    added += await recordRoundTrips(db, { userId, source: 'paper', origin: groupId, trips });
  }
  return added;
}
