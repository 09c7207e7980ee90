import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { ToastContainer } from 'react-toastify';
import { describe, expect, it, vi } from 'vitest';
import { AntdProvider } from '@/components/antd-provider/antd-provider';
import { createQueryClient } from '@/lib/query-client';
import { mockApi, validationFailed } from '@/testing/mock-api';
import type { Group } from '../../api/get-groups';
import type { Instrument } from '../../api/get-instruments';
import type { TradingAccount } from '../../api/get-trading-account';
import type { Quote } from '../../api/use-competition-stream';
import { OrderTicket } from './order-ticket';
import { PositionsAndOrders } from './positions-and-orders';
import { TradingPanel } from './trading-panel';

// jsdom has no canvas: the chart is a stub.
vi.mock('lightweight-charts', () => {
  const series = { setData: vi.fn(), update: vi.fn(), applyOptions: vi.fn() };
  return {
    CandlestickSeries: {},
    ColorType: { Solid: 'solid' },
    createChart: () => ({
      addSeries: () => series,
      applyOptions: vi.fn(),
      subscribeCrosshairMove: vi.fn(),
      timeScale: () => ({ scrollToRealTime: vi.fn() }),
      remove: vi.fn(),
    }),
  };
});
vi.mock('react-redux', async (original) => ({
  ...(await original<typeof import('react-redux')>()),
  useSelector: () => false,
}));

/** A forex pair quoted in dollars, traded in lots of 1,000 euros in steps of 0.1. */
const EURUSD: Instrument = {
  symbol: 'EURUSD',
  name: 'Euro / US Dollar',
  assetClass: 'forex',
  tickSize: 0.00001,
  lotStep: 0.1,
  minQuantity: 0.1,
  contractSize: 1000,
  currency: 'USD',
};
const QUOTE: Quote = { symbol: 'EURUSD', bid: 1.08, ask: 1.08012, mid: 1.08006, time: Date.now() };

function account(book: Partial<Omit<TradingAccount, 'account'>> = {}): TradingAccount {
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

function renderWithProviders(ui: ReactNode) {
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

function openTicket({
  orderReply = { status: 201, body: { success: true, message: 'Order filled.', data: {} } },
  summary = account(),
  quote = QUOTE,
}: {
  orderReply?: { status: number; body: unknown };
  summary?: TradingAccount;
  quote?: Quote;
} = {}) {
  const api = mockApi({ 'POST /group/g-1/orders': orderReply });
  const view = renderWithProviders(
    <OrderTicket
      groupId="g-1"
      instruments={[EURUSD]}
      symbol="EURUSD"
      onSymbolChange={() => undefined}
      quote={quote}
      quotes={new Map([['EURUSD', quote]])}
      account={summary}
      disabledReason={null}
    />,
  );
  return { ...view, api };
}

const field = (label: string | RegExp) =>
  screen.getByLabelText(label).closest('.ant-form-item') as HTMLElement;

/** Types by pasting (fast on a busy machine): the field's change is one event, as in a browser. */
async function fill(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

async function retype(user: ReturnType<typeof userEvent.setup>, label: string, text: string) {
  const input = screen.getByLabelText(label);
  await user.clear(input);
  if (text) await user.paste(text);
}

describe('the order ticket (issue #17)', { timeout: 60_000 }, () => {
  it('checks the typed quantity itself: one plain sentence, Buy held, nothing sent', async () => {
    const { user, api } = openTicket();
    const buy = screen.getByRole('button', { name: 'Buy EURUSD' });
    expect(buy).toBeEnabled();
    const cases: Array<[string, string]> = [
      ['abc', 'Enter the quantity as a number of lots, like 0.1.'],
      ['-5', 'The quantity must be more than 0.'],
      ['0', 'The quantity must be more than 0.'],
      ['0.05', 'The smallest EURUSD order is 0.1.'],
      ['0.15', 'EURUSD quantities go in steps of 0.1.'],
      ['', 'Enter a quantity.'],
    ];
    for (const [text, sentence] of cases) {
      await retype(user, 'Quantity', text);
      const quantity = field('Quantity');
      expect(within(quantity).getByRole('alert')).toHaveTextContent(sentence);
      expect(within(quantity).getAllByRole('alert')).toHaveLength(1);
      expect(screen.getByLabelText('Quantity')).toHaveValue(text);
      expect(screen.getByLabelText('Quantity')).toHaveAttribute('aria-invalid', 'true');
      expect(buy).toBeDisabled();
      await user.click(buy);
    }
    expect(api.callsTo('POST', '/group/g-1/orders')).toHaveLength(0);
    // No raw validator text anywhere, and no toast.
    expect(screen.queryByText(/Too small|expected number/)).not.toBeInTheDocument();

    await retype(user, 'Quantity', '2');
    expect(within(field('Quantity')).queryByRole('alert')).not.toBeInTheDocument();
    expect(buy).toBeEnabled();
    await user.click(buy);
    await waitFor(() =>
      expect(api.callsTo('POST', '/group/g-1/orders').map((call) => call.body)).toEqual([
        { symbol: 'EURUSD', side: 'buy', type: 'market', quantity: 2 },
      ]),
    );
  });

  it('sends one order for a double click', async () => {
    const { user, api } = openTicket();
    await user.dblClick(screen.getByRole('button', { name: 'Buy EURUSD' }));
    expect(await screen.findByText('Order filled.')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.callsTo('POST', '/group/g-1/orders')).toHaveLength(1);
  });

  it('says what a lot is and shows the size, notional, margin and maximum as you type', async () => {
    const { user } = openTicket();
    expect(
      within(field('Quantity')).getByText('1 lot = 1,000 EUR · steps of 0.1 · min 0.1'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Quantity')).toHaveAttribute('aria-describedby');
    await retype(user, 'Quantity', '2');
    const sizing = screen.getByLabelText('Order size');
    const value = (label: string) => within(sizing).getByText(label).nextElementSibling as HTMLElement;
    expect(value('Size')).toHaveTextContent('2 lots = 2,000 EUR');
    // 2 × 1,000 euros at the ask 1.08012 dollars, at ₹84 a dollar.
    expect(value('Notional')).toHaveTextContent('₹1,81,460.16');
    // A tenth of what it adds to the exposure (valued at the mid, as the server does).
    expect(value('Margin')).toHaveTextContent('₹18,145.01');
    // ₹10,00,000 of buying power over ₹90,725 a lot: 11 lots.
    expect(value('Max')).toHaveTextContent('11 lots');

    await retype(user, 'Quantity', '11.1');
    expect(within(field('Quantity')).getByRole('alert')).toHaveTextContent(
      'Your buying power allows at most 11 lots of EURUSD now.',
    );
    expect(screen.getByRole('button', { name: 'Buy EURUSD' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Use the maximum, 11 lots' }));
    expect(screen.getByLabelText('Quantity')).toHaveValue('11');
    expect(screen.getByRole('button', { name: 'Buy EURUSD' })).toBeEnabled();
  });

  it('sizes by risk: a percent of equity and a stop distance fill the quantity', async () => {
    const { user } = openTicket();
    await user.click(screen.getByRole('button', { name: 'Size by risk' }));
    expect(screen.getByRole('button', { name: 'Hide the risk calculator' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(screen.getByLabelText('Risk (% of equity)')).toHaveValue('1');
    expect(
      screen.getByText('Enter the stop distance, or set a stop-loss in the ticket.'),
    ).toBeInTheDocument();
    await fill(user, screen.getByLabelText('Stop distance (USD)'), '0.005');
    // 1 % of ₹1,00,000 = ₹1,000; 0.005 dollars × 1,000 euros × ₹84 = ₹420 a lot → 2.3 lots.
    expect(screen.getByText('2.3 lots lose ₹966.00 at the stop (at most ₹1,000.00).')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use 2.3 lots' }));
    expect(screen.getByLabelText('Quantity')).toHaveValue('2.3');

    // The ticket's stop-loss gives the distance when none is typed.
    await user.clear(screen.getByLabelText('Stop distance (USD)'));
    await fill(user, screen.getByLabelText('Stop-loss (USD)'), '1.07012');
    expect(screen.getByText('1.1 lots lose ₹924.00 at the stop (at most ₹1,000.00).')).toBeInTheDocument();
  });

  it('refuses a stop-loss on the wrong side in the server’s words before sending', async () => {
    const { user, api } = openTicket();
    await fill(user, screen.getByLabelText('Stop-loss (USD)'), '1.09');
    expect(within(field('Stop-loss (USD)')).getByRole('alert')).toHaveTextContent(
      'A buy’s stop-loss must be below the entry price.',
    );
    await user.click(screen.getByText('Sell'));
    expect(within(field('Stop-loss (USD)')).queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sell EURUSD' }));
    await waitFor(() =>
      expect(api.callsTo('POST', '/group/g-1/orders').map((call) => call.body)).toEqual([
        { symbol: 'EURUSD', side: 'sell', type: 'market', quantity: 1, stopLoss: 1.09 },
      ]),
    );
  });

  it('shows a refusal of a field under it once, with no toast', async () => {
    const refusal =
      'This order needs more buying power: your positions and pending orders may not pass 10× your equity. Reduce the quantity.';
    const { user } = openTicket({
      orderReply: validationFailed({ quantity: refusal }, refusal),
    });
    await user.click(screen.getByRole('button', { name: 'Buy EURUSD' }));
    expect(await within(field('Quantity')).findByText(refusal)).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getAllByText(refusal)).toHaveLength(1);
    // Typing again clears the server's sentence.
    await retype(user, 'Quantity', '0.5');
    expect(screen.queryByText(refusal)).not.toBeInTheDocument();
  });
});

const POSITION: TradingAccount['positions'][number] = {
  symbol: 'EURUSD',
  quantity: 2.5,
  averagePrice: 1.08,
  stopLoss: null,
  takeProfit: null,
  markPrice: 1.0843,
  quoteCurrency: 'USD',
  unrealizedPnl: 900,
};
const ORDER: TradingAccount['orders'][number] = {
  _id: 'o-1',
  symbol: 'EURUSD',
  side: 'buy',
  type: 'limit',
  quantity: 1,
  price: 1.07,
  stopLoss: 1.06,
  takeProfit: null,
  createdAt: new Date().toISOString(),
};

function openBook() {
  const api = mockApi({
    'POST /group/g-1/positions/EURUSD/close': {
      body: { success: true, message: 'Position closed.', data: {} },
    },
    'PATCH /group/g-1/positions/EURUSD': {
      body: { success: true, message: 'Stop-loss and take-profit saved.', data: {} },
    },
    'PATCH /group/g-1/orders/o-1': {
      body: { success: true, message: 'Stop-loss and take-profit saved.', data: {} },
    },
  });
  const quote: Quote = { symbol: 'EURUSD', bid: 1.0843, ask: 1.08442, mid: 1.08436, time: Date.now() };
  const view = renderWithProviders(
    <PositionsAndOrders
      groupId="g-1"
      account={account({ positions: [POSITION], orders: [ORDER] })}
      instruments={new Map([['EURUSD', EURUSD]])}
      canTrade
      quotes={new Map([['EURUSD', quote]])}
    />,
  );
  return { ...view, api };
}

describe('positions and orders (issue #17)', { timeout: 60_000 }, () => {
  it('asks before closing a position, with the estimated P&L, from the keyboard too', async () => {
    const { user, api } = openBook();
    const close = screen.getByRole('button', { name: 'Close EURUSD position' });
    close.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Close your EURUSD position?' });
    expect(within(dialog).getByText('Sells 2.5 lots at market, now 1.08430 USD.')).toBeInTheDocument();
    // (1.0843 − 1.08) × 2.5 × 1,000 euros × ₹84.
    expect(within(dialog).getByText('+₹903.00')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST', '/group/g-1/positions/EURUSD/close')).toHaveLength(0);

    await user.click(close);
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Close your EURUSD position?' })).getByRole('button', {
        name: 'Close position',
      }),
    );
    await waitFor(() => expect(api.callsTo('POST', '/group/g-1/positions/EURUSD/close')).toHaveLength(1));
    expect(await screen.findByText('Position closed.')).toBeInTheDocument();
  });

  it('moves a position’s stop-loss, refusing one already through the current price', async () => {
    const { user, api } = openBook();
    await user.click(
      screen.getByRole('button', { name: 'Change the stop-loss and take-profit of the EURUSD position' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Stop-loss and take-profit · EURUSD' });
    expect(within(dialog).getByText('Long 2.5 lots · now 1.08430 USD')).toBeInTheDocument();
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await fill(user, within(dialog).getByLabelText('Stop-loss (USD)'), '1.09');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'A long position’s stop-loss must be below the current price (1.0843).',
    );
    expect(save).toBeDisabled();
    await user.clear(within(dialog).getByLabelText('Stop-loss (USD)'));
    await fill(user, within(dialog).getByLabelText('Stop-loss (USD)'), '1.075');
    await fill(user, within(dialog).getByLabelText('Take-profit (USD)'), '1.1');
    await user.click(save);
    await waitFor(() =>
      expect(api.callsTo('PATCH', '/group/g-1/positions/EURUSD').map((call) => call.body)).toEqual([
        { stopLoss: 1.075, takeProfit: 1.1 },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('moves a pending order’s levels; an empty field removes one', async () => {
    const { user, api } = openBook();
    await user.click(screen.getByRole('tab', { name: 'Orders (1)' }));
    await user.click(
      await screen.findByRole('button', {
        name: 'Change the stop-loss and take-profit of the buy limit order for EURUSD',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Stop-loss and take-profit · EURUSD' });
    expect(within(dialog).getByLabelText('Stop-loss (USD)')).toHaveValue('1.06');
    await user.clear(within(dialog).getByLabelText('Stop-loss (USD)'));
    await fill(user, within(dialog).getByLabelText('Take-profit (USD)'), '1.09');
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(api.callsTo('PATCH', '/group/g-1/orders/o-1').map((call) => call.body)).toEqual([
        { stopLoss: null, takeProfit: 1.09 },
      ]),
    );
  });
});

describe('the chart’s timeframes (issue #17)', { timeout: 60_000 }, () => {
  it('asks the server for 5-minute and daily candles', async () => {
    const candles = {
      body: { success: true, data: [{ time: 1_790_000_000, open: 1, high: 1, low: 1, close: 1 }] },
    };
    const api = mockApi({
      'GET /group/g-1/account': { body: { success: true, data: account() } },
      'GET /instruments': { body: { success: true, data: [EURUSD] } },
      'GET /market/candles/EURUSD': candles,
    });
    const group: Group = {
      _id: 'g-1',
      name: 'Sprint',
      description: '',
      startDate: new Date(Date.now() - 86_400_000).toISOString(),
      endDate: new Date(Date.now() + 86_400_000).toISOString(),
      freezeDuration: 60_000,
      freezeThreshold: 5,
      participantsCount: 1,
      currency: 'INR',
      instruments: ['EURUSD'],
    };
    const { user } = renderWithProviders(
      <TradingPanel group={group} quotes={new Map([['EURUSD', QUOTE]])} />,
    );
    expect(await screen.findByText('EURUSD · 1 minute')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'EURUSD 1-minute candlestick chart' })).toBeInTheDocument();
    await user.click(screen.getByText('5m'));
    expect(await screen.findByText('EURUSD · 5 minutes')).toBeInTheDocument();
    await user.click(screen.getByText('1D'));
    expect(await screen.findByRole('img', { name: 'EURUSD daily candlestick chart' })).toBeInTheDocument();
    const asked = api.callsTo('GET', '/market/candles/EURUSD').map((call) => call.url.search);
    expect(asked).toEqual(['?limit=300', '?limit=300&interval=5m', '?limit=90&interval=1d']);
  });
});
