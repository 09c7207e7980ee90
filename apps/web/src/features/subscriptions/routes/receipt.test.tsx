import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { FRAME_WARM_UP_MS, renderApp, warmUpFrame } from '@/testing/render-app';
import { makeSession } from '@/testing/test-data';
import { printPage } from '../lib/print-page';
import { frameHandlers, holdRequests, makeReceipt } from '../testing/subscription-api';

const PATH = '/manage-subscription/receipts/pay_1';

function factOf(article: HTMLElement, term: string) {
  const dt = within(article).getByText(term, { selector: 'dt' });
  return dt.nextElementSibling?.textContent;
}

describe('/manage-subscription/receipts/:paymentId', { timeout: 20_000 }, () => {
  beforeAll(warmUpFrame, FRAME_WARM_UP_MS);

  it('shows the receipt: number, date, who was billed, plan, period, amount, currency, method and issuer', async () => {
    const { fetchMock, callsTo } = mockApi({
      ...frameHandlers,
      'GET /plans/payments/pay_1': { body: { success: true, data: makeReceipt() } },
    });
    const held = holdRequests(fetchMock, '/plans/payments/');
    const { user, currentPath } = renderApp(PATH, { auth: makeSession() });

    expect(await screen.findByText('Loading receipt...')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Print' })).not.toBeInTheDocument();
    held.release();

    const article = await screen.findByRole('article', { name: 'Receipt' });
    expect(within(article).getByRole('heading', { level: 1, name: 'Receipt' })).toBeInTheDocument();
    expect(within(article).getByText('Candlewise')).toBeInTheDocument();
    expect(factOf(article, 'Receipt number')).toBe('CW-000001');
    expect(factOf(article, 'Date paid')).toBe('October 22, 2030');
    expect(factOf(article, 'Status')).toBe('Paid');
    expect(factOf(article, 'Payment method')).toBe('Visa test card ending in 4242');
    const billedTo = within(article).getByRole('region', { name: 'Billed to' });
    expect(within(billedTo).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(billedTo).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(article).getByText('Candlewise Pro, monthly plan')).toBeInTheDocument();
    expect(within(article).getByText('Period: October 22, 2030 – November 21, 2030')).toBeInTheDocument();
    const total = within(article).getByRole('rowheader', { name: 'Total paid' }).closest('tr')!;
    expect(within(total).getByText('₹2,000.00')).toBeInTheDocument();
    expect(within(article).getByText('Currency: INR (Indian Rupee)')).toBeInTheDocument();
    expect(
      within(article).getByText('Issued by Candlewise for a payment received. Keep it for your records.'),
    ).toBeInTheDocument();
    expect(callsTo('GET', '/plans/payments/pay_1')).toHaveLength(1);
    await waitFor(() => expect(document.title).toBe('Receipt CW-000001 · Candlewise.app'));

    const print = vi.spyOn(printPage, 'print').mockImplementation(() => {});
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('link', { name: 'Manage Subscription' }));
    await waitFor(() => expect(currentPath()).toBe('/manage-subscription'));
  });

  it('says plainly what the provider did not record', async () => {
    mockApi({
      ...frameHandlers,
      'GET /plans/payments/pay_1': {
        body: {
          success: true,
          data: makeReceipt({
            paymentMethod: null,
            periodStart: null,
            periodEnd: null,
            billedTo: { name: null, email: 'no-name@example.com' },
            amountMinor: 1999,
            currency: 'USD',
          }),
        },
      },
    });
    renderApp(PATH, { auth: makeSession() });

    const article = await screen.findByRole('article', { name: 'Receipt' });
    expect(factOf(article, 'Payment method')).toBe('Not recorded by the payment provider');
    expect(within(article).getByText('Period: not stated by the payment provider')).toBeInTheDocument();
    expect(within(article).getByText('no-name@example.com')).toBeInTheDocument();
    expect(within(article).getAllByText('$19.99')).toHaveLength(2);
    expect(within(article).getByText('Currency: USD (US Dollar)')).toBeInTheDocument();
  });

  it("answers someone else's (or an unknown) payment as not found, with the way back", async () => {
    mockApi({
      ...frameHandlers,
      'GET /plans/payments/pay_1': {
        status: 404,
        body: {
          success: false,
          code: 'NOT_FOUND',
          message: 'We could not find that payment. Open your receipts from the Manage Subscription page.',
        },
      },
    });
    renderApp(PATH, { auth: makeSession() });

    expect(await screen.findByText('We could not find that receipt.')).toBeInTheDocument();
    expect(
      screen.getByText(
        'We could not find that payment. Open your receipts from the Manage Subscription page.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage Subscription' })).toHaveAttribute(
      'href',
      '/manage-subscription',
    );
    expect(screen.queryByRole('button', { name: 'Print' })).not.toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });
});
