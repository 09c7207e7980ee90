/**
 * Importing a file into the journal's fills (docs/architecture.md §Journal): one importer per real layout, each
 * `(text, { timeZone }) => ParsedExecutions`, the layouts a learner can choose from, and the layout
 * found from the file's own column names. Importers only read; pairing fills into trades happens
 * across files when the account is rebuilt (round-trips.ts).
 */
import { CsvSyntaxError, readCsv } from '../csv.ts';
import type { ParsedExecutions } from '../executions.ts';
import { type ParsedTradeRows, parseCandlewiseTemplate } from './candlewise-template.ts';
import { fileColumns, type JournalColumnMapping, MAPPED_LAYOUT, parseMappedFile } from './column-mapping.ts';
import { detectLayout, type JournalImportLayoutId } from './detect-layout.ts';
import { parseGrowwOrderHistory } from './groww-order-history.ts';
import { parseIbkrActivityTrades } from './ibkr-activity-trades.ts';
import { parseIbkrTradeConfirmation } from './ibkr-trade-confirmation.ts';
import type { ImportOptions } from './import-rows.ts';
import { parseMt5TradeHistory } from './mt5-trade-history.ts';
import { parseTradovateFills } from './tradovate-fills.ts';
import { parseZerodhaTradebook } from './zerodha-tradebook.ts';

export {
  ALREADY_REBUILT,
  type ParsedTradeRows,
  parseCandlewiseTemplate,
  REBUILT_FROM_FILES,
} from './candlewise-template.ts';
export {
  columnsSignature,
  fileColumns,
  JOURNAL_MAPPING_FIELDS,
  type JournalColumnMapping,
  type JournalMappingField,
  journalColumnMappingSchema,
  MAPPED_LAYOUT,
  parseMappedFile,
} from './column-mapping.ts';
export { detectLayout, JOURNAL_IMPORT_LAYOUT_IDS, type JournalImportLayoutId } from './detect-layout.ts';
export { parseGrowwOrderHistory } from './groww-order-history.ts';
export { parseIbkrActivityTrades } from './ibkr-activity-trades.ts';
export { IBKR_STATEMENT_ZONE } from './ibkr-fills.ts';
export { parseIbkrTradeConfirmation } from './ibkr-trade-confirmation.ts';
export type { ImportOptions as JournalImportOptions } from './import-rows.ts';
export { parseMt5TradeHistory } from './mt5-trade-history.ts';
export { parseTradovateFills, TRADOVATE_POINT_VALUES } from './tradovate-fills.ts';
export { parseZerodhaTradebook } from './zerodha-tradebook.ts';

interface LayoutText {
  id: JournalImportLayoutId;
  name: string;
  /** What the file is, for the learner. */
  description: string;
  /** How to get the file from the broker, step by step. */
  howToExport: string;
  /** A small file in this layout to download, when there is one. */
  example: string | null;
}

/** A broker's file: one row per fill, paired into trades with the account's other fills. */
export interface FillsLayout extends LayoutText {
  kind: 'fills';
  read: (text: string, options: ImportOptions) => ParsedExecutions;
}

/** The Candlewise template: one row per trade the learner typed. */
export interface TradesLayout extends LayoutText {
  kind: 'trades';
  read: (text: string, options: ImportOptions) => ParsedTradeRows;
}

export type JournalImportLayout = FillsLayout | TradesLayout;

/** The template's columns, in the order the template and the export write them. */
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

/** What the export writes after the template's columns (read back, they say what to skip). */
export const EXPORT_EXTRA_COLUMNS = ['pnl', 'source', 'verified', 'account', 'id'] as const;

export const JOURNAL_IMPORT_LAYOUTS: readonly JournalImportLayout[] = [
  {
    id: 'zerodha-tradebook',
    kind: 'fills',
    name: 'Zerodha tradebook',
    description:
      'Every fill of your Zerodha equity or F&O trades, with Zerodha’s trade and order ids. Times are Indian Standard Time. The tradebook has no charges, so fees are 0.',
    howToExport:
      'In Zerodha Console open Reports → Tradebook, choose the segment (Equity or Futures & Options) and the dates, and download the CSV. The XLSX download also works once saved as CSV from your spreadsheet.',
    example: [
      'symbol,isin,trade_date,exchange,segment,series,trade_type,auction,quantity,price,trade_id,order_id,order_execution_time',
      'INFY,INE009A01021,2026-11-02,NSE,EQ,EQ,buy,false,20,1510.25,55001,1100000001,2026-11-02T09:31:12',
      'INFY,INE009A01021,2026-11-02,NSE,EQ,EQ,sell,false,20,1522.40,55002,1100000002,2026-11-02T13:45:03',
    ].join('\r\n'),
    read: parseZerodhaTradebook,
  },
  {
    id: 'ibkr-activity-trades',
    kind: 'fills',
    name: 'Interactive Brokers — Activity Flex Query (trades)',
    description:
      'The Trades section of an IBKR Activity Flex Query: every execution with its account, currency, multiplier and commission. Order and summary rows and cancelled trades are left out. Times are read as IBKR writes them, in New York time.',
    howToExport:
      'In IBKR Client Portal open Performance & Reports → Flex Queries and create an Activity Flex Query. Add the Trades section with Executions selected and the fields ClientAccountID, CurrencyPrimary, AssetClass, Symbol, Multiplier, TradeID, DateTime, TradeDate, Buy/Sell, Quantity, TradePrice, IBCommission, IBCommissionCurrency, Notes/Codes, TransactionType, OrigTradeID, IBOrderID, IBExecID and LevelOfDetail. Choose Format CSV with column headers, save, run it for your period and download the file.',
    example: [
      'ClientAccountID,CurrencyPrimary,AssetClass,Symbol,Multiplier,TradeID,DateTime,TradeDate,Buy/Sell,Quantity,TradePrice,IBCommission,IBCommissionCurrency,IBOrderID,LevelOfDetail',
      'U1234567,USD,STK,AAPL,1,7001,20261102;093501,20261102,BUY,50,221.10,-1,USD,9001,EXECUTION',
      'U1234567,USD,STK,AAPL,1,7002,20261102;154012,20261102,SELL,-50,223.45,-1,USD,9002,EXECUTION',
    ].join('\r\n'),
    read: parseIbkrActivityTrades,
  },
  {
    id: 'ibkr-trade-confirmation',
    kind: 'fills',
    name: 'Interactive Brokers — Trade Confirmation Flex Query',
    description:
      'An IBKR Trade Confirmation Flex Query: the same executions under its own column names (Date/Time, Price, Commission, OrderID). Cancelled trades are left out; times are New York time.',
    howToExport:
      'In IBKR Client Portal open Performance & Reports → Flex Queries and create a Trade Confirmation Flex Query. In the Trade Confirmation section select Executions and the fields ClientAccountID, CurrencyPrimary, AssetClass, Symbol, Multiplier, TransactionType, TradeID, OrderID, ExecID, OrigTradeID, Date/Time, TradeDate, Buy/Sell, Quantity, Price, Commission, CommissionCurrency, Code and LevelOfDetail. Choose Format CSV with column headers, run it for your period and download the file.',
    example: null,
    read: parseIbkrTradeConfirmation,
  },
  {
    id: 'groww-order-history',
    kind: 'fills',
    name: 'Groww stock order history',
    description:
      'Your executed Groww stock orders, one row per order (the price is the order value divided by its quantity). Cancelled and rejected orders are left out. Times are Indian Standard Time; fees are 0.',
    howToExport:
      'In Groww open your profile → Reports → Stocks → Order history, choose the dates and download the file; open it in your spreadsheet and save it as CSV.',
    example: null,
    read: parseGrowwOrderHistory,
  },
  {
    id: 'mt5-trade-history',
    kind: 'fills',
    name: 'MetaTrader 5 — Trade History Report',
    description:
      'The Deals of a MetaTrader 5 Trade History Report: every buy and sell with its deal and order tickets, volume in lots, and commission, fee and swap as fees (balance and credit rows are left out). A lot is 100,000 units of a currency pair, 100 oz of gold, 5,000 oz of silver and 1 of anything else. Prices are in the pair’s quote currency. Times are your broker’s server clock, read in your time zone. Fills are paired by symbol, so opposite positions held at once on a hedging account are netted.',
    howToExport:
      'In MetaTrader 5 open the History tab of the Toolbox, choose the period, right-click → Report → Open XML (MS Office Excel 2007), open the file in your spreadsheet and save it as CSV. A CSV of the Deals table alone (Time, Deal, Symbol, Type, Direction, Volume, Price, Order, Commission, Fee, Swap, Profit, Balance, Comment) works too.',
    example: [
      'Time,Deal,Symbol,Type,Direction,Volume,Price,Order,Commission,Fee,Swap,Profit,Balance,Comment',
      '2026.11.02 09:15:04,70001,EURUSD,buy,in,0.50,1.08412,90001,-3.50,0.00,0.00,0.00,9 996.50,',
      '2026.11.02 13:40:51,70002,EURUSD,sell,out,0.50,1.08562,90002,-3.50,0.00,0.00,75.00,10 068.00,',
    ].join('\r\n'),
    read: parseMt5TradeHistory,
  },
  {
    id: 'tradovate-fills',
    kind: 'fills',
    name: 'Tradovate — Fills',
    description:
      'Every fill of your Tradovate futures account with its fill and order ids and commission. Prices are in points and the trade’s P&L uses the product’s dollar value of a point (ES $50, MES $5, NQ $20, MNQ $2…); a product Candlewise does not know is reported, not guessed. Times are read from the UTC column the report carries.',
    howToExport:
      'In Tradovate open Reports (the account menu → Reports), choose the Fills tab and the dates, and download it as CSV. The Orders and Performance reports are not fills: import the Fills report.',
    example: null,
    read: parseTradovateFills,
  },
  {
    id: 'candlewise-template',
    kind: 'trades',
    name: 'Candlewise template',
    description:
      'One row per trade, with its stop, target, tags and notes. Side is long or short; times such as 2026-11-02 09:15 are read in your time zone unless they carry an offset. Leave the exit empty for an open trade; separate tags with ";". Currency may be left empty for a symbol whose currency Candlewise can tell (one it lists, an exchange suffix such as RELIANCE.NS, a pair such as EURUSD); the import asks for it otherwise. Multiplier is 1 when empty. A file exported from Candlewise imports here too and adds nothing already in your journal.',
    howToExport:
      'Download the template below, fill in one row per trade (symbol, side, quantity, entry_price and entry_time, and exit_price and exit_time once closed) and save it as CSV. Or export trades from Journal → Trades.',
    example: [
      GENERIC_COLUMNS.join(','),
      'RELIANCE,long,10,2450.5,2471,2026-11-02 09:20,2026-11-02 11:05,40,2440,2480,breakout,,Waited for the retest,INR,1',
      'NIFTY50,short,25,24310,24355,2026-11-02 13:10,2026-11-02 14:02,55,24350,24250,reversal;vwap,moved-stop,,INR,1',
    ].join('\r\n'),
    read: parseCandlewiseTemplate,
  },
];

/**
 * The names the import accepted before the layouts had their own (the first round's presets),
 * still understood so that links and scripts keep working.
 */
export const JOURNAL_IMPORT_ALIASES = {
  generic: 'candlewise-template',
  zerodha: 'zerodha-tradebook',
  ibkr: 'ibkr-activity-trades',
} as const satisfies Record<string, JournalImportLayoutId>;

/**
 * What the learner may choose: a layout, an old name for one, 'auto' (found from the columns) or
 * 'column-mapping' (the columns the learner mapped, sent as `mapping`).
 */
export type JournalImportChoice =
  | JournalImportLayoutId
  | keyof typeof JOURNAL_IMPORT_ALIASES
  | 'auto'
  | typeof MAPPED_LAYOUT;

export const UNKNOWN_FILE =
  'Candlewise does not recognise this file’s columns. Choose the layout you exported (Zerodha, Interactive Brokers, Groww, MetaTrader 5, Tradovate), say which of its columns holds each field, or use the Candlewise template.';
const NO_MAPPING = 'Say which column of the file holds each field before importing it with your own columns.';

export type ParsedJournalFile =
  | ({ kind: 'fills'; layout: JournalImportLayoutId | typeof MAPPED_LAYOUT } & ParsedExecutions)
  | ({ kind: 'trades'; layout: 'candlewise-template' } & ParsedTradeRows)
  /** `columns`: the names in the file's first row, for the learner to map. */
  | ({ kind: 'unknown'; layout: null; columns: string[] } & ParsedExecutions);

/** How a file is read: the learner's zone and, for 'column-mapping', the columns they mapped. */
export type JournalFileOptions = ImportOptions & { mapping?: JournalColumnMapping | null };

export function findImportLayout(choice: string, text: string): JournalImportLayout | null {
  const aliases: Record<string, JournalImportLayoutId> = JOURNAL_IMPORT_ALIASES;
  const id = choice === 'auto' ? detectLayout(text) : (aliases[choice] ?? choice);
  return JOURNAL_IMPORT_LAYOUTS.find((candidate) => candidate.id === id) ?? null;
}

/** Reads a file in the chosen layout, or in the one its column names show ('auto'). */
export function parseJournalFile(
  choice: string,
  text: string,
  options: JournalFileOptions,
): ParsedJournalFile {
  try {
    return readJournalFile(choice, text, options);
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error;
    return {
      kind: 'unknown',
      layout: null,
      columns: [],
      rows: 0,
      executions: [],
      errors: [{ line: error.line, message: error.message }],
      skipped: {},
    };
  }
}

function readJournalFile(choice: string, text: string, options: JournalFileOptions): ParsedJournalFile {
  if (choice === MAPPED_LAYOUT) {
    if (!options.mapping) {
      readCsv(text);
      return { ...unknownFile(text), errors: [{ line: 1, message: NO_MAPPING }] };
    }
    return { kind: 'fills', layout: MAPPED_LAYOUT, ...parseMappedFile(text, options.mapping, options) };
  }
  const layout = findImportLayout(choice, text);
  if (!layout) {
    // A file that is not CSV is told by its line, not as an unknown layout.
    readCsv(text);
    return unknownFile(text);
  }
  if (layout.kind === 'trades') {
    return { kind: 'trades', layout: 'candlewise-template', ...layout.read(text, options) };
  }
  return { kind: 'fills', layout: layout.id, ...layout.read(text, options) };
}

function unknownFile(text: string): ParsedJournalFile & { kind: 'unknown' } {
  return {
    kind: 'unknown',
    layout: null,
    columns: fileColumns(text),
    rows: 0,
    executions: [],
    errors: [{ line: 1, message: UNKNOWN_FILE }],
    skipped: {},
  };
}
