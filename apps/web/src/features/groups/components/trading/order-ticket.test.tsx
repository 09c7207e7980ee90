import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, validationFailed } from '@/testing/mock-api';
import { orderResult } from '@/testing/trading-data';
import type { TradingAccount } from '../../api/get-trading-account';
import type { Quote } from '../../api/use-competition-stream';
import { OrderTicket } from './order-ticket';
import { account, EURUSD, fill, QUOTE, renderWithProviders } from './trading-test-fixtures';

// jsdom has no canvas: the chart is a stub.
vi.mock('lightweight-charts', () => import('@/testing/fake-lightweight-charts'));
function openTicket({
  orderReply = orderResult(),
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

/** A field of the ticket (label, control, hint and error): a PlainField. */
const field = (label: string | RegExp) =>
  screen.getByLabelText(label).closest('.cw-plain-field') as HTMLElement;

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

  it('places nothing on Enter in a field: a market order from the keyboard needs its button', async () => {
    const { user, api } = openTicket();
    await retype(user, 'Quantity', '2');
    await user.type(screen.getByLabelText('Quantity'), '{Enter}');
    await user.type(screen.getByLabelText('Stop-loss (USD)'), '{Enter}');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.callsTo('POST', '/group/g-1/orders')).toHaveLength(0);
    // Enter on the focused button is that button's click.
    screen.getByRole('button', { name: 'Buy EURUSD' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(api.callsTo('POST', '/group/g-1/orders')).toHaveLength(1));
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
