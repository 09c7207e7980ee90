/**
 * Which layout a file is in, from its column names: the first rows are enough (brokers and
 * spreadsheets may put notices or a title block above the column row).
 */
import { type CsvRecord, readCsv } from '../csv.ts';
import { readFlexFile } from './ibkr-flex-file.ts';
import { columnKeys } from './import-rows.ts';

export const JOURNAL_IMPORT_LAYOUT_IDS = [
  'zerodha-tradebook',
  'ibkr-activity-trades',
  'ibkr-trade-confirmation',
  'groww-order-history',
  'mt5-trade-history',
  'tradovate-fills',
  'candlewise-template',
] as const;
export type JournalImportLayoutId = (typeof JOURNAL_IMPORT_LAYOUT_IDS)[number];

const hasAll = (keys: Map<string, number>, names: readonly string[]) => names.every((name) => keys.has(name));

/** The column rows of an IBKR Flex file (its sections each bring theirs); none when not CSV. */
function flexHeaders(head: string) {
  try {
    return readFlexFile(head).headers;
  } catch {
    return []; // The head may end inside a quoted note; the rows below still tell the layout.
  }
}

/** The layout whose column names the file's header row holds, or null when none fits. */
export function detectLayout(text: string): JournalImportLayoutId | null {
  // Only the head of the file matters; a whole year of fills need not be parsed twice.
  const head = text.length > 200_000 ? text.slice(0, text.lastIndexOf('\n', 200_000)) : text;
  let records: CsvRecord[];
  try {
    records = readCsv(text, { toLine: 60 }).records;
  } catch {
    return null; // Not CSV: the import says which line (parseJournalFile).
  }
  for (const header of flexHeaders(head)) {
    if (!header.keys.has('symbol') || !header.keys.has('quantity')) continue;
    if (header.keys.has('tradeprice') || header.keys.has('ibcommission') || header.keys.has('iborderid')) {
      return 'ibkr-activity-trades';
    }
    if (header.keys.has('price') && header.keys.has('buysell') && header.keys.has('datetime')) {
      return 'ibkr-trade-confirmation';
    }
  }
  for (const record of records) {
    const keys = columnKeys(record.fields);
    if (hasAll(keys, ['symbol', 'tradetype', 'tradeid', 'orderexecutiontime'])) return 'zerodha-tradebook';
    if (hasAll(keys, ['symbol', 'exchangeorderid', 'executiondateandtime'])) return 'groww-order-history';
    // The report's Positions table comes first; a file of the Deals table alone has only that.
    if (hasAll(keys, ['time', 'position', 'symbol', 'type', 'volume', 'sl', 'tp', 'swap', 'profit'])) {
      return 'mt5-trade-history';
    }
    if (hasAll(keys, ['time', 'deal', 'symbol', 'type', 'direction', 'volume', 'price', 'order'])) {
      return 'mt5-trade-history';
    }
    if (hasAll(keys, ['fillid', 'orderid', 'bs', 'contract', 'product', 'quantity', 'price'])) {
      return 'tradovate-fills';
    }
  }
  const first = records[0] ? columnKeys(records[0].fields) : new Map<string, number>();
  if (hasAll(first, ['symbol', 'side', 'quantity', 'entryprice', 'entrytime'])) {
    // The template, or Candlewise's own export of it (the same columns and a few more).
    return 'candlewise-template';
  }
  return null;
}
