/**
 * Importing a file into the journal's fills (DESIGN §10): one importer per real layout, each
 * `(text, { timeZone }) => ParsedExecutions`, the layouts a learner can choose from, and the layout
 * found from the file's own column names. Importers only read; pairing fills into trades happens
 * across files when the account is rebuilt (round-trips.ts).
 */
import type { ParsedExecutions } from '../executions.ts';
import { parseCandlewiseExport } from './candlewise-export.ts';
import { parseCandlewiseTemplate } from './candlewise-template.ts';
import { detectLayout, type JournalImportLayoutId } from './detect-layout.ts';
import { parseGrowwOrderHistory } from './groww-order-history.ts';
import { parseIbkrActivityTrades } from './ibkr-activity-trades.ts';
import { parseIbkrTradeConfirmation } from './ibkr-trade-confirmation.ts';
import type { ImportOptions } from './import-rows.ts';
import { parseZerodhaTradebook } from './zerodha-tradebook.ts';

export { parseCandlewiseExport } from './candlewise-export.ts';
export { parseCandlewiseTemplate } from './candlewise-template.ts';
export { detectLayout, JOURNAL_IMPORT_LAYOUT_IDS, type JournalImportLayoutId } from './detect-layout.ts';
export { parseGrowwOrderHistory } from './groww-order-history.ts';
export { parseIbkrActivityTrades } from './ibkr-activity-trades.ts';
export { IBKR_STATEMENT_ZONE } from './ibkr-fills.ts';
export { parseIbkrTradeConfirmation } from './ibkr-trade-confirmation.ts';
export type { ImportOptions as JournalImportOptions } from './import-rows.ts';
export { parseZerodhaTradebook } from './zerodha-tradebook.ts';

export interface JournalImportLayout {
  id: JournalImportLayoutId;
  name: string;
  /** What the file is, for the learner. */
  description: string;
  /** How to get the file from the broker, step by step. */
  howToExport: string;
  read: (text: string, options: ImportOptions) => ParsedExecutions;
}

export const JOURNAL_IMPORT_LAYOUTS: readonly JournalImportLayout[] = [
  {
    id: 'zerodha-tradebook',
    name: 'Zerodha tradebook',
    description:
      'Every fill of your Zerodha equity or F&O trades, with Zerodha’s trade and order ids. Times are Indian Standard Time. The tradebook has no charges, so fees are 0.',
    howToExport:
      'In Zerodha Console open Reports → Tradebook, choose the segment (Equity or Futures & Options) and the dates, and download the CSV. The XLSX download also works once saved as CSV from your spreadsheet.',
    read: parseZerodhaTradebook,
  },
  {
    id: 'ibkr-activity-trades',
    name: 'Interactive Brokers — Activity Flex Query (trades)',
    description:
      'The Trades section of an IBKR Activity Flex Query: every execution with its account, currency, multiplier and commission. Order and summary rows and cancelled trades are left out. Times are read as IBKR writes them, in New York time.',
    howToExport:
      'In IBKR Client Portal open Performance & Reports → Flex Queries and create an Activity Flex Query. Add the Trades section with Executions selected and the fields ClientAccountID, CurrencyPrimary, AssetClass, Symbol, Multiplier, TradeID, DateTime, TradeDate, Buy/Sell, Quantity, TradePrice, IBCommission, IBCommissionCurrency, Notes/Codes, TransactionType, OrigTradeID, IBOrderID, IBExecID and LevelOfDetail. Choose Format CSV with column headers, save, run it for your period and download the file.',
    read: parseIbkrActivityTrades,
  },
  {
    id: 'ibkr-trade-confirmation',
    name: 'Interactive Brokers — Trade Confirmation Flex Query',
    description:
      'An IBKR Trade Confirmation Flex Query: the same executions under its own column names (Date/Time, Price, Commission, OrderID). Cancelled trades are left out; times are New York time.',
    howToExport:
      'In IBKR Client Portal open Performance & Reports → Flex Queries and create a Trade Confirmation Flex Query. In the Trade Confirmation section select Executions and the fields ClientAccountID, CurrencyPrimary, AssetClass, Symbol, Multiplier, TransactionType, TradeID, OrderID, ExecID, OrigTradeID, Date/Time, TradeDate, Buy/Sell, Quantity, Price, Commission, CommissionCurrency, Code and LevelOfDetail. Choose Format CSV with column headers, run it for your period and download the file.',
    read: parseIbkrTradeConfirmation,
  },
  {
    id: 'groww-order-history',
    name: 'Groww stock order history',
    description:
      'Your executed Groww stock orders, one row per order (the price is the order value divided by its quantity). Cancelled and rejected orders are left out. Times are Indian Standard Time; fees are 0.',
    howToExport:
      'In Groww open your profile → Reports → Stocks → Order history, choose the dates and download the file; open it in your spreadsheet and save it as CSV.',
    read: parseGrowwOrderHistory,
  },
  {
    id: 'candlewise-template',
    name: 'Candlewise template',
    description:
      'One row per trade in the Candlewise template; each closed trade becomes its entry and exit fills, an open trade its entry. Times without an offset are read in your time zone.',
    howToExport:
      'Download the template from Journal → Import, fill in one row per trade (symbol, side long or short, quantity, entry_price, entry_time, and exit_price and exit_time once closed) and save it as CSV.',
    read: parseCandlewiseTemplate,
  },
  {
    id: 'candlewise-export',
    name: 'Candlewise export',
    description:
      'A trades file exported from Candlewise. Importing it again adds nothing already there; paper and broker trades in it are left out, as Candlewise rebuilds those from their own fills.',
    howToExport: 'In Journal → Trades choose the filters and Export CSV.',
    read: parseCandlewiseExport,
  },
];

/** Reads a file in the chosen layout, or in the one its column names show ('auto'). */
export function parseExecutions(
  layoutId: JournalImportLayoutId | 'auto',
  text: string,
  options: ImportOptions,
): ParsedExecutions & { layout: JournalImportLayoutId | null } {
  const id = layoutId === 'auto' ? detectLayout(text) : layoutId;
  const layout = JOURNAL_IMPORT_LAYOUTS.find((candidate) => candidate.id === id);
  if (!layout) {
    return {
      layout: null,
      rows: 0,
      executions: [],
      errors: [
        {
          line: 1,
          message:
            'Candlewise does not recognise this file’s columns. Choose the layout you exported (Zerodha, Interactive Brokers, Groww) or use the Candlewise template.',
        },
      ],
      skipped: {},
    };
  }
  return { layout: layout.id, ...layout.read(text, options) };
}
