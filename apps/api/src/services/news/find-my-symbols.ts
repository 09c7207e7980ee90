import {
  brokerConnections,
  brokerFills,
  type Database,
  fills,
  journalTrades,
  positions,
  tradingAccounts,
} from '@candlewise/db';
import { eq } from 'drizzle-orm';

/**
 * Where "my symbols" come from. Each finder returns symbols of one kind of activity: competition
 * positions and fills, the journal's trades (typed, imported or from fills) and a connected
 * broker's fills.
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
  // Every trade in the learner's journal.
  async (db, userId) =>
    (
      await db
        .selectDistinct({ symbol: journalTrades.symbol })
        .from(journalTrades)
        .where(eq(journalTrades.userId, userId))
    ).map((row) => row.symbol),
  // What a connected broker reported as filled.
  async (db, userId) =>
    (
      await db
        .selectDistinct({ symbol: brokerFills.symbol })
        .from(brokerFills)
        .innerJoin(brokerConnections, eq(brokerConnections.id, brokerFills.connectionId))
        .where(eq(brokerConnections.userId, userId))
    ).map((row) => row.symbol),
];

/** The instruments a user holds or has traded anywhere, upper case, sorted. */
export async function findMySymbols(db: Database, userId: string): Promise<string[]> {
  const lists = await Promise.all(mySymbolFinders.map((find) => find(db, userId)));
  return [...new Set(lists.flat().map((symbol) => symbol.trim().toUpperCase()))].filter(Boolean).sort();
}
