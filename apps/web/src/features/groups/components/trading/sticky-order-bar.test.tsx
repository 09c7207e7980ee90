import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setViewportWidth } from '@/testing/match-media';
import { mockApi } from '@/testing/mock-api';
import { makeGroup } from '../../testing/make-group';
import { TradingPanel } from './trading-panel';
import { account, EURUSD, QUOTE, RUNNING_GROUP, renderWithProviders } from './trading-test-fixtures';

// jsdom has no canvas: the chart is a stub.
vi.mock('lightweight-charts', () => import('@/testing/fake-lightweight-charts'));

function openDesk(width: number, group = RUNNING_GROUP) {
  setViewportWidth(width);
  const api = mockApi({
    'GET /group/g-1/account': { body: { success: true, data: account() } },
    'GET /instruments': { body: { success: true, data: [EURUSD] } },
    'GET /market/candles/EURUSD': { body: { success: true, data: [] } },
  });
  renderWithProviders(<TradingPanel group={group} quotes={new Map([['EURUSD', QUOTE]])} />);
  return api;
}

afterEach(() => {
  setViewportWidth(1280);
  vi.unstubAllGlobals();
});

describe('the sticky Buy/Sell bar on a phone (issue #43)', { timeout: 60_000 }, () => {
  it('shows the bid and ask, and a tap opens the ticket on that side with Quantity focused, sending nothing', async () => {
    const api = openDesk(375);
    const ticket = await screen.findByRole('form', { name: 'Order ticket' });
    const bar = screen.getByRole('region', { name: 'Trade EURUSD' });
    expect(within(bar).getByRole('button', { name: /^Sell/ })).toHaveTextContent('SellBid 1.08000');
    expect(within(bar).getByRole('button', { name: /^Buy/ })).toHaveTextContent('BuyAsk 1.08012');
    const scrolled = vi.fn();
    ticket.scrollIntoView = scrolled;

    await act(async () => within(bar).getByRole('button', { name: /^Sell/ }).click());
    expect(within(ticket).getByRole('radio', { name: 'Sell' })).toBeChecked();
    expect(within(ticket).getByLabelText('Quantity')).toHaveFocus();
    expect(within(ticket).getByRole('button', { name: 'Sell EURUSD' })).toBeInTheDocument();
    expect(scrolled).toHaveBeenCalledWith(expect.objectContaining({ block: 'start' }));

    await act(async () => within(bar).getByRole('button', { name: /^Buy/ }).click());
    expect(within(ticket).getByRole('radio', { name: 'Buy' })).toBeChecked();
    expect(within(ticket).getByRole('button', { name: 'Buy EURUSD' })).toBeInTheDocument();
    expect(within(ticket).getByLabelText('Quantity')).toHaveFocus();
    // Only the ticket sends an order.
    expect(api.callsTo('POST', '/group/g-1/orders')).toHaveLength(0);
  });

  it('steps aside while the ticket’s own button is on screen', async () => {
    // The chart watches its box too: each observer is kept with what it watches.
    type Report = (entries: Array<Partial<IntersectionObserverEntry>>) => void;
    const observers = new Map<Element, Report>();
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        report: Report;
        constructor(callback: Report) {
          this.report = callback;
        }
        observe(target: Element) {
          observers.set(target, this.report);
        }
        unobserve() {}
        disconnect() {}
      },
    );
    openDesk(375);
    const ticket = await screen.findByRole('form', { name: 'Order ticket' });
    const bar = screen.getByRole('region', { name: 'Trade EURUSD' });
    const send = within(ticket).getByRole('button', { name: 'Buy EURUSD' });
    await waitFor(() => expect(observers.has(send)).toBe(true));
    const report = observers.get(send);

    act(() => report?.([{ isIntersecting: true, intersectionRatio: 1 }]));
    expect(screen.queryByRole('region', { name: 'Trade EURUSD' })).not.toBeInTheDocument();
    expect(bar).toHaveAttribute('aria-hidden', 'true');

    act(() => report?.([{ isIntersecting: false, intersectionRatio: 0 }]));
    expect(screen.getByRole('region', { name: 'Trade EURUSD' })).toBe(bar);
  });

  it('is not on a wide screen', async () => {
    openDesk(1280);
    await screen.findByRole('form', { name: 'Order ticket' });
    expect(screen.queryByRole('region', { name: 'Trade EURUSD' })).not.toBeInTheDocument();
  });

  it('is not there before the competition starts', async () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    const later = new Date(Date.now() + 2 * 86_400_000).toISOString();
    openDesk(
      375,
      makeGroup({ participantsCount: 1, instruments: ['EURUSD'], startDate: tomorrow, endDate: later }),
    );
    await screen.findByRole('form', { name: 'Order ticket' });
    expect(screen.getByText(/^Trading opens when the competition starts/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Trade EURUSD' })).not.toBeInTheDocument();
  });
});
