import {
  brokerConnections,
  brokerFills,
  type Database,
  fills,
  journalTrades,
  positions,
  tradingAccounts,
} from '@candlewise/db';
import { eq, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, union } from 'drizzle-orm/pg-core';

/** A source's symbol, trimmed and upper-cased in the database so the UNION removes duplicates there. */
const normalised = (column: AnyPgColumn): SQL.Aliased<string> =>
  sql<string>`upper(trim(${column}))`.as('symbol');

/**
 * The instruments a user holds or has traded anywhere, upper case, sorted. One query, a UNION of
 * the four sources of "my symbols": competition positions and fills, the journal's trades (typed,
 * imported or from fills) and a connected broker's fills.
 */
export async function findMySymbols(db: Database, userId: string): Promise<string[]> {
  const rows = await union(
    // Open positions in any competition account.
    db
      .select({ symbol: normalised(positions.symbol) })
      .from(positions)
      .innerJoin(tradingAccounts, eq(tradingAccounts.id, positions.accountId))
      .where(eq(tradingAccounts.userId, userId)),
    // Anything ever traded (fills), including closed trades.
    db
      .select({ symbol: normalised(fills.symbol) })
      .from(fills)
      .innerJoin(tradingAccounts, eq(tradingAccounts.id, fills.accountId))
      .where(eq(tradingAccounts.userId, userId)),
    // Every trade in the learner's journal.
    db
      .select({ symbol: normalised(journalTrades.symbol) })
      .from(journalTrades)
      .where(eq(journalTrades.userId, userId)),
    // What a connected broker reported as filled.
    db
      .select({ symbol: normalised(brokerFills.symbol) })
      .from(brokerFills)
      .innerJoin(brokerConnections, eq(brokerConnections.id, brokerFills.connectionId))
      .where(eq(brokerConnections.userId, userId)),
  );
  // SQL's trim (spaces only), upper and collation depend on the server and its locale, so the final
  // normalisation and the code-unit sort stay in JavaScript: the same answer on PGlite and PostgreSQL.
  return [...new Set(rows.map((row) => row.symbol.trim().toUpperCase()))].filter(Boolean).sort();
}
