/**
 * IBKR's Activity Flex Query, Trades section, as CSV (Client Portal → Performance & Reports → Flex
 * Queries → Activity Flex Query). Its columns: ClientAccountID, CurrencyPrimary, AssetClass, Symbol,
 * Multiplier, TradeID, DateTime (or TradeDate and TradeTime), Buy/Sell, Quantity (negative for
 * sales), TradePrice, IBCommission (negative when charged), IBCommissionCurrency, Notes/Codes,
 * TransactionType, OrigTradeID, IBOrderID, IBExecID, LevelOfDetail.
 */
import type { ParsedExecutions } from '../executions.ts';
import { type IbkrLayoutColumns, readIbkrFills } from './ibkr-fills.ts';
import type { ImportOptions } from './import-rows.ts';

const IBKR_ACTIVITY_COLUMNS: IbkrLayoutColumns = {
  name: 'your Activity Flex Query',
  price: 'TradePrice',
  commission: 'IBCommission',
  commissionCurrency: 'IBCommissionCurrency',
  orderId: 'IBOrderID',
  execId: 'IBExecID',
  codes: 'Notes/Codes',
  advice:
    'Correct the row, or run the Activity Flex Query again in IBKR Client Portal (Performance & Reports → Flex Queries).',
};

/** Times are IBKR's (New York), not the learner's: `options` is accepted for the common signature. */
export function parseIbkrActivityTrades(text: string, _options: ImportOptions): ParsedExecutions {
  return readIbkrFills(text, IBKR_ACTIVITY_COLUMNS);
}
