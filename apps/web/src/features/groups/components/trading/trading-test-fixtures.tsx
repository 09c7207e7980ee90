import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { ToastContainer } from 'react-toastify';
import { AntdProvider } from '@/components/antd-provider/antd-provider';
import { createQueryClient } from '@/lib/query-client';
import type { Instrument } from '../../api/get-instruments';
import type { TradingAccount } from '../../api/get-trading-account';
import type { Quote } from '../../api/use-competition-stream';

/** What the desk's tests share: one instrument, its quote, an account and the providers. */

/** A forex pair quoted in dollars, traded in lots of 1,000 euros in steps of 0.1. */
export const EURUSD: Instrument = {
  symbol: 'EURUSD',
  name: 'Euro / US Dollar',
  assetClass: 'forex',
  tickSize: 0.00001,
  lotStep: 0.1,
  minQuantity: 0.1,
  contractSize: 1000,
  currency: 'USD',
};
export const QUOTE: Quote = { symbol: 'EURUSD', bid: 1.08, ask: 1.08012, mid: 1.08006, time: Date.now() };

export function account(book: Partial<Omit<TradingAccount, 'account'>> = {}): TradingAccount {
  return {
    account: {
      _id: 'acc-1',
      currency: 'INR',
      startingBalance: 100_000,
      balance: 100_000,
      equity: 100_000,
      peakEquity: 100_000,
      exposure: 0,
      buyingPower: 1_000_000,
      leverage: 10,
      drawdownPercent: 0,
      pnlPercent: 0,
      frozenUntil: null,
      freezes: 0,
      trades: 0,
      finalRank: null,
    },
    positions: [],
    orders: [],
    fills: [],
    // Dollars at ₹84: what the server sends beside the account for the ticket's sizing.
    ...({ rates: { USD: 84, INR: 1 } } as object),
    ...book,
  };
}

export function renderWithProviders(ui: ReactNode) {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AntdProvider darkMode={false}>
        {ui}
        <ToastContainer />
      </AntdProvider>
    </QueryClientProvider>,
  );
  return { user };
}

/** Types by pasting (fast on a busy machine): the field's change is one event, as in a browser. */
export async function fill(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}
