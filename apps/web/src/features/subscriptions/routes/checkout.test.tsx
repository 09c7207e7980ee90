import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { FRAME_WARM_UP_MS, renderApp, warmUpFrame } from '@/testing/render-app';
import { makeSession } from '@/testing/test-data';
import { frameHandlers, holdRequests, userDetailsReply } from '../testing/subscription-api';

const DECLINED = 'Your card was declined. No money was taken; try another card.';
const openSession = {
  body: { success: true, data: { _id: 'cs_1', amountInr: 2000, status: 'open', plan: 'Pro' } },
};

function renderCheckout(handlers: Parameters<typeof mockApi>[0] = {}) {
  const session = makeSession();
  const api = mockApi({
    ...frameHandlers,
    'GET /plans/checkout/cs_1': openSession,
    [`GET /user/details/${session.user._id}`]: userDetailsReply({ ...session.user, planStatus: 'active' }),
    ...handlers,
  });
  const view = renderApp('/checkout/cs_1', { auth: session });
  return { ...api, ...view };
}

async function fillCard(user: ReturnType<typeof renderCheckout>['user'], cardNumber: string) {
  await user.type(await screen.findByLabelText('Card number'), cardNumber);
  await user.type(screen.getByLabelText('Expiry (MM/YY)'), '1230');
  await user.type(screen.getByLabelText('CVC'), '123');
  await user.type(screen.getByLabelText('Name on card'), 'Ada Lovelace');
}

describe('/checkout/:sessionId (the local provider)', { timeout: 20_000 }, () => {
  beforeAll(warmUpFrame, FRAME_WARM_UP_MS);

  it('shows the order summary, the test-card hint and the amount on the pay button', async () => {
    renderCheckout();
    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument();
    expect(screen.getByText('Candlewise Pro')).toBeInTheDocument();
    expect(screen.getByText('₹2,000 / month')).toBeInTheDocument();
    expect(
      screen.getByText('Test mode: use 4242 4242 4242 4242; 4000 0000 0000 0002 is declined'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay ₹2,000' })).toBeEnabled();
  });

  it('formats the card as it is typed and checks every field before sending', async () => {
    const { user, callsTo } = renderCheckout();
    await user.click(await screen.findByRole('button', { name: 'Pay ₹2,000' }));

    expect(screen.getByText('Enter the card number.')).toBeInTheDocument();
    expect(screen.getByText('Enter the expiry date as MM/YY.')).toBeInTheDocument();
    expect(screen.getByText('Enter the 3 or 4 digits on the back.')).toBeInTheDocument();
    expect(screen.getByText('Enter the name on the card.')).toBeInTheDocument();
    expect(screen.getByLabelText('Card number')).toHaveFocus();
    expect(screen.getByLabelText('Card number')).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo('POST', '/plans/checkout/cs_1/pay')).toHaveLength(0);

    await fillCard(user, '4242424242424242');
    expect(screen.getByLabelText('Card number')).toHaveValue('4242 4242 4242 4242');
    expect(screen.getByLabelText('Expiry (MM/YY)')).toHaveValue('12/30');
    expect(screen.queryByText('Enter the card number.')).not.toBeInTheDocument();
  });

  it("shows the server's sentence for a declined card and changes nothing else", async () => {
    const { user, callsTo, currentPath } = renderCheckout({
      'POST /plans/checkout/cs_1/pay': {
        status: 402,
        body: {
          success: false,
          code: 'PAYMENT_DECLINED',
          message: DECLINED,
          details: [{ path: 'cardNumber', message: 'This card was declined.' }],
        },
      },
    });
    await fillCard(user, '4000000000000002');
    await user.click(screen.getByRole('button', { name: 'Pay ₹2,000' }));

    expect(await screen.findByText(DECLINED)).toBeInTheDocument();
    expect(callsTo('POST', '/plans/checkout/cs_1/pay')[0].body).toEqual({
      cardNumber: '4000 0000 0000 0002',
      expiry: '12/30',
      cvc: '123',
      name: 'Ada Lovelace',
    });
    expect(currentPath()).toBe('/checkout/cs_1');
    expect(screen.getByLabelText('Card number')).toHaveValue('4000 0000 0000 0002');
    expect(screen.getByLabelText('Name on card')).toHaveValue('Ada Lovelace');
    expect(screen.getByRole('button', { name: 'Pay ₹2,000' })).toBeEnabled();
  });

  it('disables Pay while paying, then goes to the success address', async () => {
    const { user, fetchMock, currentPath } = renderCheckout({
      'POST /plans/checkout/cs_1/pay': {
        body: { success: true, data: { redirectUrl: '/success?session_id=cs_1' } },
      },
      'POST /plans/getsession': {
        body: {
          success: true,
          message: 'Your Pro plan is active.',
          data: { planStatus: 'active', planExpirationDate: null, paymentId: 'pay_1' },
        },
      },
    });
    const held = holdRequests(fetchMock, '/plans/checkout/cs_1/pay');
    await fillCard(user, '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Pay ₹2,000' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pay ₹2,000' })).toBeDisabled());

    held.release();
    expect(await screen.findByRole('heading', { name: 'Payment Success' })).toBeInTheDocument();
    expect(currentPath()).toBe('/success?session_id=cs_1');
  });

  it('explains an unknown checkout and links back to /pricing', async () => {
    renderCheckout({
      'GET /plans/checkout/cs_1': {
        status: 404,
        body: {
          success: false,
          code: 'NOT_FOUND',
          message: 'We could not find that checkout. Start again from the Pricing page.',
        },
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout not found' })).toBeInTheDocument();
    expect(
      screen.getByText('We could not find that checkout. Start again from the Pricing page.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to pricing' })).toHaveAttribute('href', '/pricing');
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
  });
});
