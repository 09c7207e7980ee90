/**
 * Tradovate's Fills report (Reports → Fills → Download CSV; the same file from NinjaTrader-branded
 * and prop-firm Tradovate accounts): one row per fill, with Tradovate's own columns (`_id`,
 * `_timestamp` in UTC, `_action`…) beside the ones it shows (`Fill ID`, `Order ID`, `Timestamp` in
 * the clock of whoever downloaded it, `Account`, ` Buy`/` Sell` with a leading space, `Quantity`,
 * `Price`, `Contract` ESZ4, `Product` ES, `commission` for the whole fill). Every row is a fill.
 *
 * Prices are in index points: the multiplier is the product's dollar value of one point (ES $50,
 * MNQ $2…), from the exchanges' contract specifications. A product Candlewise does not know is a
 * row error rather than a silent 1.
 */
import { readCsv } from '../csv.ts';
import { executionIdentity, type ImportedExecution, type ParsedExecutions } from '../executions.ts';
import { isoDate, readDateTime } from './import-dates.ts';
import {
  columnKey,
  findHeaderRecord,
  type ImportOptions,
  ImportRow,
  isBlankRecord,
  rowMessage,
  settleIdentities,
  tooManyRows,
  unreadableFile,
} from './import-rows.ts';

const SOURCE = 'tradovate';
const ADVICE = 'Correct the row, or download the Fills report again from Tradovate (Reports → Fills).';
const REQUIRED = ['Fill ID', 'Order ID', 'Timestamp', 'B/S', 'Contract', 'Product', 'Quantity', 'Price'];

/** US dollars per point of the futures Tradovate clears (CME Group contract specifications). */
export const TRADOVATE_POINT_VALUES: Record<string, number> = {
  ES: 50,
  MES: 5,
  NQ: 20,
  MNQ: 2,
  YM: 5,
  MYM: 0.5,
  RTY: 50,
  M2K: 5,
  CL: 1000,
  MCL: 100,
  QM: 500,
  NG: 10_000,
  QG: 2500,
  GC: 100,
  MGC: 10,
  SI: 5000,
  SIL: 1000,
  HG: 25_000,
  MHG: 2500,
  ZB: 1000,
  UB: 1000,
  ZN: 1000,
  ZF: 1000,
  ZT: 2000,
  ZC: 50,
  ZS: 50,
  ZW: 50,
  '6E': 125_000,
  M6E: 12_500,
  '6J': 12_500_000,
  '6B': 62_500,
  '6A': 100_000,
  '6C': 100_000,
  MBT: 0.1,
  MET: 0.1,
  BTC: 5,
  ETH: 50,
};

/**
 * Tradovate's own columns shadow the shown ones under the importers' column keys (`_timestamp` and
 * `Timestamp`, or `price` and `Price` in the older export without underscores): they are renamed
 * `raw …`, so `Timestamp` is the shown one and `raw timestamp` the UTC one.
 */
function withRawNames(fields: readonly string[]): string[] {
  const keys = fields.map(columnKey);
  return fields.map((name, index) => {
    const trimmed = name.trim();
    const twin = keys.some((key, other) => other !== index && key === keys[index]);
    return trimmed.startsWith('_') || (/^[a-z]/.test(trimmed) && twin)
      ? `raw ${trimmed.replace(/^_/, '')}`
      : name;
  });
}

export function parseTradovateFills(text: string, options: ImportOptions): ParsedExecutions {
  const file = readCsv(text);
  const { decimalComma } = file;
  const records = file.records.map((record, index) =>
    index < 60 ? { ...record, fields: withRawNames(record.fields) } : record,
  );
  const header = findHeaderRecord(records, REQUIRED, 5);
  if (!header) {
    return unreadableFile(
      records[0]?.line ?? 1,
      'This is not a Tradovate Fills report: no row names the columns Fill ID, Order ID, Timestamp, B/S, Contract, Product, Quantity and Price. Download the Fills report from Tradovate (Reports → Fills) and import that file.',
      records.length,
    );
  }
  const dataRecords = file.records.slice(header.index + 1).filter((record) => !isBlankRecord(record));
  if (header.missing.length > 0) {
    return unreadableFile(
      records[header.index].line,
      `The Fills report lacks the column${header.missing.length > 1 ? 's' : ''} ${header.missing.join(', ')}. Download it again from Tradovate without removing columns.`,
      dataRecords.length,
    );
  }
  const tooMany = tooManyRows(dataRecords);
  if (tooMany) return tooMany;
  const executions: ImportedExecution[] = [];
  const errors: ParsedExecutions['errors'] = [];
  const skipped: Record<string, number> = {};
  for (const record of dataRecords) {
    const row = new ImportRow(record.line, record.fields, header.keys, decimalComma);
    const symbol = row.symbol('Contract', 'Contract');
    const product = row.text('Product').toUpperCase();
    const multiplier = TRADOVATE_POINT_VALUES[product];
    if (product === '') row.problems.push('Product is empty');
    else if (multiplier === undefined) {
      row.problems.push(
        `Candlewise does not know the point value of the product ${product} (remove its rows to import the rest, and add the trade by hand)`,
      );
    }
    const action = row.text('B/S').toLowerCase();
    const side = action === 'buy' ? 'buy' : action === 'sell' ? 'sell' : null;
    if (!side) row.problems.push(`B/S "${row.text('B/S')}" is not Buy or Sell`);
    const quantity = row.amount('Quantity', 'Quantity', 'positive', true);
    const price = row.amount('Price', 'Price', 'positive', true);
    const fee = row.amount('commission', 'commission', 'nonnegative', false) ?? 0;
    const fillId = row.id('Fill ID', 'Fill ID', true);
    const orderId = row.id('Order ID', 'Order ID', true);
    // `_timestamp` (`timestamp`) is UTC; `Timestamp` is the downloader's clock (month first), read in the learner's zone.
    const utc = row.text('raw timestamp');
    const executed =
      utc !== ''
        ? readDateTime('timestamp', utc.endsWith('Z') ? utc : `${utc}Z`, null, {
            zone: 'UTC',
            order: 'month-first',
            example: '2026-02-11 06:34:46.772Z',
          })
        : readDateTime('Timestamp', row.text('Timestamp'), null, {
            zone: options.timeZone,
            order: 'month-first',
            example: '02/11/2026 15:34:46',
          });
    if ('problem' in executed) row.problems.push(executed.problem);
    if (row.problems.length > 0 || !('instant' in executed)) {
      errors.push({ line: row.line, message: rowMessage(row.problems, ADVICE) });
      continue;
    }
    const account = row.text('Account');
    executions.push({
      line: row.line,
      identity: executionIdentity({
        source: SOURCE,
        account,
        symbol: symbol!,
        tradeDate: isoDate(executed.date),
        brokerTradeId: fillId,
        orderId,
      }),
      account,
      symbol: symbol!,
      assetClass: 'future',
      side: side!,
      quantity: quantity!,
      price: price!,
      fee,
      currency: 'USD',
      multiplier: multiplier!,
      executedAt: executed.instant,
      brokerTradeId: fillId,
      orderId,
      marketZone: null,
    });
  }
  return {
    rows: dataRecords.length,
    executions: settleIdentities(executions, SOURCE, skipped),
    errors,
    skipped,
  };
}
