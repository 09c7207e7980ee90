/**
 * Groww's stock order history (Reports → Stocks → Order history, an XLSX saved as CSV): a title
 * block (Name, Unique Client Code, "Order history for stocks from … to …") above the columns Stock
 * name, Symbol, ISIN, Type, Quantity, Value, Exchange, Exchange Order Id, Execution date and time,
 * Order status. One row per order: Value is the order's total, so the price is Value ÷ Quantity;
 * only Executed orders are fills. Times (01-01-2026 10:05 AM) are India's.
 */
import { readCsv } from '../csv.ts';
import { executionIdentity, type ImportedExecution, type ParsedExecutions } from '../executions.ts';
import { journalAmountProblem } from '../journal-schemas.ts';
import { INDIAN_MARKET_ZONE } from '../market-zones.ts';
import { detectDayOrder, isoDate, readDateTime } from './import-dates.ts';
import {
  countSkipped,
  findHeaderRecord,
  type ImportOptions,
  ImportRow,
  isBlankRecord,
  roundAmount,
  rowMessage,
  settleIdentities,
  tooManyRows,
  unreadableFile,
} from './import-rows.ts';

const SOURCE = 'groww';
const ZONE = 'Asia/Kolkata';
const ADVICE =
  'Correct the row, or download the order history again from Groww (Reports → Stocks → Order history).';
const REQUIRED = ['Symbol', 'Type', 'Quantity', 'Value', 'Exchange Order Id', 'Execution date and time'];

export function parseGrowwOrderHistory(text: string, _options: ImportOptions): ParsedExecutions {
  const { records, decimalComma } = readCsv(text);
  const header = findHeaderRecord(records, REQUIRED, 4);
  if (!header) {
    return unreadableFile(
      records[0]?.line ?? 1,
      'This is not a Groww order history: no row names the columns Symbol, Type, Quantity, Value, Exchange Order Id and Execution date and time. Download the stock order history from Groww and save it as CSV.',
      records.length,
    );
  }
  const dataRecords = records.slice(header.index + 1).filter((record) => !isBlankRecord(record));
  if (header.missing.length > 0) {
    return unreadableFile(
      records[header.index].line,
      `The order history lacks the column${header.missing.length > 1 ? 's' : ''} ${header.missing.join(', ')}. Download it again from Groww without removing columns.`,
      dataRecords.length,
    );
  }
  const tooMany = tooManyRows(dataRecords);
  if (tooMany) return tooMany;
  const rowsOf = dataRecords.map(
    (record) => new ImportRow(record.line, record.fields, header.keys, decimalComma),
  );
  const order = detectDayOrder(
    rowsOf.map((row) => row.text('Execution date and time')),
    'day-first',
  );
  const executions: ImportedExecution[] = [];
  const errors: ParsedExecutions['errors'] = [];
  const skipped: Record<string, number> = {};
  for (const row of rowsOf) {
    const status = row.text('Order status');
    if (status !== '' && status.toLowerCase() !== 'executed') {
      countSkipped(skipped, `${status.toLowerCase()} orders (not filled)`);
      continue;
    }
    const symbol = row.symbol('Symbol', 'Symbol');
    const type = row.text('Type').toLowerCase();
    const side = type === 'buy' ? 'buy' : type === 'sell' ? 'sell' : null;
    if (!side) row.problems.push(`Type "${row.text('Type')}" is not BUY or SELL`);
    const quantity = row.amount('Quantity', 'Quantity', 'positive', true);
    const value = row.amount('Value', 'Value', 'positive', true);
    const orderId = row.id('Exchange Order Id', 'Exchange Order Id', true);
    const executed = readDateTime('Execution date and time', row.text('Execution date and time'), null, {
      zone: ZONE,
      order,
      example: '01-07-2024 10:15 AM',
    });
    if ('problem' in executed) row.problems.push(executed.problem);
    const price = quantity && value ? roundAmount(value / quantity) : null;
    if (price !== null) {
      const problem = journalAmountProblem(price, 'positive');
      if (problem) row.problems.push(`the price (Value ÷ Quantity) ${problem}`);
    }
    if (row.problems.length > 0 || !('instant' in executed)) {
      errors.push({ line: row.line, message: rowMessage(row.problems, ADVICE) });
      continue;
    }
    executions.push({
      line: row.line,
      // Exchange order numbers restart every day: the trade date keeps them apart.
      identity: executionIdentity({
        source: SOURCE,
        symbol: symbol!,
        tradeDate: isoDate(executed.date),
        orderId,
      }),
      account: '',
      symbol: symbol!,
      assetClass: 'stock',
      side: side!,
      quantity: quantity!,
      price: price!,
      // The order history carries no charges.
      fee: 0,
      currency: 'INR',
      multiplier: 1,
      executedAt: executed.instant,
      brokerTradeId: null,
      orderId,
      marketZone: INDIAN_MARKET_ZONE,
    });
  }
  return {
    rows: dataRecords.length,
    executions: settleIdentities(executions, SOURCE, skipped),
    errors,
    skipped,
  };
}
