/**
 * Zerodha's tradebook (Console → Reports → Tradebook): one row per fill, equity or F&O, as the
 * Console CSV or as the XLSX export saved as CSV from a spreadsheet. The spreadsheet version keeps
 * Console's title block above the column row, titles the columns ("Trade ID"), may start them in the
 * second column and rewrites dates (08-01-2024 15:06, 08/01/2024): all of that is read the same way.
 * Times are India's (Asia/Kolkata), whatever the learner's zone.
 */
import { readCsv } from '../csv.ts';
import { executionIdentity, type ImportedExecution, type ParsedExecutions } from '../executions.ts';
import { INDIAN_MARKET_ZONE } from '../market-zones.ts';
import { zonedTimeToInstant } from '../zone-time.ts';
import {
  type CalendarDate,
  dateInZone,
  detectDayOrder,
  isoDate,
  readCalendarDate,
  readDateTime,
} from './import-dates.ts';
import {
  countSkipped,
  findHeaderRecord,
  type ImportOptions,
  ImportRow,
  isBlankRecord,
  rowMessage,
  settleIdentities,
  tooManyRows,
  unreadableFile,
} from './import-rows.ts';

const SOURCE = 'zerodha';
const ZONE = 'Asia/Kolkata';
const ADVICE = 'Correct the row, or download the tradebook again from Zerodha Console (Reports → Tradebook).';

const REQUIRED = [
  'symbol',
  'trade_type',
  'quantity',
  'price',
  'trade_id',
  'order_id',
  'order_execution_time',
];

/**
 * Units per lot of the commodity (MCX) and currency (CDS, BCD) contracts Zerodha clears. In those
 * segments the tradebook's quantity counts lots — Kite lists their lot size as 1 and takes orders
 * in lots (kite.trade/forum/discussion/5094; thforum.tradehull.com/t/quantity-for-mcx-scripts-futures/271:
 * "quantity = 1 per contract … the PnL is scaled by the contract's multiplier") — so the multiplier
 * is the P&L of a ₹1 move per lot: support.zerodha.com ("How can I trade commodity options") for the
 * MCX lots, the exchanges' contract specifications for the INR currency pairs (1,000 units; JPYINR
 * is 1,00,000 yen quoted per 100 yen). NSE and BSE F&O quantities are already in units, lots × lot
 * size (Kite takes NFO quantities in units, a multiple of the lot: "for 1 lot of nifty futures …
 * mention 50 in the quantity box", tradingqna.com/t/what-is-the-difference-between-weights-and-lots/1425;
 * public Console F&O tradebooks show a NIFTY lot of 75 as quantity 75), so F&O fills have multiplier 1.
 */
const LOT_MULTIPLIERS: Record<string, number> = {
  COPPER: 2500,
  CRUDEOIL: 100,
  CRUDEOILM: 10,
  GOLD: 100,
  GOLDM: 10,
  GOLDPETAL: 1,
  GOLDGUINEA: 1,
  NATURALGAS: 1250,
  NATGASMINI: 250,
  SILVER: 30,
  SILVERM: 5,
  SILVERMIC: 1,
  ZINC: 5000,
  USDINR: 1000,
  EURINR: 1000,
  GBPINR: 1000,
  JPYINR: 1000,
};

type Instrument =
  | { assetClass: ImportedExecution['assetClass']; multiplier: number }
  | { problem: string }
  | { skip: string };

/** Asset class and multiplier from the segment (EQ, FO, CDS, COM…), the exchange and the symbol. */
function zerodhaInstrument(segmentText: string, exchangeText: string, symbol: string): Instrument {
  const segment = segmentText.toUpperCase();
  const exchange = exchangeText.toUpperCase();
  const option = /(CE|PE)$/.test(symbol) || segment.endsWith('OPT');
  if (segment === 'MF') return { skip: 'mutual fund rows (not trades)' };
  if (segment === 'EQ' || (segment === '' && ['NSE', 'BSE', ''].includes(exchange) && !/\d/.test(symbol))) {
    return { assetClass: 'stock', multiplier: 1 };
  }
  const lotted = (assetClass: ImportedExecution['assetClass']): Instrument => {
    const underlying = symbol.match(/^[A-Z]+/)?.[0] ?? symbol;
    const multiplier = LOT_MULTIPLIERS[underlying];
    if (multiplier === undefined) {
      return {
        problem: `${symbol} is a ${exchange || segment} contract whose quantity Zerodha reports in lots, and Candlewise does not know how many units a lot of ${underlying} holds (remove its rows to import the rest, and add the trade by hand)`,
      };
    }
    return { assetClass, multiplier };
  };
  if (
    ['CDS', 'BCD', 'CD'].includes(segment) ||
    segment.startsWith('CDS') ||
    ['CDS', 'BCD'].includes(exchange)
  ) {
    return lotted(option ? 'option' : 'forex');
  }
  if (segment === 'COM' || segment.startsWith('MCX') || exchange === 'MCX') {
    return lotted(option ? 'option' : 'future');
  }
  if (segment === 'FO' || /^[NB]FO/.test(segment) || ['NFO', 'BFO'].includes(exchange)) {
    return { assetClass: option ? 'option' : 'future', multiplier: 1 };
  }
  return { problem: `segment "${segmentText}" is not one Candlewise reads (EQ, FO, CDS or COM)` };
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
/** The month letters of a weekly contract's symbol: 1–9, then O, N, D for October to December. */
const WEEKLY_MONTHS = '123456789OND';

/** The last `weekday` (0 Sunday … 6 Saturday) of a month, as its day of the month. */
function lastWeekday(year: number, month: number, weekday: number): number {
  const last = new Date(Date.UTC(year, month, 0));
  return last.getUTCDate() - ((last.getUTCDay() - weekday + 7) % 7);
}

/**
 * The expiry date of an NSE/BSE F&O symbol: weekly contracts spell it (NIFTY2420722000CE: 2024,
 * month 2, day 07), monthly ones name the month (NIFTY24APR22000PE, NIFTY24FEBFUT) and expire on
 * its last expiry weekday — Thursday, Tuesday for NSE contracts from September 2025 (NSE circular
 * FAOP70616). A holiday moves the real expiry a day earlier: the tradebook's expiry_date, when
 * present, is read instead. Null for anything else.
 */
export function nseDerivativeExpiry(symbol: string, exchange = 'NFO'): CalendarDate | null {
  const weekly = symbol.match(/^[A-Z][A-Z0-9&-]*?(\d{2})([1-9OND])(\d{2})\d+(?:\.\d+)?(?:CE|PE)$/);
  if (weekly) {
    const month = WEEKLY_MONTHS.indexOf(weekly[2]) + 1;
    const day = Number(weekly[3]);
    if (month > 0 && day >= 1 && day <= 31) return { year: 2000 + Number(weekly[1]), month, day };
  }
  const monthly = symbol.match(
    /^[A-Z][A-Z0-9&-]*?(\d{2})(JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)(?:FUT|\d+(?:\.\d+)?(?:CE|PE))$/,
  );
  if (!monthly) return null;
  const year = 2000 + Number(monthly[1]);
  const month = MONTHS.indexOf(monthly[2]) + 1;
  const tuesdays = exchange.toUpperCase() !== 'BFO' && (year > 2025 || (year === 2025 && month >= 9));
  return { year, month, day: lastWeekday(year, month, tuesdays ? 2 : 4) };
}

/** NSE and BSE F&O contracts settle at the close of their expiry day, 15:30 in India. */
function expiryInstant(date: CalendarDate): Date {
  return new Date(zonedTimeToInstant({ ...date, hour: 15, minute: 30, second: 0 }, ZONE));
}

function sideOf(text: string): 'buy' | 'sell' | null {
  const side = text.trim().toLowerCase();
  if (side === 'buy' || side === 'b') return 'buy';
  if (side === 'sell' || side === 's') return 'sell';
  return null;
}

export function parseZerodhaTradebook(text: string, _options: ImportOptions): ParsedExecutions {
  const { records, decimalComma } = readCsv(text);
  const header = findHeaderRecord(records, REQUIRED, 4);
  if (!header) {
    return unreadableFile(
      records[0]?.line ?? 1,
      'This is not a Zerodha tradebook: no row names the columns symbol, trade_type, quantity, price, trade_id, order_id and order_execution_time. Download the tradebook from Zerodha Console (Reports → Tradebook) and import that file.',
      records.length,
    );
  }
  const dataRecords = records.slice(header.index + 1).filter((record) => !isBlankRecord(record));
  if (header.missing.length > 0) {
    return unreadableFile(
      records[header.index].line,
      `The tradebook lacks the column${header.missing.length > 1 ? 's' : ''} ${header.missing.join(', ')}. Download the tradebook again from Zerodha Console (Reports → Tradebook) without removing columns.`,
      dataRecords.length,
    );
  }
  const tooMany = tooManyRows(dataRecords);
  if (tooMany) return tooMany;

  const rowsOf = dataRecords.map(
    (record) => new ImportRow(record.line, record.fields, header.keys, decimalComma),
  );
  // Console writes ISO dates; a spreadsheet re-saves them in its locale, which for India is day-first.
  const order = detectDayOrder(
    rowsOf.flatMap((row) => [row.text('trade_date'), row.text('order_execution_time')]),
    'day-first',
  );
  const executions: ImportedExecution[] = [];
  const errors: ParsedExecutions['errors'] = [];
  const skipped: Record<string, number> = {};
  for (const row of rowsOf) {
    const symbol = row.symbol('symbol', 'symbol');
    const instrument = symbol ? zerodhaInstrument(row.text('segment'), row.text('exchange'), symbol) : null;
    if (instrument && 'skip' in instrument) {
      countSkipped(skipped, instrument.skip);
      continue;
    }
    if (instrument && 'problem' in instrument) row.problems.push(instrument.problem);
    const side = sideOf(row.text('trade_type'));
    if (!side) row.problems.push(`trade_type "${row.text('trade_type')}" is not buy or sell`);
    const quantity = row.amount('quantity', 'quantity', 'positive', true);
    const price = row.amount('price', 'price', 'positive', true);
    const tradeId = row.id('trade_id', 'trade_id', true);
    const orderId = row.id('order_id', 'order_id', true);
    const executed = readDateTime('order_execution_time', row.text('order_execution_time'), null, {
      zone: ZONE,
      order,
      example: '2024-01-08T15:06:45',
    });
    if ('problem' in executed) row.problems.push(executed.problem);
    let tradeDate: CalendarDate | null = null;
    if (row.text('trade_date') !== '') {
      const reading = readCalendarDate('trade_date', row.text('trade_date'), order, '2024-01-08');
      if ('problem' in reading) row.problems.push(reading.problem);
      else tradeDate = reading.date;
    } else if ('instant' in executed) {
      tradeDate = dateInZone(executed.instant, ZONE);
    }
    let expiresAt: Date | null = null;
    if (instrument && 'assetClass' in instrument && ['option', 'future'].includes(instrument.assetClass)) {
      if (row.text('expiry_date') !== '') {
        const reading = readCalendarDate('expiry_date', row.text('expiry_date'), order, '2024-02-29');
        if ('problem' in reading) row.problems.push(reading.problem);
        else expiresAt = expiryInstant(reading.date);
      } else if (symbol) {
        const parsed = nseDerivativeExpiry(symbol, row.text('exchange') || row.text('segment'));
        if (parsed) expiresAt = expiryInstant(parsed);
      }
    }
    if (row.problems.length > 0 || !instrument || 'problem' in instrument || !('instant' in executed)) {
      errors.push({ line: row.line, message: rowMessage(row.problems, ADVICE) });
      continue;
    }
    executions.push({
      line: row.line,
      // F&O trade ids restart every day: the trade date and the order id make them unique.
      identity: executionIdentity({
        source: SOURCE,
        symbol: symbol!,
        tradeDate: tradeDate ? isoDate(tradeDate) : null,
        brokerTradeId: tradeId,
        orderId,
      }),
      account: '',
      symbol: symbol!,
      assetClass: instrument.assetClass,
      side: side!,
      quantity: quantity!,
      price: price!,
      // The tradebook carries no charges: they are on the contract notes.
      fee: 0,
      currency: 'INR',
      multiplier: instrument.multiplier,
      executedAt: executed.instant,
      brokerTradeId: tradeId,
      orderId,
      marketZone: INDIAN_MARKET_ZONE,
      ...(expiresAt ? { expiresAt } : {}),
    });
  }
  return {
    rows: dataRecords.length,
    executions: settleIdentities(executions, SOURCE, skipped),
    errors,
    skipped,
  };
}
