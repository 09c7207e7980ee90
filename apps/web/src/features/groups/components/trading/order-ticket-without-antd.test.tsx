import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentProps, ComponentType } from 'react';
import { ToastContainer } from 'react-toastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { mockApi } from '@/testing/mock-api';
import { orderResult } from '@/testing/trading-data';
import type { OrderTicket as Ticket } from './order-ticket';

// The ticket paints with a member's desk on a leaderboard, before antd's script has loaded (ADR
// 021): nothing it imports may load antd or its icons. (trading-test-fixtures wraps its renders in
// antd's theme, so this file keeps its own instrument, quote and account.)
vi.mock('antd', () => {
  throw new Error('the order ticket imported antd');
});
vi.mock('@ant-design/icons', () => {
  throw new Error('the order ticket imported @ant-design/icons');
});

import { account, EURUSD, QUOTE } from './trading-test-data';

let OrderTicket: ComponentType<ComponentProps<typeof Ticket>>;

function openTicket(props: Partial<ComponentProps<typeof Ticket>> = {}) {
  const api = mockApi({
    'POST /group/g-1/orders': orderResult(),
  });
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <OrderTicket
        groupId="g-1"
        instruments={[EURUSD]}
        symbol="EURUSD"
        onSymbolChange={() => undefined}
        quote={QUOTE}
        quotes={new Map([['EURUSD', QUOTE]])}
        account={account()}
        disabledReason={null}
        {...props}
      />
      <ToastContainer />
    </QueryClientProvider>,
  );
  return { ...view, api, user };
}

describe('the order ticket without antd', () => {
  beforeAll(async () => {
    // Imported after the mocks: an antd import anywhere under the ticket throws here.
    ({ OrderTicket } = await import('./order-ticket'));
  });

  it('renders its fields and sends an order, with no antd module or markup', async () => {
    const { api, container, user } = openTicket();
    const ticket = screen.getByRole('form', { name: 'Order ticket' });
    expect(within(ticket).getByLabelText('Instrument')).toHaveDisplayValue('EURUSD · Euro / US Dollar');
    expect(within(ticket).getByRole('radiogroup', { name: 'Side' })).toBeInTheDocument();
    expect(within(ticket).getByRole('radio', { name: 'Buy' })).toBeChecked();
    expect(within(ticket).getByRole('radiogroup', { name: 'Order type' })).toBeInTheDocument();
    expect(within(ticket).getByRole('radio', { name: 'Market' })).toBeChecked();
    expect(within(ticket).getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('1');
    expect(within(ticket).getByText('1 lot = 1,000 EUR · steps of 0.1 · min 0.1')).toBeInTheDocument();

    // The arrow keys step the quantity by the lot step; a wrong quantity says so under the field.
    await user.click(screen.getByLabelText('Quantity'));
    await user.keyboard('{ArrowUp}');
    expect(screen.getByLabelText('Quantity')).toHaveValue('1.1');
    await user.clear(screen.getByLabelText('Quantity'));
    await user.paste('0.15');
    expect(screen.getByRole('alert')).toHaveTextContent('EURUSD quantities go in steps of 0.1.');
    expect(screen.getByLabelText('Quantity')).toHaveAccessibleDescription(
      'EURUSD quantities go in steps of 0.1. 1 lot = 1,000 EUR · steps of 0.1 · min 0.1',
    );
    expect(screen.getByRole('button', { name: 'Buy EURUSD' })).toBeDisabled();

    await user.clear(screen.getByLabelText('Quantity'));
    await user.paste('2');
    await user.click(screen.getByText('Sell'));
    await user.click(screen.getByText('Limit'));
    await user.click(screen.getByLabelText('Limit price (USD)'));
    await user.paste('1.09');
    await user.click(screen.getByRole('button', { name: 'Sell EURUSD' }));
    await waitFor(() =>
      expect(api.callsTo('POST', '/group/g-1/orders').map((call) => call.body)).toEqual([
        { symbol: 'EURUSD', side: 'sell', type: 'limit', quantity: 2, price: 1.09 },
      ]),
    );
    expect(await screen.findByText('Order filled.')).toBeInTheDocument();
    expect(container.querySelector('[class*="ant-"]')).toBeNull();
  });

  it('closes every control while orders are not accepted, and says why', () => {
    openTicket({ disabledReason: 'Trading is paused while your account is frozen.' });
    expect(screen.getByText('Trading is paused while your account is frozen.')).toBeInTheDocument();
    expect(screen.getByLabelText('Instrument')).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Sell' })).toBeDisabled();
    expect(screen.getByLabelText('Quantity')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Size by risk' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Buy EURUSD' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: /Use the maximum/ })).not.toBeInTheDocument();
  });

  it('pauses market orders while prices are stale or the market is closed, and says so', async () => {
    const { user } = openTicket({
      quote: { ...QUOTE, stale: true },
      marketClosed: 'Market closed, opens in 14 h 05 m',
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Prices for EURUSD have stopped arriving');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Market closed, opens in 14 h 05 mLimit and stop orders wait for the open.',
    );
    expect(screen.getByRole('button', { name: 'Buy EURUSD' })).toBeDisabled();
    // A stop order can still be placed: it waits.
    await user.click(screen.getByText('Stop'));
    expect(screen.getByLabelText('Stop price (USD)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Buy EURUSD' })).toBeEnabled();
  });
});
