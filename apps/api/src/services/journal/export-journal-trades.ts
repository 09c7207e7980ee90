import { type DbExecutor, journalTrades } from '@candlewise/db';
import { EXPORT_EXTRA_COLUMNS, formatCsv, GENERIC_COLUMNS, type JournalFilters } from '@candlewise/shared';
import { asc } from 'drizzle-orm';
import { journalTradeConditions, tradeDayTime } from './journal-trade-filters.ts';

/**
 * The trades that pass the filters as CSV in the template's columns, then P&L, source, verified,
 * the fills account a trade was rebuilt from (`<source>:<account>`, empty for trades typed in) and
 * its id: an export opens in a spreadsheet, and imported back (Candlewise template) adds nothing.
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
  return formatCsv([
    [...GENERIC_COLUMNS, ...EXPORT_EXTRA_COLUMNS],
    ...rows.map((row) => [
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
      row.account === null ? '' : `${row.source}:${row.account}`,
      row.id,
    ]),
  ]);
}
