/**
 * A file no importer recognises (issue #41): the preview answers the columns of its first row, the
 * learner says which of them holds the time, symbol, side, quantity and price of each fill (and,
 * when the file has them, fees, currency, account and fill id), and the file is read as fills with
 * that mapping. Times without an offset are read in the learner's zone.
 */
import { z } from 'zod';
import { readCsv } from '../csv.ts';
import { executionIdentity, type ImportedExecution, type ParsedExecutions } from '../executions.ts';
import { inferSymbolCurrency } from '../symbol-currency.ts';
import { detectDayOrder, isoDate, readDateTime } from './import-dates.ts';
import {
  assignContentIdentities,
  columnKey,
  type ImportOptions,
  ImportRow,
  isBlankRecord,
  rowMessage,
  settleIdentities,
  tooManyRows,
  unreadableFile,
} from './import-rows.ts';

export const MAPPED_LAYOUT = 'column-mapping';
const SOURCE = 'mapped';

/** The fields a column can be mapped to, in the order the import screen asks for them. */
export const JOURNAL_MAPPING_FIELDS = [
  { field: 'time', label: 'Time', required: true },
  { field: 'symbol', label: 'Symbol', required: true },
  { field: 'side', label: 'Side (buy or sell)', required: true },
  { field: 'quantity', label: 'Quantity', required: true },
  { field: 'price', label: 'Price', required: true },
  { field: 'fees', label: 'Fees', required: false },
  { field: 'currency', label: 'Currency', required: false },
  { field: 'account', label: 'Account', required: false },
  { field: 'id', label: 'Fill or trade id', required: false },
] as const;
export type JournalMappingField = (typeof JOURNAL_MAPPING_FIELDS)[number]['field'];

const columnName = (label: string) =>
  z
    .string({ error: `Choose the column that holds the ${label}.` })
    .trim()
    .min(1, `Choose the column that holds the ${label}.`)
    .max(200, `The column name chosen for the ${label} is longer than 200 characters.`);
const optionalColumn = (label: string) =>
  z
    .string()
    .trim()
    .max(200, `The column name chosen for the ${label} is longer than 200 characters.`)
    .optional()
    .transform((value) => (value ? value : undefined));

/** What the learner chose on the import screen, sent with preview and commit. */
export const journalColumnMappingSchema = z.object({
  columns: z.object(
    {
      time: columnName('time'),
      symbol: columnName('symbol'),
      side: columnName('side (buy or sell)'),
      quantity: columnName('quantity'),
      price: columnName('price'),
      fees: optionalColumn('fees'),
      currency: optionalColumn('currency'),
      account: optionalColumn('account'),
      id: optionalColumn('fill or trade id'),
    },
    { error: 'Say which column holds each field: columns.time, columns.symbol, columns.side…' },
  ),
  /** The currency of every row when no column holds it (ISO 4217: USD, EUR, INR…). */
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, 'The currency must be a three-letter code such as USD, EUR or INR.')
    .optional(),
  /** Units per contract: 1 for shares (the default), the point value for futures. */
  multiplier: z
    .number({ error: 'The multiplier must be a number.' })
    .positive('The multiplier must be more than 0.')
    .max(100_000_000, 'The multiplier must be at most 100,000,000.')
    .optional(),
  /** How dates such as 03/04/2026 are written when the file does not show it. */
  dayOrder: z
    .enum(['day-first', 'month-first'], { error: 'dayOrder is day-first or month-first.' })
    .optional(),
});
export type JournalColumnMapping = z.infer<typeof journalColumnMappingSchema>;

/** The column names of a file's first row (what the mapping step offers), empty ones left out. */
export function fileColumns(text: string): string[] {
  try {
    const first = readCsv(text, { toLine: 20 }).records.find((record) => !isBlankRecord(record));
    return (first?.fields ?? []).map((name) => name.trim()).filter((name) => name !== '');
  } catch {
    return [];
  }
}

/** A header shape's key: the same columns in the same order give the same key (to remember a mapping). */
export function columnsSignature(columns: readonly string[]): string {
  return columns.map(columnKey).join('|');
}

const BUY = new Set(['buy', 'b', 'bot', 'bought', 'long', 'buytoopen', 'buytoclose', 'buytocover']);
const SELL = new Set(['sell', 's', 'sld', 'sold', 'short', 'selltoopen', 'selltoclose', 'sellshort']);

export function parseMappedFile(
  text: string,
  mapping: JournalColumnMapping,
  options: ImportOptions,
): ParsedExecutions {
  const { records, decimalComma } = readCsv(text);
  const headerIndex = records.findIndex((record) => !isBlankRecord(record));
  if (headerIndex < 0) return unreadableFile(1, 'The file is empty.');
  const header = records[headerIndex];
  const names = header.fields.map((name) => name.trim());
  const keys = new Map<string, number>();
  const missing: string[] = [];
  for (const [field, column] of Object.entries(mapping.columns)) {
    if (!column) continue;
    const index = names.indexOf(column.trim());
    if (index < 0) missing.push(`"${column}" (chosen for ${field})`);
    else keys.set(field, index);
  }
  const dataRecords = records.slice(headerIndex + 1).filter((record) => !isBlankRecord(record));
  if (missing.length > 0) {
    return unreadableFile(
      header.line,
      `The file's first row has no column ${missing.join(', ')}. Its columns are: ${names.join(', ')}.`,
      dataRecords.length,
    );
  }
  const tooMany = tooManyRows(dataRecords);
  if (tooMany) return tooMany;
  const rows = dataRecords.map((record) => new ImportRow(record.line, record.fields, keys, decimalComma));
  const order = detectDayOrder(
    rows.map((row) => row.text('time')),
    mapping.dayOrder ?? 'day-first',
  );
  const executions: ImportedExecution[] = [];
  const errors: ParsedExecutions['errors'] = [];
  const skipped: Record<string, number> = {};
  const advice = 'Correct the row, or choose other columns for the import.';
  for (const row of rows) {
    const symbol = row.symbol('symbol', `the symbol (column "${mapping.columns.symbol}")`);
    const sideText = row.text('side');
    const sideKey = columnKey(sideText);
    const side = BUY.has(sideKey) ? 'buy' : SELL.has(sideKey) ? 'sell' : null;
    if (!side) {
      row.problems.push(`the side "${sideText}" (column "${mapping.columns.side}") is not buy or sell`);
    }
    const signed = row.amount('quantity', `the quantity (column "${mapping.columns.quantity}")`, 'any', true);
    if (signed === 0) row.problems.push(`the quantity (column "${mapping.columns.quantity}") is 0`);
    const price = row.amount('price', `the price (column "${mapping.columns.price}")`, 'positive', true);
    // Brokers write fees as charges either way round (-1.25 or 1.25).
    const fees = mapping.columns.fees
      ? Math.abs(row.amount('fees', `the fees (column "${mapping.columns.fees}")`, 'any', false) ?? 0)
      : 0;
    const currency =
      (mapping.columns.currency ? row.text('currency').toUpperCase() : '') ||
      mapping.currency ||
      (symbol ? (options.currencyOf?.(symbol) ?? inferSymbolCurrency(symbol)) : null);
    if (symbol && !currency) {
      row.problems.push(
        `the currency of ${symbol} is not known (choose the currency column, or the currency of the whole file)`,
      );
    } else if (currency && !/^[A-Z]{3}$/.test(currency)) {
      row.problems.push(`the currency "${currency}" is not a three-letter code such as USD`);
    }
    const executed = readDateTime(`the time (column "${mapping.columns.time}")`, row.text('time'), null, {
      zone: options.timeZone,
      order,
      example: '2026-11-02 09:15:00',
    });
    if ('problem' in executed) row.problems.push(executed.problem);
    const id = mapping.columns.id ? row.id('id', `the id (column "${mapping.columns.id}")`, true) : null;
    if (row.problems.length > 0 || !('instant' in executed)) {
      errors.push({ line: row.line, message: rowMessage(row.problems, advice) });
      continue;
    }
    const account = mapping.columns.account ? row.text('account') : '';
    const execution: ImportedExecution = {
      line: row.line,
      identity: '',
      account,
      symbol: symbol!,
      assetClass: 'stock',
      side: side!,
      quantity: Math.abs(signed!),
      price: price!,
      fee: fees,
      currency: currency!,
      multiplier: mapping.multiplier ?? 1,
      executedAt: executed.instant,
      brokerTradeId: id,
      orderId: null,
      marketZone: null,
    };
    if (id) {
      execution.identity = executionIdentity({
        source: SOURCE,
        account,
        symbol: symbol!,
        tradeDate: isoDate(executed.date),
        brokerTradeId: id,
      });
    }
    executions.push(execution);
  }
  const withIds = executions.filter((execution) => execution.identity !== '');
  const withoutIds = executions.filter((execution) => execution.identity === '');
  assignContentIdentities(withoutIds, SOURCE);
  return {
    rows: dataRecords.length,
    executions: [...settleIdentities(withIds, SOURCE, skipped), ...withoutIds].sort(
      (a, b) => (a.line ?? 0) - (b.line ?? 0),
    ),
    errors,
    skipped,
  };
}
