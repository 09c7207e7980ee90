/**
 * The Candlewise template (one row per trade, the columns of GENERIC_COLUMNS) and Candlewise's own
 * export (the same columns with times in UTC, then pnl, source, verified, account and id). A row is
 * a trade the learner typed, not a fill: it keeps its stop, target, tags and notes, and two trades
 * typed side by side in one symbol stay two trades (pairing them as fills would merge them). Each
 * row is known by a fingerprint of what identifies the trade, so the same row imported again adds
 * nothing, in whatever zone or format its times were written.
 *
 * Read back, an export adds nothing: rows whose `id` is a trade of the journal are already there,
 * paper and broker trades and trades rebuilt from a broker file's fills (`account` set) are left
 * out, since Candlewise rebuilds those from their own fills.
 */

import { isTimeZone } from '../../trading/risk-rules.ts';
import { readCsv } from '../csv.ts';
import type { ImportedTrade } from '../csv-import.ts';
import type { ImportedExecution } from '../executions.ts';
import { decodeExportedFills, importAccountOf, toImportedExecution } from '../exported-fills.ts';
import { journalAmountProblem, tradePnl } from '../journal-schemas.ts';
import { inferSymbolCurrency } from '../symbol-currency.ts';
import { detectDayOrder, readDateTime } from './import-dates.ts';
import {
  columnKeys,
  countSkipped,
  type ImportOptions,
  ImportRow,
  isBlankRecord,
  rowMessage,
  tooManyRows,
} from './import-rows.ts';

const REQUIRED = ['symbol', 'side', 'quantity', 'entry_price', 'entry_time'];
export const ALREADY_REBUILT = 'paper and broker trades (Candlewise rebuilds them from their own fills)';
export const REBUILT_FROM_FILES =
  'trades rebuilt from a broker file’s fills (import that broker file to bring them back)';
const ADVICE = 'Correct the row, or start again from the template in Journal → Import.';
const PNL_TOO_LARGE = 'the P&L (quantity times the price move) must be under 100,000,000,000,000';

/** The template read: one trade per row. */
export interface ParsedTradeRows {
  /** Data rows read (the header and blank lines not counted). */
  rows: number;
  trades: ImportedTrade[];
  errors: Array<{ line: number; message: string }>;
  /** Rows read and deliberately left out, by reason. */
  skipped: Record<string, number>;
  /**
   * An export's fills (rows of trades rebuilt from fills, and open positions): stored as fills and
   * rebuilt, so the trades come back whole. `exportedAccount` is `<source>:<account>` of the journal
   * they came from; `opening` marks an opening holding.
   */
  executions?: Array<ImportedExecution & { opening?: boolean; exportedAccount: string }>;
  /** What the learner added to a trade rebuilt from fills, put back on the rebuilt trade. */
  annotations?: TradeAnnotation[];
}

/** The learner's additions to an exported trade rebuilt from fills, keyed by its account and key. */
export interface TradeAnnotation {
  /** The row's line in the file. */
  line: number;
  /** The CSV account the fills are stored in on import. */
  account: string;
  exportedAccount: string;
  /** The trade's key (its opening fill's identity). */
  trade: string;
  stopPrice: number | null;
  targetPrice: number | null;
  setupTags: string[];
  mistakeTags: string[];
  notes: string;
}

function sideOf(text: string): 'long' | 'short' | null {
  const side = text.trim().toLowerCase();
  if (side === 'long' || side === 'buy' || side === 'b') return 'long';
  if (side === 'short' || side === 'sell' || side === 's') return 'short';
  return null;
}

function splitTags(value: string): string[] {
  return [
    ...new Set(
      value
        .split(/[;|]/)
        .map((tag) => tag.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
}

function unreadable(line: number, message: string, rows = 0): ParsedTradeRows {
  return { rows, trades: [], errors: [{ line, message }], skipped: {} };
}

/** Reads the template or an export: one trade per row, times without an offset in the learner's zone. */
export function parseCandlewiseTemplate(text: string, options: ImportOptions): ParsedTradeRows {
  const { records, decimalComma } = readCsv(text);
  const header = records[0];
  if (!header) return unreadable(1, `The file is empty. ${ADVICE}`);
  const keys = columnKeys(header.fields);
  const exported = keys.has('source') && keys.has('verified');
  const missing = REQUIRED.filter((column) => !keys.has(column.replace(/_/g, '')));
  const dataRecords = records.slice(1).filter((record) => !isBlankRecord(record));
  if (missing.length > 0) {
    return unreadable(
      header.line,
      `The first row lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')} of the Candlewise template. ${ADVICE}`,
      dataRecords.length,
    );
  }
  if (!isTimeZone(options.timeZone)) {
    return unreadable(
      header.line,
      `Your time zone "${options.timeZone}" is not one Candlewise knows, so times without an offset cannot be read. Choose your time zone in your profile and import again.`,
      dataRecords.length,
    );
  }
  const tooMany = tooManyRows(dataRecords);
  if (tooMany) {
    const { rows, errors, skipped } = tooMany;
    return { rows, errors, skipped, trades: [] };
  }
  const rowsOf = dataRecords.map((record) => new ImportRow(record.line, record.fields, keys, decimalComma));
  const order = detectDayOrder(
    rowsOf.flatMap((row) => [row.text('entry_time'), row.text('exit_time')]),
    options.timeZone.startsWith('America/') ? 'month-first' : 'day-first',
  );
  const timeOptions = { zone: options.timeZone, order, example: '2026-11-02 09:15' };
  const trades: ImportedTrade[] = [];
  const errors: ParsedTradeRows['errors'] = [];
  const skipped: Record<string, number> = {};
  const executions: NonNullable<ParsedTradeRows['executions']> = [];
  const annotations: TradeAnnotation[] = [];
  for (const row of rowsOf) {
    if (exported && row.text('fills') !== '') {
      // A trade rebuilt from fills (or a position still open): its fills bring it back whole.
      const decoded = decodeExportedFills(row.text('fills'));
      if ('problem' in decoded) {
        errors.push({ line: row.line, message: rowMessage([decoded.problem], ADVICE) });
        continue;
      }
      for (const fill of decoded.fills) executions.push(toImportedExecution(fill, decoded.account, row.line));
      if (decoded.trade) {
        annotations.push({
          line: row.line,
          account: importAccountOf(decoded.account),
          exportedAccount: decoded.account,
          trade: decoded.trade,
          stopPrice: row.amount('stop', 'stop', 'positive', false),
          targetPrice: row.amount('target', 'target', 'positive', false),
          setupTags: splitTags(row.text('setup_tags')),
          mistakeTags: splitTags(row.text('mistake_tags')),
          notes: row.text('notes').slice(0, 5000),
        });
      }
      continue;
    }
    if (exported && ['paper', 'broker'].includes(row.text('source').toLowerCase())) {
      countSkipped(skipped, ALREADY_REBUILT);
      continue;
    }
    if (exported && row.text('account') !== '') {
      countSkipped(skipped, REBUILT_FROM_FILES);
      continue;
    }
    const symbol = row.symbol('symbol', 'symbol');
    const side = sideOf(row.text('side'));
    if (!side) row.problems.push(`side "${row.text('side')}" is not long or short`);
    const quantity = row.amount('quantity', 'quantity', 'positive', true);
    const entryPrice = row.amount('entry_price', 'entry_price', 'positive', true);
    const exitPrice = row.amount('exit_price', 'exit_price', 'positive', false);
    const fees = row.amount('fees', 'fees', 'nonnegative', false) ?? 0;
    const stopPrice = row.amount('stop', 'stop', 'positive', false);
    const targetPrice = row.amount('target', 'target', 'positive', false);
    const multiplier = row.amount('multiplier', 'multiplier', 'positive', false) ?? 1;
    const currencyText = row.text('currency').toUpperCase();
    if (currencyText !== '' && !/^[A-Z]{3}$/.test(currencyText)) {
      row.problems.push(`currency "${row.text('currency')}" is not a currency code such as INR or USD`);
    }
    // Never a silent default: the file's currency, else what Candlewise knows of the symbol.
    const currency =
      currencyText || (symbol ? (options.currencyOf?.(symbol) ?? inferSymbolCurrency(symbol)) : null);
    if (symbol && !currency) {
      row.problems.push(
        `currency is empty and Candlewise cannot tell which currency ${symbol} is priced in: write it in the currency column (INR, USD, EUR…)`,
      );
    }
    const entry = readDateTime('entry_time', row.text('entry_time'), null, timeOptions);
    if ('problem' in entry) row.problems.push(entry.problem);
    const hasExit = row.text('exit_time') !== '';
    const exit = hasExit ? readDateTime('exit_time', row.text('exit_time'), null, timeOptions) : null;
    if (exit && 'problem' in exit) row.problems.push(exit.problem);
    if ((row.text('exit_price') === '') !== !hasExit) {
      row.problems.push('give both exit_price and exit_time, or neither for an open trade');
    }
    const entryTime = 'instant' in entry ? entry.instant : null;
    const exitTime = exit && 'instant' in exit ? exit.instant : null;
    if (entryTime && exitTime && exitTime < entryTime) row.problems.push('exit_time is before entry_time');
    const notes = row.text('notes');
    if (notes.length > 5000) row.problems.push('notes are longer than 5,000 characters');
    if (row.problems.length === 0) {
      const pnl = tradePnl({
        side: side!,
        quantity: quantity!,
        entryPrice: entryPrice!,
        exitPrice,
        fees,
        multiplier,
      });
      if (pnl !== null && journalAmountProblem(pnl, 'any')) row.problems.push(PNL_TOO_LARGE);
    }
    if (row.problems.length > 0 || !entryTime) {
      errors.push({ line: row.line, message: rowMessage(row.problems, ADVICE) });
      continue;
    }
    const trade = {
      symbol: symbol!,
      side: side!,
      quantity: quantity!,
      entryPrice: entryPrice!,
      exitPrice: exitTime ? exitPrice : null,
      entryTime,
      exitTime,
      fees,
      multiplier,
    };
    trades.push({
      line: row.line,
      // The fingerprint's text: the same trade read from the template or an export, in any zone.
      identity: [
        'generic',
        trade.symbol,
        trade.side,
        trade.quantity,
        trade.entryPrice,
        trade.exitPrice ?? '',
        entryTime.toISOString(),
        exitTime?.toISOString() ?? '',
      ].join('|'),
      ...trade,
      pnl: tradePnl(trade),
      stopPrice,
      targetPrice,
      setupTags: splitTags(row.text('setup_tags')),
      mistakeTags: splitTags(row.text('mistake_tags')),
      notes,
      currency: currency!,
      exportedId: exported ? row.text('id') || null : null,
    });
  }
  return { rows: dataRecords.length, trades, errors, skipped, executions, annotations };
}
