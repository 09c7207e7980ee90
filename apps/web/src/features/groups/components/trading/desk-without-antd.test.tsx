import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderPage } from '@/testing/render-page';
import { makeSession } from '@/testing/test-data';
import { cancelOrderReply, makeChallenge } from '@/testing/trading-data';
import type { TradingAccount } from '../../api/get-trading-account';
import { TradingPanel } from './trading-panel';
import { account, EURUSD, QUOTE, RUNNING_GROUP } from './trading-test-data';

// The member's desk is plain markup (ADR 021): only its two dialogs bring antd, when first wanted.
vi.mock('antd', () => {
  throw new Error('the desk imported antd');
});
vi.mock('@ant-design/icons', () => {
  throw new Error('the desk imported @ant-design/icons');
});
// jsdom has no canvas: the chart is a stub.
vi.mock('lightweight-charts', () => import('@/testing/fake-lightweight-charts'));

const BOOK: Partial<Omit<TradingAccount, 'account'>> = {
  positions: [
    {
      symbol: 'EURUSD',
      quantity: -2.5,
      averagePrice: 1.09,
      stopLoss: 1.1,
      takeProfit: null,
      markPrice: 1.08012,
      quoteCurrency: 'USD',
      unrealizedPnl: 2073.48,
    },
  ],
  orders: [
    {
      _id: 'o-1',
      symbol: 'EURUSD',
      side: 'buy',
      type: 'limit',
      quantity: 1,
      price: 1.07,
      stopLoss: null,
      takeProfit: null,
      createdAt: new Date().toISOString(),
    },
  ],
};

describe('the trading desk without antd', { timeout: 60_000 }, () => {
  it('shows the ticket, the book and the chart with no antd module or markup; a dialog loads on demand', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = mockApi({
      'GET /group/g-1/account': { body: { success: true, data: account(BOOK) } },
      'GET /instruments': { body: { success: true, data: [EURUSD] } },
      'GET /market/candles/EURUSD': { body: { success: true, data: [] } },
      'DELETE /group/g-1/orders/o-1': cancelOrderReply,
    });
    const Desk = () => <TradingPanel group={RUNNING_GROUP} quotes={new Map([['EURUSD', QUOTE]])} />;
    const { container, user } = renderPage(Desk, { path: '/', session: makeSession() });

    expect(await screen.findByRole('form', { name: 'Order ticket' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'EURUSD · 1 minute' })).toBeInTheDocument();

    // The book: the open position in the first tab, a short with its red tag and its levels.
    const tabs = screen.getByRole('tablist', { name: 'Your positions, orders and trades' });
    expect(within(tabs).getByRole('tab', { name: 'Positions (1)' })).toHaveAttribute('aria-selected', 'true');
    const positions = screen.getByRole('table', { name: 'Open positions' });
    expect(
      within(positions)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Symbol', 'Side', 'Quantity', 'Avg price', 'Mark', 'Unrealised P&L', 'SL / TP', 'Actions']);
    const short = within(positions).getByText('Short');
    expect(short).toHaveClass('cw-plain-tag', 'cw-plain-tag--red');
    expect(within(short.closest('tr')!).getByText('2.5')).toBeInTheDocument();
    expect(within(positions).getByText('+₹2,073.48')).toBeInTheDocument();
    expect(container.querySelector('[class*="ant-"]')).toBeNull();

    // The chart's timeframe is a radio group.
    await user.click(screen.getByRole('radio', { name: '5m' }));
    expect(await screen.findByRole('heading', { name: 'EURUSD · 5 minutes' })).toBeInTheDocument();

    // The tabs by keyboard: → opens the orders; the pending order is cancelled from its row.
    within(tabs).getByRole('tab', { name: 'Positions (1)' }).focus();
    await user.keyboard('{ArrowRight}');
    const orders = await screen.findByRole('table', { name: 'Open orders' });
    await user.click(within(orders).getByRole('button', { name: 'Cancel buy limit order for EURUSD' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/group/g-1/orders/o-1')).toHaveLength(1));
    await user.click(within(tabs).getByRole('tab', { name: 'History' }));
    expect(
      within(screen.getByRole('table', { name: 'Your trades' })).getByText('No trades yet'),
    ).toBeInTheDocument();
    expect(container.querySelector('[class*="ant-"]')).toBeNull();

    // A dialog's code is fetched when it is wanted; here it fails (antd throws), said in place.
    await user.click(within(tabs).getByRole('tab', { name: 'Positions (1)' }));
    await user.click(screen.getByRole('button', { name: 'Close EURUSD position' }));
    expect(await screen.findByText('The dialog could not load.')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Order ticket' })).toBeInTheDocument();
  });

  it('draws a challenge (objectives, the failure banner) with no antd; the evidence dialog comes on demand', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const failed = account({
      objectives: [
        {
          key: 'daily_loss',
          label: 'Maximum daily loss 5%',
          kind: 'limit',
          target: null,
          limit: 5_000,
          value: 6_000,
          unit: 'amount',
          status: 'failed',
          detail: 'A breach fails the phase.',
        },
      ],
      challenge: makeChallenge({
        ruleSet: 'two-step-10-5@1',
        ruleSetName: 'Two-step 10/5',
        status: 'failed',
        phase: { index: 1, name: 'Challenge', count: 2, startedAt: null },
        failure: {
          eventId: 'ev-1',
          rule: 'daily_loss',
          label: 'Maximum daily loss',
          at: new Date().toISOString(),
          equity: 94_000,
          threshold: 95_000,
          fills: [],
        },
      }),
    });
    mockApi({
      'GET /group/g-1/account': { body: { success: true, data: failed } },
      'GET /instruments': { body: { success: true, data: [EURUSD] } },
      'GET /market/candles/EURUSD': { body: { success: true, data: [] } },
    });
    const Desk = () => <TradingPanel group={RUNNING_GROUP} quotes={new Map([['EURUSD', QUOTE]])} />;
    const { container, user } = renderPage(Desk, { path: '/', session: makeSession() });
    expect(await screen.findByRole('region', { name: 'Objectives' })).toBeInTheDocument();
    expect(screen.getByText(/^Challenge failed:/)).toBeInTheDocument();
    expect(container.querySelector('[class*="ant-"]')).toBeNull();
    // The dialog's code is fetched when it is wanted; here it fails (antd throws), said in place.
    await user.click(screen.getByRole('button', { name: 'See the evidence' }));
    expect(await screen.findByText('The dialog could not load.')).toBeInTheDocument();
  });
});
