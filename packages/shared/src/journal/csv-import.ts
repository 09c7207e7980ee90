/**
 * CSV imports into the journal: the generic template (one row per trade, typed by the learner) and
 * broker presets (one row per fill). Fills are the source of truth: a preset gives executions, each
 * with an identity from the broker's own ids (account, symbol, trade date, trade id, order id), and
 * the API stores them and rebuilds the account's trades from all its fills. Every row is checked;
 * the caller imports nothing when any row has an error.
 */
import { parseCsv } from './csv.ts';
import { executionIdentity, type ImportedExecution, type ParsedExecutions } from './executions.ts';
import {
  DEFAULT_CURRENCY,
  JOURNAL_FIRST_YEAR,
  JOURNAL_LAST_YEAR,
  journalAmountProblem,
  journalCurrencySchema,
  tradePnl,
} from './journal-schemas.ts';
import type { RoundTrip } from './round-trips.ts';
import { DEFAULT_TIME_ZONE, zoneClock, zonedTimeToInstant } from './zone-time.ts';

export type JournalImportPresetId = 'generic' | 'zerodha' | 'ibkr';

export interface JournalImportPreset {
  id: JournalImportPresetId;
  name: string;
  description: string;
  /** Required columns first, then optional ones (names as in the header, any case). */
  required: readonly string[];
  optional: readonly string[];
  /** A small example file in this format. */
  example: string;
}

export const GENERIC_COLUMNS = [
  'symbol',
  'side',
  'quantity',
  'entry_price',
  'exit_price',
  'entry_time',
  'exit_time',
  'fees',
  'stop',
  'target',
  'setup_tags',
  'mistake_tags',
  'notes',
  'currency',
  'multiplier',
] as const;

export const JOURNAL_IMPORT_PRESETS: readonly JournalImportPreset[] = [
  {
    id: 'generic',
    name: 'Candlewise template',
    description:
      'One row per trade. Side is long or short (buy and sell work too); times are ISO 8601 such as 2026-11-02 09:15 or 2026-11-02T09:15:00+05:30 (without an offset they are read in your time zone). Leave the exit empty for an open trade. Separate tags with ";". Currency (INR when empty) and multiplier (1 when empty) are optional.',
    required: ['symbol', 'side', 'quantity', 'entry_price', 'entry_time'],
    optional: [
      'exit_price',
      'exit_time',
      'fees',
      'stop',
      'target',
      'setup_tags',
      'mistake_tags',
      'notes',
      'currency',
      'multiplier',
    ],
    example: [
      GENERIC_COLUMNS.join(','),
      'RELIANCE,long,10,2450.5,2471,2026-11-02 09:20,2026-11-02 11:05,40,2440,2480,breakout,,Waited for the retest,INR,1',
      'NIFTY50,short,25,24310,24355,2026-11-02 13:10,2026-11-02 14:02,55,24350,24250,reversal;vwap,moved-stop,,INR,1',
    ].join('\r\n'),
  },
  {
    id: 'zerodha',
    name: 'Zerodha tradebook',
    description:
      'The tradebook CSV from Zerodha Console (Reports → Tradebook). One row per fill; your fills from every file are paired into trades from flat to flat, so a position may open in one file and close in another. Times are Indian Standard Time.',
    required: ['symbol', 'trade_type', 'quantity', 'price', 'trade_id', 'order_execution_time'],
    optional: ['isin', 'trade_date', 'exchange', 'segment', 'series', 'auction', 'order_id'],
    example: [
      'symbol,isin,trade_date,exchange,segment,series,trade_type,auction,quantity,price,trade_id,order_id,order_execution_time',
      'INFY,INE009A01021,2026-11-02,NSE,EQ,EQ,buy,false,20,1510.25,55001,1100000001,2026-11-02T09:31:12',
      'INFY,INE009A01021,2026-11-02,NSE,EQ,EQ,sell,false,20,1522.40,55002,1100000002,2026-11-02T13:45:03',
    ].join('\r\n'),
  },
  {
    id: 'ibkr',
    name: 'Interactive Brokers (Flex trades)',
    description:
      'A Flex Query trades report as CSV with the columns Symbol, DateTime, Buy/Sell, Quantity, TradePrice, IBCommission and TradeID (Multiplier, CurrencyPrimary, AssetClass and ClientAccountID optional). One row per fill; times are read in your time zone.',
    required: ['symbol', 'datetime', 'buy/sell', 'quantity', 'tradeprice', 'tradeid'],
    optional: ['ibcommission', 'multiplier', 'currencyprimary', 'assetclass', 'clientaccountid', 'iborderid'],
    example: [
      'Symbol,DateTime,Buy/Sell,Quantity,TradePrice,IBCommission,TradeID,Multiplier',
      'AAPL,20261102;093501,BUY,50,221.10,-1,7001,1',
      'AAPL,20261102;154012,SELL,-50,223.45,-1,7002,1',
    ].join('\r\n'),
  },
];

export interface ImportedTrade {
  /** The file line of the row (generic) or of the opening fill (presets). */
  line: number;
  /** Stable text naming this trade at its source; the API stores its hash as the external id. */
  identity: string;
  symbol: string;
  side: 'long' | 'short';
  quantity: number;
  entryPrice: number;
  exitPrice: number | null;
  entryTime: Date;
  exitTime: Date | null;
  fees: number;
  pnl: number | null;
  stopPrice: number | null;
  targetPrice: number | null;
  setupTags: string[];
  mistakeTags: string[];
  notes: string;
  currency: string;
  multiplier: number;
}

export interface ImportRowError {
  line: number;
  message: string;
}

/** The generic template read: one trade per row. */
export interface ParsedJournalImport {
  /** Data rows read (the header and blank lines not counted). */
  rows: number;
  trades: ImportedTrade[];
  errors: ImportRowError[];
}

export const JOURNAL_IMPORT_MAX_ROWS = 20_000;

const MINUTE = 60_000;

/** A time in one of the formats above; without an offset it is a wall-clock time in `timeZone`. */
export function parseImportTime(value: string, timeZone: string = DEFAULT_TIME_ZONE): Date | null {
  const text = value.trim();
  const iso = text.match(
    /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i,
  );
  const ib = text.match(/^(\d{4})(\d{2})(\d{2})[;, ]?(\d{2}):?(\d{2}):?(\d{2})$/);
  const parts = iso ?? ib;
  if (!parts) return null;
  const [year, month, day, hour, minute, second] = parts.slice(1, 7).map((part) => Number(part ?? 0));
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return null;
  const fraction = iso?.[7] ? Number(iso[7]) * 1000 : 0;
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCDate() !== day) return null;
  const zone = iso?.[8];
  if (!zone) {
    return new Date(zonedTimeToInstant({ year, month, day, hour, minute, second }, timeZone) + fraction);
  }
  let offset = 0;
  if (zone.toUpperCase() !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    offset = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2)));
  }
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second) + fraction - offset * MINUTE);
}

function parseNumber(value: string): number | null {
  const text = value.trim().replace(/[,\s₹$]/g, '');
  if (text === '') return null;
  const number = Number(text);
  return Number.isFinite(number) ? number : Number.NaN;
}

function splitTags(value: string | undefined): string[] {
  if (!value) return [];
  return [
    ...new Set(
      value
        .split(/[;|]/)
        .map((tag) => tag.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
}

class RowReader {
  readonly problems: string[] = [];
  constructor(
    private readonly fields: string[],
    private readonly columns: Map<string, number>,
  ) {}
  text(column: string): string {
    const index = this.columns.get(column);
    return index === undefined ? '' : (this.fields[index] ?? '').trim();
  }
  number(column: string, label: string, rule: 'positive' | 'any' | 'nonnegative', required: boolean) {
    const raw = this.text(column);
    const value = parseNumber(raw);
    if (value === null) {
      if (required) this.problems.push(`${label} is missing`);
      return null;
    }
    if (Number.isNaN(value)) {
      this.problems.push(`${label} "${raw}" is not a number`);
      return null;
    }
    const problem = journalAmountProblem(value, rule);
    if (problem) this.problems.push(`${label} ${problem}`);
    return value;
  }
  time(column: string, label: string, timeZone: string, required: boolean) {
    const raw = this.text(column);
    if (raw === '') {
      if (required) this.problems.push(`${label} is missing`);
      return null;
    }
    const time = parseImportTime(raw, timeZone);
    if (!time) this.problems.push(`${label} "${raw}" is not a date and time such as 2026-11-02 09:15`);
    else if (time.getUTCFullYear() < JOURNAL_FIRST_YEAR || time.getUTCFullYear() > JOURNAL_LAST_YEAR) {
      this.problems.push(
        `${label} "${raw}" is not in the years ${JOURNAL_FIRST_YEAR} to ${JOURNAL_LAST_YEAR}`,
      );
    }
    return time;
  }
}

function sideOf(value: string): 'long' | 'short' | null {
  const side = value.trim().toLowerCase();
  if (side === 'long' || side === 'buy' || side === 'b') return 'long';
  if (side === 'short' || side === 'sell' || side === 's') return 'short';
  return null;
}

const PNL_TOO_LARGE = 'the P&L (quantity times the price move) must be under 100,000,000,000,000';

/** The header and size checks every format shares; null when the file can be read row by row. */
function openFile(presetId: JournalImportPresetId, text: string) {
  const preset = JOURNAL_IMPORT_PRESETS.find((candidate) => candidate.id === presetId)!;
  const [header, ...records] = parseCsv(text);
  if (!header) return { rows: 0, error: { line: 1, message: 'The file is empty.' } } as const;
  const columns = new Map(header.fields.map((name, index) => [name.trim().toLowerCase(), index]));
  const missing = preset.required.filter((column) => !columns.has(column));
  if (missing.length > 0) {
    return {
      rows: records.length,
      error: {
        line: header.line,
        message: `The header lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')} of the ${preset.name} format. Pick the right format or download its template.`,
      },
    } as const;
  }
  if (records.length > JOURNAL_IMPORT_MAX_ROWS) {
    return {
      rows: records.length,
      error: {
        line: records[JOURNAL_IMPORT_MAX_ROWS].line,
        message: `A file can hold at most ${JOURNAL_IMPORT_MAX_ROWS.toLocaleString('en-US')} rows; split it and import the parts.`,
      },
    } as const;
  }
  return { rows: records.length, records, columns, error: null } as const;
}

/** Reads the currency and multiplier columns where a format has them. */
function readCurrency(row: RowReader, column: string, fallback: string): string {
  const raw = row.text(column);
  if (raw === '') return fallback;
  const parsed = journalCurrencySchema.safeParse(raw);
  if (!parsed.success) {
    row.problems.push(`${column} "${raw}" is not a currency code such as INR or USD`);
    return fallback;
  }
  return parsed.data;
}

/** Reads the generic template: one trade per row, times without an offset in `timeZone`. */
export function parseTradeRows(text: string, options: { timeZone?: string } = {}): ParsedJournalImport {
  const opened = openFile('generic', text);
  if (opened.error) return { rows: opened.rows, trades: [], errors: [opened.error] };
  const { records, columns } = opened;
  const timeZone = options.timeZone ?? DEFAULT_TIME_ZONE;
  const trades: ImportedTrade[] = [];
  const errors: ImportRowError[] = [];
  for (const record of records) {
    const row = new RowReader(record.fields, columns);
    const symbol = row.text('symbol').toUpperCase();
    if (!symbol) row.problems.push('symbol is missing');
    else if (symbol.length > 32) row.problems.push('symbol is longer than 32 characters');
    const side = sideOf(row.text('side'));
    if (!side) row.problems.push(`side "${row.text('side')}" is not long or short`);
    const quantity = row.number('quantity', 'quantity', 'positive', true);
    const entryPrice = row.number('entry_price', 'entry_price', 'positive', true);
    const exitPrice = row.number('exit_price', 'exit_price', 'positive', false);
    const entryTime = row.time('entry_time', 'entry_time', timeZone, true);
    const exitTime = row.time('exit_time', 'exit_time', timeZone, false);
    const fees = row.number('fees', 'fees', 'nonnegative', false) ?? 0;
    const stopPrice = row.number('stop', 'stop', 'positive', false);
    const targetPrice = row.number('target', 'target', 'positive', false);
    const currency = readCurrency(row, 'currency', DEFAULT_CURRENCY);
    const multiplier = row.number('multiplier', 'multiplier', 'positive', false) ?? 1;
    if ((exitPrice === null) !== (row.text('exit_time') === '')) {
      row.problems.push('give both exit_price and exit_time, or neither for an open trade');
    }
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
    if (row.problems.length > 0) {
      errors.push({ line: record.line, message: `${row.problems.join('; ')}.` });
      continue;
    }
    const trade = {
      symbol,
      side: side!,
      quantity: quantity!,
      entryPrice: entryPrice!,
      exitPrice,
      entryTime: entryTime!,
      exitTime,
      fees,
      multiplier,
    };
    trades.push({
      line: record.line,
      identity: [
        'generic',
        symbol,
        trade.side,
        trade.quantity,
        trade.entryPrice,
        exitPrice ?? '',
        trade.entryTime.toISOString(),
        exitTime?.toISOString() ?? '',
      ].join('|'),
      ...trade,
      pnl: tradePnl(trade),
      stopPrice,
      targetPrice,
      setupTags: splitTags(row.text('setup_tags')),
      mistakeTags: splitTags(row.text('mistake_tags')),
      notes,
      currency,
    });
  }
  return { rows: records.length, trades, errors };
}

/** Zerodha's segment (EQ, FO, CDS, COM) and symbol say what was traded. */
function zerodhaAssetClass(segment: string, symbol: string): ImportedExecution['assetClass'] {
  const upper = segment.toUpperCase();
  const derivative = /(FUT|CE|PE)$/.test(symbol);
  if (upper === 'CDS') return 'forex';
  if (upper === 'COM' || upper === 'MCX') return symbol.endsWith('FUT') ? 'future' : 'option';
  if (upper === 'FO' || upper === 'NFO' || upper === 'BFO' || (!upper && derivative)) {
    return symbol.endsWith('FUT') ? 'future' : 'option';
  }
  return 'stock';
}

const IB_ASSET_CLASSES: Record<string, ImportedExecution['assetClass']> = {
  STK: 'stock',
  OPT: 'option',
  FOP: 'option',
  FUT: 'future',
  CASH: 'forex',
  CRYPTO: 'crypto',
  IND: 'index',
};

/**
 * Reads a broker preset (one row per fill) into executions. A fill's identity is built from the
 * broker's ids and the trade date, so Zerodha's F&O trade ids, which restart every day, stay apart;
 * the same row listed twice (overlapping exports pasted together) is read once.
 */
export function parsePresetExecutions(
  presetId: Exclude<JournalImportPresetId, 'generic'>,
  text: string,
  options: { timeZone?: string } = {},
): ParsedExecutions {
  const opened = openFile(presetId, text);
  if (opened.error) return { rows: opened.rows, executions: [], errors: [opened.error], skipped: {} };
  const { records, columns } = opened;
  const zerodha = presetId === 'zerodha';
  // Zerodha's times are Indian Standard Time, whatever the learner's zone.
  const timeZone = zerodha ? 'Asia/Kolkata' : (options.timeZone ?? DEFAULT_TIME_ZONE);
  const executions: ImportedExecution[] = [];
  const errors: ImportRowError[] = [];
  const skipped: Record<string, number> = {};
  const seen = new Map<string, { line: number; content: string }>();
  for (const record of records) {
    const row = new RowReader(record.fields, columns);
    const symbol = row.text('symbol').toUpperCase();
    if (!symbol) row.problems.push('symbol is missing');
    else if (symbol.length > 32) row.problems.push('symbol is longer than 32 characters');
    const sideColumn = zerodha ? 'trade_type' : 'buy/sell';
    const sideText = row.text(sideColumn);
    const side = sideOf(sideText.split(/\s/)[0] ?? '');
    if (!side) row.problems.push(`${sideColumn} "${sideText}" is not buy or sell`);
    const signedQuantity = row.number('quantity', 'quantity', 'any', true);
    if (signedQuantity === 0) row.problems.push('quantity must not be 0');
    const price = row.number(
      zerodha ? 'price' : 'tradeprice',
      zerodha ? 'price' : 'TradePrice',
      'positive',
      true,
    );
    const time = zerodha
      ? row.time('order_execution_time', 'order_execution_time', timeZone, true)
      : row.time('datetime', 'DateTime', timeZone, true);
    const id = row.text(zerodha ? 'trade_id' : 'tradeid');
    if (!id) row.problems.push(`${zerodha ? 'trade_id' : 'TradeID'} is missing`);
    const fee = zerodha ? 0 : Math.abs(row.number('ibcommission', 'IBCommission', 'any', false) ?? 0);
    const multiplier = zerodha ? 1 : (row.number('multiplier', 'Multiplier', 'positive', false) ?? 1);
    const currency = zerodha ? 'INR' : readCurrency(row, 'currencyprimary', 'USD');
    if (row.problems.length > 0) {
      errors.push({ line: record.line, message: `${row.problems.join('; ')}.` });
      continue;
    }
    const account = zerodha ? '' : row.text('clientaccountid');
    const tradeDate = row.text('trade_date') || zoneClock(timeZone).localDate(time!.getTime());
    const identity = executionIdentity({
      source: presetId,
      account,
      symbol,
      tradeDate,
      brokerTradeId: id,
      orderId: row.text(zerodha ? 'order_id' : 'iborderid') || null,
    });
    const execution: ImportedExecution = {
      line: record.line,
      identity,
      account,
      symbol,
      assetClass: zerodha
        ? zerodhaAssetClass(row.text('segment'), symbol)
        : (IB_ASSET_CLASSES[row.text('assetclass').toUpperCase()] ?? 'stock'),
      side: side === 'long' ? 'buy' : 'sell',
      quantity: Math.abs(signedQuantity!),
      price: price!,
      fee,
      currency,
      multiplier,
      executedAt: time!,
      brokerTradeId: id,
      orderId: row.text(zerodha ? 'order_id' : 'iborderid') || null,
    };
    const content = [
      execution.side,
      execution.quantity,
      execution.price,
      execution.executedAt.getTime(),
    ].join('|');
    const earlier = seen.get(identity);
    if (earlier) {
      if (earlier.content === content) skipped['repeated row'] = (skipped['repeated row'] ?? 0) + 1;
      else {
        errors.push({
          line: record.line,
          message: `the fill ${id} of ${symbol} on ${tradeDate} appears twice with different values (line ${earlier.line}).`,
        });
      }
      continue;
    }
    seen.set(identity, { line: record.line, content });
    executions.push(execution);
  }
  return { rows: records.length, executions: errors.length ? [] : executions, errors, skipped };
}

/**
 * What stops a rebuilt trade from being stored: fills that each fit can still add up to a trade the
 * database cannot hold. Sentences as in row errors; empty when the trade can be stored.
 */
export function roundTripProblems(trip: RoundTrip): string[] {
  const problems = (
    [
      ['quantity', trip.quantity, 'positive'],
      ['entry price', trip.entryPrice, 'positive'],
      ['exit price', trip.exitPrice, 'positive'],
      ['fees', trip.fees, 'nonnegative'],
    ] as const
  )
    .map(([label, value, rule]) => {
      const problem = journalAmountProblem(value, rule);
      return problem ? `the trade's ${label} ${problem}` : null;
    })
    .filter((problem) => problem !== null);
  if (journalAmountProblem(trip.pnl, 'any')) problems.push(PNL_TOO_LARGE);
  return problems;
}
