import { type Database, fills, positions, tradingAccounts } from '@candlewise/db';
import { eq } from 'drizzle-orm';

/**
 * Where "my symbols" come from. Each finder returns symbols of one kind of activity; the journal's
 * trades will join this list when the journal lands (one more finder, nothing else changes).
 */
export const mySymbolFinders: Array<(db: Database, userId: string) => Promise<string[]>> = [
  // Open positions in any competition account.
  async (db, userId) =>
    (
      await db
        .selectDistinct({ symbol: positions.symbol })
        .from(positions)
        .innerJoin(tradingAccounts, eq(tradingAccounts.id, positions.accountId))
        .where(eq(tradingAccounts.userId, userId))
    ).map((row) => row.symbol),
  // Anything ever traded (fills), including closed trades.
  async (db, userId) =>
    (
      await db
        .selectDistinct({ symbol: fills.symbol })
        .from(fills)
        .innerJoin(tradingAccounts, eq(tradingAccounts.id, fills.accountId))
        .where(eq(tradingAccounts.userId, userId))
    ).map((row) => row.symbol),
];

/** The instruments a user holds or has traded, sorted. */
export async function findMySymbols(db: Database, userId: string): Promise<string[]> {
  const lists = await Promise.all(mySymbolFinders.map((find) => find(db, userId)));
  return [...new Set(lists.flat())].sort();
}
