/**
 * IBKR's Trade Confirmation Flex Query as CSV (Flex Queries → Trade Confirmation Flex Query,
 * section Trade Confirmation → Executions): the same fills as the Activity Flex trades under other
 * column names — Date/Time, Price, Commission, CommissionCurrency, OrderID, ExecID, Code — beside
 * ClientAccountID, CurrencyPrimary, AssetClass, Symbol, Multiplier, TransactionType, TradeID,
 * OrigTradeID, TradeDate, Buy/Sell, Quantity and LevelOfDetail.
 */
import type { ParsedExecutions } from '../executions.ts';
import { type IbkrLayoutColumns, readIbkrFills } from './ibkr-fills.ts';
import type { ImportOptions } from './import-rows.ts';

const IBKR_CONFIRMATION_COLUMNS: IbkrLayoutColumns = {
  name: 'your Trade Confirmation Flex Query',
  price: 'Price',
  commission: 'Commission',
  commissionCurrency: 'CommissionCurrency',
  orderId: 'OrderID',
  execId: 'ExecID',
  codes: 'Code',
  advice:
    'Correct the row, or run the Trade Confirmation Flex Query again in IBKR Client Portal (Performance & Reports → Flex Queries).',
};

/** Times are IBKR's (New York), not the learner's: `options` is accepted for the common signature. */
export function parseIbkrTradeConfirmation(text: string, _options: ImportOptions): ParsedExecutions {
  return readIbkrFills(text, IBKR_CONFIRMATION_COLUMNS);
}
