import { type DbExecutor, journalTrades } from '@candlewise/db';
import { and, desc, eq } from 'drizzle-orm';
import type { BrokerConnectionRow } from './broker-connection-view.ts';

/**
 * The journal trades a connection brought in, newest first: the outside brokers' by origin, the
 * paper broker's all of the learner's paper trades (the journal's own paper import makes the same).
 */
export async function listConnectionTrades(db: DbExecutor, connection: BrokerConnectionRow, limit = 200) {
  const where =
    connection.broker === 'paper'
      ? and(eq(journalTrades.userId, connection.userId), eq(journalTrades.source, 'paper'))
      : and(
          eq(journalTrades.userId, connection.userId),
          eq(journalTrades.source, 'broker'),
          eq(journalTrades.origin, connection.id),
        );
  const rows = await db
    .select()
    .from(journalTrades)
    .where(where)
    .orderBy(desc(journalTrades.exitTime), desc(journalTrades.id))
    .limit(limit);
  return rows.map((row) => ({
    _id: row.id,
    symbol: row.symbol,
    side: row.side,
    quantity: row.quantity,
    entryPrice: row.entryPrice,
    exitPrice: row.exitPrice,
    entryTime: row.entryTime.toISOString(),
    exitTime: row.exitTime?.toISOString() ?? null,
    fees: row.fees,
    pnl: row.pnl,
    currency: row.currency,
    source: row.source,
    verified: row.verified,
  }));
}
