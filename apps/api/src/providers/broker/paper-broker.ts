import { fills, groups, instruments, tradingAccounts } from '@candlewise/db';
import { type BrokerAccountSummary, roundMoney } from '@candlewise/shared';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { BrokerAdapter, BrokerContext, BrokerFill } from './broker-adapter.ts';

const formatInr = (value: number) =>
  `₹${value.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function summary({ db, userId }: BrokerContext): Promise<BrokerAccountSummary> {
  const accounts = await db
    .select({
      name: groups.name,
      balance: tradingAccounts.balance,
      equity: tradingAccounts.equity,
    })
    .from(tradingAccounts)
    .innerJoin(groups, eq(groups.id, tradingAccounts.groupId))
    .where(eq(tradingAccounts.userId, userId))
    .orderBy(asc(groups.name));
  const count = accounts.length;
  return {
    accountLabel:
      count === 0 ? 'No competition accounts yet' : `${count} competition account${count === 1 ? '' : 's'}`,
    currency: 'INR',
    cash: roundMoney(accounts.reduce((sum, account) => sum + account.balance, 0)),
    equity: roundMoney(accounts.reduce((sum, account) => sum + account.equity, 0)),
    details: accounts.map((account) => ({
      label: account.name,
      value: `${formatInr(account.equity)} equity`,
    })),
  };
}

/** The engine's instrument classes in the journal's terms. */
export function instrumentAssetClass(assetClass: string | null): BrokerFill['assetClass'] {
  switch (assetClass) {
    case 'stock_in':
    case 'stock_us':
      return 'stock';
    case 'forex':
    case 'crypto':
    case 'index':
      return assetClass;
    case 'commodity':
      return 'future';
    default:
      return 'index';
  }
}

/**
 * The built-in broker: the learner's own competition paper accounts. No credentials; its fills are
 * the engine's, so the journal ids match the journal's own paper import and never duplicate.
 */
export function createPaperBroker(): BrokerAdapter {
  return {
    id: 'paper',
    journalSource: 'paper',
    describe: () => ({
      id: 'paper',
      name: 'Candlewise paper',
      description:
        'Your competition paper accounts on Candlewise. Nothing to enter: every closed trade you make in a competition is imported.',
      fields: [],
    }),
    connect: async (_credentials, context) => summary(context),
    accountSummary: async (_credentials, context) => summary(context),
    async fillsSince(_credentials, since, { db, userId }) {
      const rows = await db
        .select({
          id: fills.id,
          accountId: fills.accountId,
          symbol: fills.symbol,
          side: fills.side,
          quantity: fills.quantity,
          price: fills.price,
          time: fills.createdAt,
          contractSize: instruments.contractSize,
          currency: instruments.currency,
          assetClass: instruments.assetClass,
        })
        .from(fills)
        .innerJoin(tradingAccounts, eq(tradingAccounts.id, fills.accountId))
        .leftJoin(instruments, eq(instruments.symbol, fills.symbol))
        .where(and(eq(tradingAccounts.userId, userId), since ? gt(fills.createdAt, since) : undefined))
        .orderBy(sql`${fills.ledgerSeq} asc nulls first`, asc(fills.createdAt), asc(fills.id));
      return rows.map(
        (row): BrokerFill => ({
          id: row.id,
          symbol: row.symbol,
          side: row.side,
          quantity: row.quantity,
          price: row.price,
          fee: 0,
          time: row.time,
          account: row.accountId,
          multiplier: row.contractSize ?? 1,
          currency: row.currency ?? 'INR',
          assetClass: instrumentAssetClass(row.assetClass),
        }),
      );
    },
    disconnect: async () => undefined,
  };
}
