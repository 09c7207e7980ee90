/**
 * IBKR Flex Query rows into fills: the rules the Activity Flex (Trades section) and the Trade
 * Confirmation Flex layouts share; each layout only names its columns (TradePrice or Price,
 * IBCommission or Commission…).
 *
 * - Only EXECUTION rows are fills: ORDER, SYMBOL_SUMMARY, ASSET_SUMMARY, CLOSED_LOT… rows beside
 *   them (LevelOfDetail) are summaries of the same fills, counted in `skipped`.
 * - A cancelled trade shows as a row with TransactionType TradeCancel, Buy/Sell "BUY (Ca.)" or the
 *   code Ca in Notes/Codes (csingley/ibflex enums: Code.CANCEL = "Ca", BuySell.CANCELBUY,
 *   TradeType.TRADECANCEL); it is skipped together with the earlier row it cancels (OrigTradeID).
 *   IBKR then books the corrected trade again, often under the same TradeID.
 * - Times are IBKR's statement times, New York's, not the learner's.
 * - The identity is (account, symbol, trade date, TradeID or execution id, order id): the same fill
 *   gets the same identity from either layout.
 */
import { executionIdentity, type ImportedExecution, type ParsedExecutions } from '../executions.ts';
import { marketZoneForCurrency } from '../market-zones.ts';
import { type FlexHeader, readFlexFile } from './ibkr-flex-file.ts';
import {
  type CalendarDate,
  dateInZone,
  detectDayOrder,
  isoDate,
  readCalendarDate,
  readDateTime,
} from './import-dates.ts';
import {
  assignContentIdentities,
  columnKey,
  countSkipped,
  ImportRow,
  parseDecimal,
  rowMessage,
  settleIdentities,
  tooManyRows,
  unreadableFile,
} from './import-rows.ts';

const SOURCE = 'ibkr';
/** IBKR's statements and Flex Queries give times in US Eastern time. */
export const IBKR_STATEMENT_ZONE = 'America/New_York';

/** The column names of one Flex layout (any case; IBKR's own spelling in messages). */
export interface IbkrLayoutColumns {
  /** For sentences: "the Flex Query", "the Trade Confirmation Flex Query". */
  name: string;
  price: string;
  commission: string;
  commissionCurrency: string;
  orderId: string;
  execId: string;
  codes: string;
  advice: string;
}

const ASSET_CLASSES: Record<string, ImportedExecution['assetClass']> = {
  STK: 'stock',
  CFD: 'stock',
  OPT: 'option',
  FOP: 'option',
  WAR: 'option',
  IOPT: 'option',
  FUT: 'future',
  CASH: 'forex',
  CRYPTO: 'crypto',
  IND: 'index',
};
/** Asset classes the journal does not follow (bonds, bills, funds, commodities held as metal). */
const LEFT_OUT_ASSET_CLASSES = new Set(['BOND', 'BILL', 'FUND', 'CMDTY', 'BAG']);

export const CANCELLED = 'cancelled trades (the cancellation and the trade it cancels)';
export const OTHER_SECTIONS = 'rows of other report sections (not trades)';

function codesOf(text: string): string[] {
  return text
    .split(/[;,\s]+/)
    .map((code) => code.trim())
    .filter(Boolean);
}

function isCancellation(row: ImportRow, columns: IbkrLayoutColumns): boolean {
  const type = row.text('TransactionType').toLowerCase();
  return (
    type === 'tradecancel' ||
    type === 'fracsharecancel' ||
    /\(ca\.?\)/i.test(row.text('Buy/Sell')) ||
    codesOf(row.text(columns.codes)).includes('Ca')
  );
}

/**
 * IBKR marks each execution as opening or closing (the Open/CloseIndicator column, or the codes O
 * and C): a sale marked O opens a short, even for a stock and across days.
 */
function opensPosition(row: ImportRow, columns: IbkrLayoutColumns): boolean {
  const indicator = (row.text('Open/CloseIndicator') || row.text('Open/Close')).toUpperCase();
  if (indicator !== '') return indicator.split(/[;,\s]+/).includes('O');
  return codesOf(row.text(columns.codes)).includes('O');
}

/** A TradeCancel row: the trade it cancels (OrigTradeID) and how many fills were read before it. */
interface Cancellation {
  account: string;
  tradeId: string;
  before: number;
}

/**
 * Removes the fill each cancellation cancels, by TradeID whatever the dates or the order of rows:
 * the last fill with that id read before the cancellation, else the first read after it (a file
 * sorted by report date may list the cancellation first). IBKR often books the corrected trade
 * again under the same TradeID: that one stays.
 */
function removeCancelled(
  executions: ImportedExecution[],
  cancellations: readonly Cancellation[],
  skipped: Record<string, number>,
): void {
  const removed = new Set<ImportedExecution>();
  for (const { account, tradeId, before } of cancellations) {
    const cancels = (execution: ImportedExecution) =>
      !removed.has(execution) && execution.brokerTradeId === tradeId && execution.account === account;
    const earlier = executions.slice(0, before).findLast(cancels);
    const target = earlier ?? executions.slice(before).find(cancels);
    if (!target) continue;
    removed.add(target);
    countSkipped(skipped, CANCELLED);
  }
  if (removed.size === 0) return;
  const kept = executions.filter((execution) => !removed.has(execution));
  executions.splice(0, executions.length, ...kept);
}

function isTradesHeader(header: FlexHeader, columns: IbkrLayoutColumns): boolean {
  const has = (name: string) => header.keys.has(columnKey(name));
  return has('Symbol') && has('Quantity') && (has(columns.price) || has('Buy/Sell'));
}

function missingColumns(header: FlexHeader, columns: IbkrLayoutColumns): string[] {
  const has = (name: string) => header.keys.has(columnKey(name));
  const missing = ['Symbol', 'Quantity', columns.price].filter((name) => !has(name));
  if (!has('CurrencyPrimary') && !has('Currency')) missing.push('CurrencyPrimary');
  if (!has('DateTime') && !(has('TradeDate') && has('TradeTime'))) missing.push('DateTime');
  return missing;
}

export function readIbkrFills(text: string, columns: IbkrLayoutColumns): ParsedExecutions {
  const file = readFlexFile(text);
  if (file.headers.length === 0) {
    return unreadableFile(
      file.firstLine,
      `This file has no row of column names. Set "Include column headers" to Yes in ${columns.name} and run it again.`,
    );
  }
  const tooMany = tooManyRows(file.rows);
  if (tooMany) return tooMany;
  const tradeHeaders = file.headers.filter((header) => isTradesHeader(header, columns));
  if (tradeHeaders.length === 0) {
    return unreadableFile(
      file.headers[0].line,
      `No section of this file lists trades (columns Symbol, Buy/Sell, Quantity and ${columns.price}). Add the Trades section with Executions to ${columns.name} and run it again.`,
      file.rows.length,
    );
  }
  const errors: ParsedExecutions['errors'] = [];
  const skipped: Record<string, number> = {};
  const brokenHeaders = new Set<FlexHeader>();
  for (const header of tradeHeaders) {
    const missing = missingColumns(header, columns);
    if (missing.length === 0) continue;
    brokenHeaders.add(header);
    errors.push({
      line: header.line,
      message: `The trades lack the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}. Add ${missing.length > 1 ? 'them' : 'it'} to ${columns.name} and run it again.`,
    });
  }

  const tradeRows = file.rows.filter((row) => tradeHeaders.includes(row.header));
  const rowsOf = tradeRows.map((row) => ({
    row: new ImportRow(row.line, row.fields, row.header.keys),
    flex: row,
  }));
  // IBKR writes slashed dates month first (MM/dd/yyyy) unless the file proves otherwise.
  const order = detectDayOrder(
    rowsOf.flatMap(({ row }) => [row.text('DateTime'), row.text('TradeDate')]),
    'month-first',
  );
  const executions: ImportedExecution[] = [];
  const cancellations: Cancellation[] = [];
  countSkipped(skipped, OTHER_SECTIONS, file.rows.length - tradeRows.length);
  if (skipped[OTHER_SECTIONS] === 0) delete skipped[OTHER_SECTIONS];

  for (const { row, flex } of rowsOf) {
    if (brokenHeaders.has(flex.header)) continue;
    const level = row.text('LevelOfDetail').toUpperCase();
    if (level !== '' && level !== 'EXECUTION') {
      countSkipped(skipped, `${level} rows (IBKR's summaries of fills)`);
      continue;
    }
    // Trade Confirmation queries may name the account AccountId, the currency Currency and the
    // asset class AssetCategory (IBKR's TradeConfirm attributes) where Activity queries do not.
    const account =
      row.text('ClientAccountID') || row.text('AccountId') || row.text('AccountAlias') || flex.blockAccount;
    if (isCancellation(row, columns)) {
      countSkipped(skipped, CANCELLED);
      const tradeId = row.text('OrigTradeID');
      if (tradeId) cancellations.push({ account, tradeId, before: executions.length });
      continue;
    }
    const assetText = (row.text('AssetClass') || row.text('AssetCategory') || 'STK').toUpperCase();
    if (LEFT_OUT_ASSET_CLASSES.has(assetText)) {
      countSkipped(
        skipped,
        `${assetText} rows (the journal follows stocks, options, futures, forex and crypto)`,
      );
      continue;
    }
    const assetClass = ASSET_CLASSES[assetText];
    if (!assetClass) row.problems.push(`AssetClass "${assetText}" is not one Candlewise reads`);
    const price = parseDecimal(row.text(columns.price));
    const codes = codesOf(row.text(columns.codes));
    // An option that expired (Ep), was assigned (A) or exercised (Ex…) leaves the book at price 0:
    // the premium is the whole P&L, and the shares an assignment or exercise delivers are a fill
    // of their own in the file.
    const closesAtZero = price === 0 && codes.some((code) => ['Ep', 'A', 'Ex', 'MEx', 'AEx'].includes(code));
    const symbol = row.symbol('Symbol', 'Symbol', true);
    const signed = row.amount('Quantity', 'Quantity', 'any', true);
    if (signed === 0) row.problems.push('Quantity is 0');
    const sideText = row.text('Buy/Sell').toUpperCase();
    let side: 'buy' | 'sell' | null = sideText.startsWith('BUY')
      ? 'buy'
      : sideText.startsWith('SELL')
        ? 'sell'
        : null;
    if (!side && sideText === '' && signed) side = signed > 0 ? 'buy' : 'sell';
    if (!side) row.problems.push(`Buy/Sell "${row.text('Buy/Sell')}" is not BUY or SELL`);
    const tradePrice = closesAtZero ? 0 : row.amount(columns.price, columns.price, 'positive', true);
    const currencyColumn = row.has('CurrencyPrimary') ? 'CurrencyPrimary' : 'Currency';
    const currency = row.text(currencyColumn).toUpperCase();
    if (!/^[A-Z]{3}$/.test(currency)) {
      row.problems.push(`${currencyColumn} "${row.text(currencyColumn)}" is not a currency code such as USD`);
    }
    let multiplier = row.amount('Multiplier', 'Multiplier', 'positive', false);
    if (multiplier === null && row.problems.length === 0) {
      if (
        assetClass === 'stock' ||
        assetClass === 'forex' ||
        assetClass === 'crypto' ||
        assetClass === 'index'
      ) {
        multiplier = 1;
      } else {
        row.problems.push(
          `Multiplier is empty for this ${assetText} row (add the Multiplier column to ${columns.name})`,
        );
      }
    }
    // IBCommission is negative when it is charged; a positive one is a rebate, which is not a fee.
    const commission = parseDecimal(row.text(columns.commission));
    const commissionCurrency = row.text(columns.commissionCurrency).toUpperCase();
    const fee =
      commission !== null && commission < 0 && (commissionCurrency === '' || commissionCurrency === currency)
        ? -commission
        : 0;
    const executed = row.has('DateTime')
      ? readDateTime('DateTime', row.text('DateTime'), null, {
          zone: IBKR_STATEMENT_ZONE,
          order,
          example: '20260302;093501',
        })
      : readDateTime('TradeDate and TradeTime', row.text('TradeDate'), row.text('TradeTime'), {
          zone: IBKR_STATEMENT_ZONE,
          order,
          example: '20260302 093501',
        });
    if ('problem' in executed) row.problems.push(executed.problem);
    let tradeDate: CalendarDate | null = null;
    if (row.text('TradeDate') !== '') {
      const reading = readCalendarDate('TradeDate', row.text('TradeDate'), order, '20260302');
      if ('problem' in reading) row.problems.push(reading.problem);
      else tradeDate = reading.date;
    } else if ('instant' in executed) {
      tradeDate = dateInZone(executed.instant, IBKR_STATEMENT_ZONE);
    }
    const tradeId = row.id('TradeID', 'TradeID', false) ?? row.id(columns.execId, columns.execId, false);
    const orderId = row.id(columns.orderId, columns.orderId, false);
    if (row.problems.length > 0 || !('instant' in executed)) {
      errors.push({ line: row.line, message: rowMessage(row.problems, columns.advice) });
      continue;
    }
    executions.push({
      line: row.line,
      identity: executionIdentity({
        source: SOURCE,
        account,
        symbol: symbol!,
        tradeDate: tradeDate ? isoDate(tradeDate) : null,
        brokerTradeId: tradeId,
        orderId,
      }),
      account,
      symbol: symbol!,
      assetClass: assetClass!,
      side: side!,
      quantity: Math.abs(signed!),
      price: tradePrice!,
      fee,
      currency,
      multiplier: multiplier!,
      executedAt: executed.instant,
      brokerTradeId: tradeId,
      orderId,
      shortSale: side === 'sell' && opensPosition(row, columns),
      marketZone: marketZoneForCurrency(currency),
    });
  }
  removeCancelled(executions, cancellations, skipped);
  // Without a trade, execution or order id a fill is known by its content.
  const withoutIds = executions.filter((execution) => !execution.brokerTradeId && !execution.orderId);
  assignContentIdentities(withoutIds, SOURCE);
  const settled = new Set(
    settleIdentities(
      executions.filter((execution) => !withoutIds.includes(execution)),
      SOURCE,
      skipped,
    ),
  );
  return {
    rows: file.rows.length,
    executions: executions.filter((execution) => settled.has(execution) || withoutIds.includes(execution)),
    errors,
    skipped,
  };
}
