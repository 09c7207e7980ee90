import { type DbExecutor, journalExecutions, journalTrades } from '@candlewise/db';
import {
  EXPORT_EXTRA_COLUMNS,
  type ExportedFill,
  encodeExportedFills,
  formatCsv,
  GENERIC_COLUMNS,
  type JournalExecutionSource,
  type JournalFilters,
  rebuildPositions,
} from '@candlewise/shared';
import { and, asc, eq } from 'drizzle-orm';
import { journalTradeConditions, tradeDayTime } from './journal-trade-filters.ts';
import { rebuildOptionsFor, toRebuildExecution, userTimeZone } from './rebuild-account-trades.ts';

type StoredFill = typeof journalExecutions.$inferSelect;

function exportedFill(row: StoredFill): ExportedFill {
  return {
    id: row.identity,
    symbol: row.symbol,
    assetClass: row.assetClass,
    side: row.side,
    quantity: row.quantity,
    price: row.price,
    fee: row.fee,
    currency: row.currency,
    multiplier: row.multiplier,
    at: row.executedAt.toISOString(),
    ...(row.shortSale ? { shortSale: true } : {}),
    ...(row.marketZone ? { marketZone: row.marketZone } : {}),
    ...(row.expiresAt ? { expiresAt: row.expiresAt.toISOString() } : {}),
    ...(row.kind === 'opening' ? { opening: true } : {}),
    ...(row.brokerTradeId ? { brokerTradeId: row.brokerTradeId } : {}),
    ...(row.orderId ? { orderId: row.orderId } : {}),
  };
}

/**
 * One fills account rebuilt as the journal rebuilds it: each trade's fills by its key, and the
 * positions still open with theirs.
 */
async function accountFills(
  db: DbExecutor,
  userId: string,
  source: JournalExecutionSource,
  account: string,
  timeZone: string,
) {
  const rows = await db
    .select()
    .from(journalExecutions)
    .where(
      and(
        eq(journalExecutions.userId, userId),
        eq(journalExecutions.source, source),
        eq(journalExecutions.account, account),
      ),
    );
  const byIdentity = new Map(rows.map((row) => [row.identity, row]));
  const rebuilt = rebuildPositions(rows.map(toRebuildExecution), rebuildOptionsFor(source, timeZone));
  const fillsOf = (ids: string[]) =>
    [...new Set(ids)].flatMap((id) => {
      const row = byIdentity.get(id);
      return row ? [exportedFill(row)] : [];
    });
  // Opening holdings are placed before every fill of their symbol: a trade they open lists them.
  return {
    trades: new Map(rebuilt.trips.map((trip) => [trip.externalId, fillsOf(trip.fillIds)])),
    open: rebuilt.open.map((position) => ({ position, fills: fillsOf(position.fillIds) })),
  };
}

const noFilters = (filters: JournalFilters) =>
  Object.values(filters).every((value) => value === undefined || value === '');

/**
 * The trades that pass the filters as CSV in the template's columns, then P&L, source, verified,
 * the fills account a trade was rebuilt from (`<source>:<account>`, empty for trades typed in), its
 * id and, for a trade rebuilt from fills, those fills (JSON). An export of the whole journal also
 * lists the positions still open, with their fills. Imported back into the same journal it adds
 * nothing; imported into a fresh one it restores every trade (the fills rebuild the same trades,
 * P&L, fees and open positions; tags, notes, stop and target come with the row).
 */
export async function exportJournalTrades(
  db: DbExecutor,
  userId: string,
  timeZone: string,
  filters: JournalFilters,
) {
  const rows = await db
    .select()
    .from(journalTrades)
    .where(journalTradeConditions(userId, filters, timeZone))
    .orderBy(asc(tradeDayTime), asc(journalTrades.id));
  const accounts = new Map<string, { source: JournalExecutionSource; account: string }>();
  for (const row of rows) {
    if (row.account !== null && row.source !== 'manual') {
      accounts.set(`${row.source}:${row.account}`, { source: row.source, account: row.account });
    }
  }
  const whole = noFilters(filters);
  if (whole) {
    const all = await db
      .selectDistinct({ source: journalExecutions.source, account: journalExecutions.account })
      .from(journalExecutions)
      .where(eq(journalExecutions.userId, userId));
    for (const { source, account } of all) accounts.set(`${source}:${account}`, { source, account });
  }
  const pairingZone = accounts.size > 0 ? await userTimeZone(db, userId) : timeZone;
  const fillsByAccount = new Map<string, Awaited<ReturnType<typeof accountFills>>>();
  for (const [key, { source, account }] of accounts) {
    fillsByAccount.set(key, await accountFills(db, userId, source, account, pairingZone));
  }
  const fillsCell = (accountKey: string, trade: string | null, fills: ExportedFill[] | undefined) =>
    fills && fills.length > 0 ? encodeExportedFills({ account: accountKey, trade, fills }) : null;

  const tradeRows = rows.map((row) => {
    const accountKey = row.account === null ? '' : `${row.source}:${row.account}`;
    const fills =
      accountKey && row.externalId ? fillsByAccount.get(accountKey)?.trades.get(row.externalId) : undefined;
    return [
      row.symbol,
      row.side,
      row.quantity,
      row.entryPrice,
      row.exitPrice,
      row.entryTime.toISOString(),
      row.exitTime?.toISOString() ?? null,
      row.fees,
      row.stopPrice,
      row.targetPrice,
      row.setupTags.join(';'),
      row.mistakeTags.join(';'),
      row.notes,
      row.currency,
      row.multiplier,
      row.pnl,
      row.source,
      row.verified ? 'true' : 'false',
      accountKey,
      row.id,
      fillsCell(accountKey, row.externalId, fills),
    ];
  });
  const openRows = whole
    ? [...fillsByAccount.entries()].flatMap(([accountKey, account]) =>
        account.open.map(({ position, fills }) => [
          position.symbol,
          position.side,
          position.quantity,
          position.averagePrice,
          null,
          position.since.toISOString(),
          null,
          0,
          null,
          null,
          '',
          '',
          '',
          position.currency,
          position.multiplier,
          null,
          accounts.get(accountKey)!.source,
          accounts.get(accountKey)!.source === 'csv' ? 'false' : 'true',
          accountKey,
          '',
          fillsCell(accountKey, null, fills),
        ]),
      )
    : [];
  return formatCsv([[...GENERIC_COLUMNS, ...EXPORT_EXTRA_COLUMNS], ...tradeRows, ...openRows]);
}
