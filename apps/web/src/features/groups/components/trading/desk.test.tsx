import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setViewportWidth } from '@/testing/match-media';
import { mockApi } from '@/testing/mock-api';
import { orderResult, protectionReply } from '@/testing/trading-data';
import type { TradingAccount } from '../../api/get-trading-account';
import type { Quote } from '../../api/use-competition-stream';
import { PositionsAndOrders } from './positions-and-orders';
import { TradingPanel } from './trading-panel';
import { account, EURUSD, fill, QUOTE, RUNNING_GROUP, renderWithProviders } from './trading-test-fixtures';

// jsdom has no canvas: the chart is a stub.
vi.mock('lightweight-charts', () => import('@/testing/fake-lightweight-charts'));

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
    'POST /group/g-1/positions/EURUSD/close': orderResult(
      { status: 'filled', fillPrice: 1.0843 },
      { status: 200, message: 'Position closed.' },
    ),
    'PATCH /group/g-1/positions/EURUSD': protectionReply,
    'PATCH /group/g-1/orders/o-1': protectionReply,
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
    const { user } = renderWithProviders(
      <TradingPanel group={RUNNING_GROUP} quotes={new Map([['EURUSD', QUOTE]])} />,
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

describe('the desk on a phone (issue #43)', { timeout: 60_000 }, () => {
  it('puts the ticket before the chart and folds the figures into one line', async () => {
    setViewportWidth(375);
    mockApi({
      'GET /group/g-1/account': { body: { success: true, data: account() } },
      'GET /instruments': { body: { success: true, data: [EURUSD] } },
      'GET /market/candles/EURUSD': { body: { success: true, data: [] } },
    });
    renderWithProviders(<TradingPanel group={RUNNING_GROUP} quotes={new Map([['EURUSD', QUOTE]])} />);
    const ticket = await screen.findByRole('form', { name: 'Order ticket' });
    const chart = screen.getByRole('img', { name: 'EURUSD 1-minute candlestick chart' });
    // Ticket first, in reading and tab order as on the screen.
    expect(ticket.compareDocumentPosition(chart) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // One line of figures (equity, P&L, buying power); the rest behind it.
    const figures = document.querySelector('details') as HTMLDetailsElement;
    expect(figures.open).toBe(false);
    expect(figures.querySelector('summary')).toHaveTextContent(/^Equity .+P&L .+Buying power .+$/);
    expect(within(figures).getByText('Peak equity')).toBeInTheDocument();
    setViewportWidth(1280);
  });

  it('shows every figure and the chart first on a wide screen', async () => {
    setViewportWidth(1280);
    mockApi({
      'GET /group/g-1/account': { body: { success: true, data: account() } },
      'GET /instruments': { body: { success: true, data: [EURUSD] } },
      'GET /market/candles/EURUSD': { body: { success: true, data: [] } },
    });
    renderWithProviders(<TradingPanel group={RUNNING_GROUP} quotes={new Map([['EURUSD', QUOTE]])} />);
    const ticket = await screen.findByRole('form', { name: 'Order ticket' });
    const chart = screen.getByRole('img', { name: 'EURUSD 1-minute candlestick chart' });
    expect(chart.compareDocumentPosition(ticket) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(document.querySelector('details')).toBeNull();
    expect(screen.getByText('Peak equity')).toBeVisible();
  });
});

describe('the replay desk (issue #43)', { timeout: 60_000 }, () => {
  it('shows the replayed date and time, running at the replay’s speed', async () => {
    setViewportWidth(1280);
    const start = Date.now() - 10 * 60_000;
    mockApi({
      'GET /group/g-1/account': { body: { success: true, data: account() } },
      'GET /instruments': { body: { success: true, data: [EURUSD] } },
      'GET /group/g-1/candles/EURUSD': { body: { success: true, data: [] } },
      'GET /market/candles/EURUSD': { body: { success: true, data: [] } },
    });
    renderWithProviders(
      <TradingPanel
        group={{
          ...RUNNING_GROUP,
          startDate: new Date(start).toISOString(),
          marketMode: 'replay',
          replayFrom: '2023-03-10T14:00:00.000Z',
          replaySpeed: 6,
        }}
        quotes={new Map([['EURUSD', QUOTE]])}
      />,
    );
    // Ten minutes into the competition at 6×: an hour into the replayed day.
    const clock = await screen.findByRole('timer', { name: 'Replayed market time' });
    expect(clock).toHaveTextContent(/^10 Mar 2023 · 15:0[01] UTC$/);
  });

  it('shows no replay clock on a live desk', async () => {
    mockApi({
      'GET /group/g-1/account': { body: { success: true, data: account() } },
      'GET /instruments': { body: { success: true, data: [EURUSD] } },
      'GET /market/candles/EURUSD': { body: { success: true, data: [] } },
    });
    renderWithProviders(<TradingPanel group={RUNNING_GROUP} quotes={new Map([['EURUSD', QUOTE]])} />);
    await screen.findByRole('form', { name: 'Order ticket' });
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
  });
});
