/**
 * MetaTrader 5's Trade History Report (History tab → right click → Report → Open XML (MS Office
 * Excel 2007), saved as CSV from the spreadsheet; or just its Deals table as CSV). The report holds
 * a title block (Name, Account "52603751 (USD, Broker-Server, demo, Hedge)", Company, Date) and
 * three sections — Positions, Orders, Deals — then Results. Only the Deals are fills: each row is
 * one execution with its deal and order tickets, Type buy/sell (balance, credit, charge… rows are
 * account movements), Direction in/out/in out/out by, Volume in lots, Price, and Commission, Fee and
 * Swap in the account currency, written with a space between thousands (`4 182.78`, `- 0.04`).
 *
 * The report names no contract size, so the multiplier is the usual one for what the symbol is: a
 * currency pair 100,000 units a lot, gold 100 ounces, silver 5,000, anything else 1 (index and share
 * CFDs of most brokers). Times are the trade server's clock, which the report does not name: they are
 * read in the learner's time zone.
 */
import { type CsvRecord, readCsv } from '../csv.ts';
import { executionIdentity, type ImportedExecution, type ParsedExecutions } from '../executions.ts';
import { inferSymbolCurrency } from '../symbol-currency.ts';
import { isoDate, readDateTime } from './import-dates.ts';
import {
  columnKeys,
  countSkipped,
  type ImportOptions,
  ImportRow,
  isBlankRecord,
  roundAmount,
  rowMessage,
  settleIdentities,
  tooManyRows,
  unreadableFile,
} from './import-rows.ts';

const SOURCE = 'mt5';
const ADVICE =
  'Correct the row, or save the report again from MetaTrader 5 (History → Report → Open XML) as CSV.';
const DEAL_COLUMNS = ['time', 'deal', 'symbol', 'type', 'direction', 'volume', 'price', 'order'];
export const NOT_TRADES = 'balance, credit and other account rows (not trades)';
export const SWAP_CREDIT =
  'deals whose swap credit was larger than their charges (the journal counts their fees as 0)';

const FOREX_CURRENCIES = new Set([
  'USD',
  'EUR',
  'GBP',
  'JPY',
  'CHF',
  'CAD',
  'AUD',
  'NZD',
  'SEK',
  'NOK',
  'DKK',
  'SGD',
  'HKD',
  'ZAR',
  'MXN',
  'TRY',
  'PLN',
  'CNH',
]);
/** Units of one lot of a metal quoted against a currency. */
const METAL_LOTS: Record<string, number> = { XAU: 100, XAG: 5000, XPT: 100, XPD: 100 };
const CRYPTO = /^(BTC|ETH|SOL|XRP|ADA|DOGE|BNB|LTC|DOT|AVAX|LINK|TRX)/;

/** What a broker's symbol is: `EURUSD`, `XAUUSDm`, `GBPJPY.r`, `BTCUSD#`, `US30`, `AAPL.NAS`. */
function instrumentOf(symbol: string, accountCurrency: string | null) {
  const letters = symbol.toUpperCase().match(/^[A-Z]{6}/)?.[0] ?? '';
  const base = letters.slice(0, 3);
  const quote = letters.slice(3, 6);
  if (FOREX_CURRENCIES.has(quote) && FOREX_CURRENCIES.has(base)) {
    return { assetClass: 'forex' as const, multiplier: 100_000, currency: quote };
  }
  if (FOREX_CURRENCIES.has(quote) && METAL_LOTS[base]) {
    return { assetClass: 'forex' as const, multiplier: METAL_LOTS[base], currency: quote };
  }
  const currency = inferSymbolCurrency(symbol) ?? accountCurrency;
  if (CRYPTO.test(symbol.toUpperCase())) return { assetClass: 'crypto' as const, multiplier: 1, currency };
  return { assetClass: 'index' as const, multiplier: 1, currency };
}

/** The login and currency of the report's "Account:" row: `52603751 (USD, Broker-Server, demo, Hedge)`. */
function accountOf(records: readonly CsvRecord[], before: number) {
  for (const record of records.slice(0, before)) {
    if (!/^account:?$/i.test(record.fields[0]?.trim() ?? '')) continue;
    const text = record.fields.slice(1).join(' ');
    const match = text.match(/(\d+)\s*\(\s*([A-Z]{3})\b/);
    if (match) return { login: match[1], currency: match[2] };
  }
  return { login: '', currency: null };
}

function dealsHeader(records: readonly CsvRecord[]) {
  for (let index = 0; index < records.length; index += 1) {
    const keys = columnKeys(records[index].fields);
    if (DEAL_COLUMNS.every((column) => keys.has(column))) return { index, keys };
  }
  return null;
}

function directionOf(text: string): 'in' | 'out' | 'inout' | null {
  const value = text
    .trim()
    .toLowerCase()
    .replace(/[\s/_-]/g, '');
  if (value === 'in') return 'in';
  if (value === 'out' || value === 'outby') return 'out';
  if (value === 'inout') return 'inout';
  return null;
}

export function parseMt5TradeHistory(text: string, options: ImportOptions): ParsedExecutions {
  const { records, decimalComma } = readCsv(text);
  const header = dealsHeader(records);
  if (!header) {
    return unreadableFile(
      records[0]?.line ?? 1,
      'This MetaTrader 5 report has no Deals table: no row names the columns Time, Deal, Symbol, Type, Direction, Volume, Price and Order. Save the Trade History Report from MetaTrader 5 (History → Report → Open XML) as CSV with all its sections.',
      records.length,
    );
  }
  const account = accountOf(records, header.index);
  // The Deals table ends where the Results (or any other section) begins: a row not starting with a time.
  const dataRecords: CsvRecord[] = [];
  for (const record of records.slice(header.index + 1)) {
    if (isBlankRecord(record)) continue;
    if (!/^\s*\d/.test(record.fields[header.keys.get('time')!] ?? '')) break;
    dataRecords.push(record);
  }
  const tooMany = tooManyRows(dataRecords);
  if (tooMany) return tooMany;

  const executions: ImportedExecution[] = [];
  const errors: ParsedExecutions['errors'] = [];
  const skipped: Record<string, number> = {};
  for (const record of dataRecords) {
    const row = new ImportRow(record.line, record.fields, header.keys, decimalComma);
    const type = row.text('Type').toLowerCase();
    if (type !== 'buy' && type !== 'sell') {
      countSkipped(skipped, NOT_TRADES);
      continue;
    }
    const symbol = row.symbol('Symbol', 'Symbol', true);
    const direction = directionOf(row.text('Direction'));
    if (!direction) row.problems.push(`Direction "${row.text('Direction')}" is not in, out or in/out`);
    const quantity = row.amount('Volume', 'Volume', 'positive', true);
    const price = row.amount('Price', 'Price', 'positive', true);
    const deal = row.id('Deal', 'Deal', true);
    const order = row.id('Order', 'Order', false);
    const commission = row.amount('Commission', 'Commission', 'any', false) ?? 0;
    const fee = row.has('Fee') ? (row.amount('Fee', 'Fee', 'any', false) ?? 0) : 0;
    const swap = row.has('Swap') ? (row.amount('Swap', 'Swap', 'any', false) ?? 0) : 0;
    const executed = readDateTime('Time', row.text('Time'), null, {
      zone: options.timeZone,
      order: 'day-first',
      example: '2025.11.14 03:42:08',
    });
    if ('problem' in executed) row.problems.push(executed.problem);
    const instrument = symbol ? instrumentOf(symbol, account.currency) : null;
    if (instrument && !instrument.currency) {
      row.problems.push(
        `Candlewise cannot tell the currency of ${symbol} (keep the report's Account row, which names the account's currency)`,
      );
    }
    if (row.problems.length > 0 || !instrument?.currency || !('instant' in executed)) {
      errors.push({ line: row.line, message: rowMessage(row.problems, ADVICE) });
      continue;
    }
    // Commission and Fee are written as negative amounts (charges), Swap either way.
    let charges = roundAmount(-(commission + fee + swap));
    if (charges < 0) {
      countSkipped(skipped, SWAP_CREDIT);
      charges = 0;
    }
    executions.push({
      line: row.line,
      identity: executionIdentity({
        source: SOURCE,
        account: account.login,
        symbol: symbol!,
        tradeDate: isoDate(executed.date),
        brokerTradeId: deal,
        orderId: order,
      }),
      account: account.login,
      symbol: symbol!,
      assetClass: instrument.assetClass,
      side: type,
      quantity: quantity!,
      price: price!,
      fee: charges,
      currency: instrument.currency,
      multiplier: instrument.multiplier,
      executedAt: executed.instant,
      brokerTradeId: deal,
      orderId: order,
      // A sell that opens (Direction in) is a short, whatever the instrument.
      shortSale: type === 'sell' && direction === 'in',
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
