import type { ExposureBook } from '@candlewise/shared/trading/account-money';
import { contractValue } from '@candlewise/shared/trading/order-sizing';
import type { AccountRates } from '../api/account-rates';
import type { Instrument } from '../api/get-instruments';
import type { TradingAccount } from '../api/get-trading-account';
import type { Quote } from '../api/use-competition-stream';

/** What the order ticket sizes an order with: the account's book, equity and the value of a contract. */
export type SizingContext = {
  equity: number;
  currency: string;
  book: ExposureBook;
  /** Quote currency → account currency, or null when the server gave no rate. */
  rateOf: (quoteCurrency: string | undefined) => number | null;
  /** One contract of the symbol at its mid in the account currency (0 when unknown), as the server counts exposure. */
  unitValueOf: (symbol: string) => number;
};

/**
 * The sizing context of an account: its positions and pending orders, its equity, and each
 * symbol's contract valued at the live mid (the last mark price or order price while no quote has
 * arrived) and the server's conversion rates.
 */
export function sizingContext({
  account,
  rates,
  instruments,
  quotes,
}: {
  account: TradingAccount;
  rates: AccountRates;
  instruments: ReadonlyMap<string, Instrument>;
  quotes: ReadonlyMap<string, Quote>;
}): SizingContext {
  const rateOf = (quoteCurrency: string | undefined) =>
    quoteCurrency && typeof rates[quoteCurrency] === 'number' ? rates[quoteCurrency] : null;
  const priceOf = (symbol: string): number | null =>
    quotes.get(symbol)?.mid ??
    account.positions.find((position) => position.symbol === symbol)?.markPrice ??
    account.orders.find((order) => order.symbol === symbol)?.price ??
    null;
  return {
    equity: account.account.equity,
    currency: account.account.currency,
    book: {
      positions: account.positions.map(({ symbol, quantity }) => ({ symbol, quantity })),
      openOrders: account.orders.map(({ symbol, side, quantity }) => ({ symbol, side, quantity })),
    },
    rateOf,
    unitValueOf: (symbol) => {
      const instrument = instruments.get(symbol);
      const price = priceOf(symbol);
      const rate = rateOf(instrument?.currency);
      if (price === null || rate === null || instrument?.contractSize === undefined) return 0;
      return contractValue(price, instrument.contractSize, rate);
    },
  };
}
