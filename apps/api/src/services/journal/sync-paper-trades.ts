import { type DbExecutor, fills, instruments, tradingAccounts } from '@candlewise/db';
import type { ImportedExecution } from '@candlewise/shared';
import { and, eq, sql } from 'drizzle-orm';
import { instrumentAssetClass } from '../../providers/broker/paper-broker.ts';
import { recordExecutions } from './record-executions.ts';

/**
 * Brings the learner's competition fills into the journal: fills not stored yet become executions of
 * their paper account (one per competition), in the instrument's quote currency with its contract
 * size as multiplier, and the accounts that got new fills are rebuilt into verified 'paper' trades.
 * Runs on every journal read, so the first query only looks for fills the journal lacks.
 */
export async function syncPaperTrades(
  db: DbExecutor,
  userId: string,
): Promise<{ fetched: number; added: number }> {
  const rows = await db
    .select({
      id: fills.id,
      accountId: fills.accountId,
      groupId: tradingAccounts.groupId,
      orderId: fills.orderId,
      symbol: fills.symbol,
      side: fills.side,
      quantity: fills.quantity,
      price: fills.price,
      fee: fills.fee,
      fxRate: fills.fxRate,
      time: fills.createdAt,
      contractSize: instruments.contractSize,
      currency: instruments.currency,
      assetClass: instruments.assetClass,
    })
    .from(fills)
    .innerJoin(tradingAccounts, eq(tradingAccounts.id, fills.accountId))
    .leftJoin(instruments, eq(instruments.symbol, fills.symbol))
    .where(
      and(
        eq(tradingAccounts.userId, userId),
        sql`not exists (select 1 from journal_executions as known where known.user_id = ${userId}
          and known.source = 'paper' and known.account = ${fills.accountId} and known.identity = ${fills.id})`,
      ),
    );
  if (rows.length === 0) return { fetched: 0, added: 0 };
  const groupOf = new Map(rows.map((row) => [row.accountId, row.groupId]));
  const executions = rows.map(
    (row): ImportedExecution => ({
      line: null,
      identity: row.id,
      account: row.accountId,
      symbol: row.symbol,
      assetClass: instrumentAssetClass(row.assetClass),
      side: row.side,
      quantity: row.quantity,
      price: row.price,
      // Engine charges are in the account's currency: back to the quote currency of the price.
      fee: row.fxRate > 0 ? Math.round((row.fee / row.fxRate) * 1e6) / 1e6 : row.fee,
      currency: row.currency ?? 'INR',
      multiplier: row.contractSize ?? 1,
      executedAt: row.time,
      orderId: row.orderId,
    }),
  );
  const recorded = await db.transaction((tx) =>
    recordExecutions(tx, {
      userId,
      source: 'paper',
      executions,
      originOf: (account) => groupOf.get(account) ?? null,
    }),
  );
  return { fetched: rows.length, added: recorded.addedTrades };
}
