import { type Database, journalExecutions, journalTrades, newId } from '@candlewise/db';
import type { JournalOpeningHoldingsInput } from '@candlewise/shared';
import { and, eq, isNotNull, min } from 'drizzle-orm';
import { notFound } from '../../lib/app-error.ts';
import { findMyConnection } from '../broker/broker-connection-view.ts';
import { rebuildAccountTrades, userTimeZone } from './rebuild-account-trades.ts';

/** The identity of an account's opening holding of a symbol: one per symbol, replaced when re-entered. */
export function openingIdentity(account: string, symbol: string): string {
  return `opening|${account}|${symbol}`;
}

/**
 * Stores the learner's opening holdings of an account — shares held before its history starts — as
 * synthetic buys placed before every fill of their symbol (quantity 0 removes one), then rebuilds
 * the account: a sale that was held back for lack of an opening now closes a long trade.
 */
export async function saveOpeningHoldings(db: Database, userId: string, input: JournalOpeningHoldingsInput) {
  const { source, account } = input;
  if (source === 'broker') await findMyConnection(db, userId, account.split(':')[0]);
  const inAccount = and(
    eq(journalExecutions.userId, userId),
    eq(journalExecutions.source, source),
    eq(journalExecutions.account, account),
  );
  const [known] = await db
    .select({ id: journalExecutions.id })
    .from(journalExecutions)
    .where(and(inAccount, eq(journalExecutions.kind, 'fill')))
    .limit(1);
  if (!known) throw notFound('There are no fills in that account yet: import them first.');
  const timeZone = await userTimeZone(db, userId);
  return db.transaction(async (tx) => {
    for (const holding of input.holdings) {
      const identity = openingIdentity(account, holding.symbol);
      if (holding.quantity === 0) {
        await tx.delete(journalExecutions).where(and(inAccount, eq(journalExecutions.identity, identity)));
        continue;
      }
      const [first] = await tx
        .select({ at: min(journalExecutions.executedAt) })
        .from(journalExecutions)
        .where(
          and(inAccount, eq(journalExecutions.symbol, holding.symbol), eq(journalExecutions.kind, 'fill')),
        );
      // Shown as the position's "since"; the rebuild places openings first whatever their time.
      const executedAt = first?.at ? new Date(first.at.getTime() - 1000) : new Date();
      const values = {
        quantity: holding.quantity,
        price: holding.averagePrice,
        currency: holding.currency,
        executedAt,
      };
      await tx
        .insert(journalExecutions)
        .values({
          id: newId(executedAt),
          userId,
          source,
          account,
          identity,
          kind: 'opening',
          symbol: holding.symbol,
          assetClass: 'stock',
          side: 'buy',
          fee: 0,
          multiplier: 1,
          ...values,
        })
        .onConflictDoUpdate({
          target: [
            journalExecutions.userId,
            journalExecutions.source,
            journalExecutions.account,
            journalExecutions.identity,
          ],
          set: values,
        });
    }
    const [sibling] = await tx
      .select({ origin: journalTrades.origin })
      .from(journalTrades)
      .where(
        and(
          eq(journalTrades.userId, userId),
          eq(journalTrades.source, source),
          eq(journalTrades.account, account),
          isNotNull(journalTrades.origin),
        ),
      )
      .limit(1);
    const rebuilt = await rebuildAccountTrades(tx, {
      userId,
      source,
      account,
      origin: sibling?.origin ?? (source === 'broker' ? account.split(':')[0] : null),
      timeZone,
    });
    return {
      completeTrades: rebuilt.trips.length,
      addedTrades: rebuilt.added,
      openPositions: rebuilt.open.length,
      needsOpeningHoldings: rebuilt.salesWithoutOpening.map((sale) => ({
        source,
        account,
        symbol: sale.symbol,
        quantity: sale.quantity,
        currency: sale.currency,
        firstSaleAt: sale.firstSaleAt.toISOString(),
      })),
    };
  });
}
