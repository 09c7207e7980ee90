/**
 * The Candlewise template (one row per trade, the columns of GENERIC_COLUMNS) as fills: a closed
 * trade is its entry and its exit, an open trade its entry alone. Rows carry no broker ids, so each
 * fill is known by its content; the same row read again gives the same fills. Candlewise's own
 * export has the template's columns (plus pnl, source and verified), so it is read by the same rule:
 * exporting trades and importing the file again gives the same fills and adds nothing.
 *
 * What the executions cannot carry — stop, target, tags and notes — is not read here.
 */

import { isTimeZone } from '../../trading/risk-rules.ts';
import { parseCsv } from '../csv.ts';
import type { ImportedExecution, ParsedExecutions } from '../executions.ts';
import { DEFAULT_CURRENCY } from '../journal-schemas.ts';
import { detectDayOrder, readDateTime } from './import-dates.ts';
import {
  assignContentIdentities,
  columnKeys,
  countSkipped,
  type ImportOptions,
  ImportRow,
  isBlankRecord,
  roundAmount,
  rowMessage,
  tooManyRows,
  unreadableFile,
} from './import-rows.ts';

/** Content identities of template fills start with this, whichever of the two layouts read them. */
const SOURCE = 'candlewise';
const REQUIRED = ['symbol', 'side', 'quantity', 'entry_price', 'entry_time'];
export const ALREADY_REBUILT = 'paper and broker trades (Candlewise rebuilds them from their own fills)';

function sideOf(text: string): 'long' | 'short' | null {
  const side = text.trim().toLowerCase();
  if (side === 'long' || side === 'buy' || side === 'b') return 'long';
  if (side === 'short' || side === 'sell' || side === 's') return 'short';
  return null;
}

/**
 * The trade's fees split over its two fills (half each, to the journal's six decimals), so that
 * the rebuilt trade's fees are the row's fees again.
 */
function splitFees(fees: number, closed: boolean): [number, number] {
  if (!closed) return [fees, 0];
  const entry = roundAmount(fees / 2);
  return [entry, roundAmount(fees - entry)];
}

export function readTradeRows(
  text: string,
  options: ImportOptions,
  layout: { name: string; advice: string; exported: boolean },
): ParsedExecutions {
  const records = parseCsv(text);
  const header = records[0];
  if (!header) return unreadableFile(1, `The file is empty. ${layout.advice}`);
  const keys = columnKeys(header.fields);
  const required = layout.exported ? [...REQUIRED, 'source'] : REQUIRED;
  const missing = required.filter((column) => !keys.has(column.replace(/_/g, '')));
  const dataRecords = records.slice(1).filter((record) => !isBlankRecord(record));
  if (missing.length > 0) {
    return unreadableFile(
      header.line,
      `The first row lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')} of the ${layout.name}. ${layout.advice}`,
      dataRecords.length,
    );
  }
  if (!isTimeZone(options.timeZone)) {
    return unreadableFile(
      header.line,
      `Your time zone "${options.timeZone}" is not one Candlewise knows, so times without an offset cannot be read. Choose your time zone in your profile and import again.`,
      dataRecords.length,
    );
  }
  const tooMany = tooManyRows(dataRecords);
  if (tooMany) return tooMany;
  const rowsOf = dataRecords.map((record) => new ImportRow(record.line, record.fields, keys));
  const order = detectDayOrder(
    rowsOf.flatMap((row) => [row.text('entry_time'), row.text('exit_time')]),
    options.timeZone.startsWith('America/') ? 'month-first' : 'day-first',
  );
  const timeOptions = { zone: options.timeZone, order, example: '2026-11-02 09:15' };
  const executions: ImportedExecution[] = [];
  const errors: ParsedExecutions['errors'] = [];
  const skipped: Record<string, number> = {};
  for (const row of rowsOf) {
    if (layout.exported && ['paper', 'broker'].includes(row.text('source').toLowerCase())) {
      countSkipped(skipped, ALREADY_REBUILT);
      continue;
    }
    const symbol = row.symbol('symbol', 'symbol');
    const side = sideOf(row.text('side'));
    if (!side) row.problems.push(`side "${row.text('side')}" is not long or short`);
    const quantity = row.amount('quantity', 'quantity', 'positive', true);
    const entryPrice = row.amount('entry_price', 'entry_price', 'positive', true);
    const exitPrice = row.amount('exit_price', 'exit_price', 'positive', false);
    const fees = row.amount('fees', 'fees', 'nonnegative', false) ?? 0;
    const multiplier = row.amount('multiplier', 'multiplier', 'positive', false) ?? 1;
    const currencyText = row.text('currency').toUpperCase();
    if (currencyText !== '' && !/^[A-Z]{3}$/.test(currencyText)) {
      row.problems.push(`currency "${row.text('currency')}" is not a currency code such as INR or USD`);
    }
    const entry = readDateTime('entry_time', row.text('entry_time'), null, timeOptions);
    if ('problem' in entry) row.problems.push(entry.problem);
    const hasExit = row.text('exit_time') !== '';
    const exit = hasExit ? readDateTime('exit_time', row.text('exit_time'), null, timeOptions) : null;
    if (exit && 'problem' in exit) row.problems.push(exit.problem);
    if ((row.text('exit_price') === '') !== !hasExit) {
      row.problems.push('give both exit_price and exit_time, or neither for an open trade');
    }
    if (exit && 'instant' in exit && 'instant' in entry && exit.instant < entry.instant) {
      row.problems.push('exit_time is before entry_time');
    }
    if (row.problems.length > 0 || !('instant' in entry)) {
      errors.push({ line: row.line, message: rowMessage(row.problems, layout.advice) });
      continue;
    }
    const closed = exit !== null && 'instant' in exit && exitPrice !== null;
    const [entryFee, exitFee] = splitFees(fees, closed);
    const fill = {
      line: row.line,
      identity: '',
      account: '',
      symbol: symbol!,
      assetClass: 'stock' as const,
      quantity: quantity!,
      currency: currencyText || DEFAULT_CURRENCY,
      multiplier,
      brokerTradeId: null,
      orderId: null,
    };
    executions.push({
      ...fill,
      side: side === 'long' ? 'buy' : 'sell',
      price: entryPrice!,
      fee: entryFee,
      executedAt: entry.instant,
    });
    if (closed) {
      executions.push({
        ...fill,
        side: side === 'long' ? 'sell' : 'buy',
        price: exitPrice,
        fee: exitFee,
        executedAt: exit.instant,
      });
    }
  }
  assignContentIdentities(executions, SOURCE);
  return { rows: dataRecords.length, executions, errors, skipped };
}

export function parseCandlewiseTemplate(text: string, options: ImportOptions): ParsedExecutions {
  return readTradeRows(text, options, {
    name: 'Candlewise template',
    advice: 'Correct the row, or start again from the template in Journal → Import.',
    exported: false,
  });
}
