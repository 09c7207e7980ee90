/**
 * Candlewise's own trades export (apps/api/src/services/journal/export-journal-trades.ts): the
 * template's columns with times in UTC, then pnl, source and verified. Read by the template's rule
 * and identities, so importing an export of template trades again adds nothing. Paper and broker
 * trades in it are skipped: Candlewise rebuilds those from their own fills.
 */
import type { ParsedExecutions } from '../executions.ts';
import { readTradeRows } from './candlewise-template.ts';
import type { ImportOptions } from './import-rows.ts';

export function parseCandlewiseExport(text: string, options: ImportOptions): ParsedExecutions {
  return readTradeRows(text, options, {
    name: 'Candlewise export',
    advice: 'Correct the row, or export the trades again from Journal → Trades.',
    exported: true,
  });
}
