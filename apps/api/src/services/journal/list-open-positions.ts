import {
  brokerConnections,
  type DbExecutor,
  groups,
  journalExecutions,
  tradingAccounts,
} from '@candlewise/db';
import { type Execution, type JournalExecutionSource, rebuildPositions } from '@candlewise/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { NeedsOpeningHoldings } from './import-journal-trades.ts';
import { EXECUTION_COLUMNS, rebuildOptionsFor, toRebuildExecution } from './rebuild-account-trades.ts';

const BROKER_NAMES: Record<string, string> = { alpaca: 'Alpaca', dhan: 'Dhan', paper: 'Candlewise paper' };

/** What the learner reads for an account: the file's account, the broker and environment, the competition. */
async function accountLabels(db: DbExecutor, userId: string, accounts: Array<[string, string]>) {
  const connectionIds = accounts
    .filter(([source]) => source === 'broker')
    .map(([, key]) => key.split(':')[0]);
  const paperIds = accounts.filter(([source]) => source === 'paper').map(([, key]) => key);
  const [connections, competitions] = await Promise.all([
    connectionIds.length
      ? db
          .select({ id: brokerConnections.id, broker: brokerConnections.broker })
          .from(brokerConnections)
          .where(and(eq(brokerConnections.userId, userId), inArray(brokerConnections.id, connectionIds)))
      : [],
    paperIds.length
      ? db
          .select({ id: tradingAccounts.id, name: groups.name })
          .from(tradingAccounts)
          .innerJoin(groups, eq(groups.id, tradingAccounts.groupId))
          .where(and(eq(tradingAccounts.userId, userId), inArray(tradingAccounts.id, paperIds)))
      : [],
  ]);
  const brokerOf = new Map(connections.map((row) => [row.id, row.broker]));
  const competitionOf = new Map(competitions.map((row) => [row.id, row.name]));
  return (source: string, account: string) => {
    if (source === 'paper') return `Competition: ${competitionOf.get(account) ?? 'ended'}`;
    if (source === 'broker') {
      const [connectionId, environment] = account.split(':');
      const broker = brokerOf.get(connectionId);
      if (!broker) return 'A disconnected broker';
      return `${BROKER_NAMES[broker] ?? broker}${environment && environment !== 'live' ? ` (${environment})` : ''}`;
    }
    return account ? `Imported files, account ${account}` : 'Imported files';
  };
}

/**
 * The learner's open positions per account — symbol, side, net quantity, average price and since
 * when — rebuilt from all the account's fills by the same rule as the trades. They are not trades
 * yet: a position becomes one when it returns to zero. Stock sales without a known opening are
 * listed apart, as symbols that need opening holdings.
 */
export async function listOpenPositions(db: DbExecutor, userId: string, timeZone: string) {
  const rows = await db
    .select({
      source: journalExecutions.source,
      account: journalExecutions.account,
      ...EXECUTION_COLUMNS,
    })
    .from(journalExecutions)
    .where(eq(journalExecutions.userId, userId));
  const byAccount = new Map<
    string,
    { source: JournalExecutionSource; account: string; fills: Execution[] }
  >();
  for (const row of rows) {
    const key = `${row.source}\n${row.account}`;
    let group = byAccount.get(key);
    if (!group) {
      group = { source: row.source, account: row.account, fills: [] };
      byAccount.set(key, group);
    }
    group.fills.push(toRebuildExecution(row));
  }
  const labelOf = await accountLabels(
    db,
    userId,
    [...byAccount.values()].map((group) => [group.source, group.account]),
  );
  const positions = [];
  const needsOpeningHoldings: Array<NeedsOpeningHoldings & { accountLabel: string }> = [];
  for (const group of byAccount.values()) {
    const rebuilt = rebuildPositions(group.fills, rebuildOptionsFor(group.source, timeZone));
    const accountLabel = labelOf(group.source, group.account);
    const openings = new Set(group.fills.filter((fill) => fill.opening).map((fill) => fill.id));
    for (const position of rebuilt.open) {
      positions.push({
        source: group.source,
        account: group.account,
        accountLabel,
        symbol: position.symbol,
        side: position.side,
        quantity: position.quantity,
        averagePrice: position.averagePrice,
        currency: position.currency,
        multiplier: position.multiplier,
        since: position.since.toISOString(),
        fromOpeningHoldings: openings.has(position.fillIds[0]),
      });
    }
    if (group.source === 'paper') continue;
    for (const sale of rebuilt.salesWithoutOpening) {
      needsOpeningHoldings.push({
        source: group.source,
        account: group.account,
        accountLabel,
        symbol: sale.symbol,
        quantity: sale.quantity,
        currency: sale.currency,
        firstSaleAt: sale.firstSaleAt.toISOString(),
      });
    }
  }
  const order = (a: { accountLabel: string; symbol: string }, b: { accountLabel: string; symbol: string }) =>
    a.accountLabel.localeCompare(b.accountLabel) || a.symbol.localeCompare(b.symbol);
  return { positions: positions.sort(order), needsOpeningHoldings: needsOpeningHoldings.sort(order) };
}
