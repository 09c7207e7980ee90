import { formatLongUsDate } from '@candlewise/shared/subscription/plan-rules';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resetViewport, setViewportWidth } from '@/testing/match-media';
import { mockApi } from '@/testing/mock-api';
import { FRAME_WARM_UP_MS, renderApp, warmUpFrame } from '@/testing/render-app';
import { makeSession } from '@/testing/test-data';
import { pageReload } from '../lib/page-reload';
import { rememberPlanChangeNotice } from '../lib/plan-change-notice';
import {
  expiryInDays,
  frameHandlers,
  holdRequests,
  makePayment,
  paymentsReply,
  plansReply,
  userDetailsReply,
} from '../testing/subscription-api';

const DIALOG_TEXT = 'Once you cancel it cannot be undone. You will lose access to pro features.';
const LOCAL_REACTIVATE_TEXT =
  'Your Pro plan continues until November 21, 2030. Test payments do not renew by themselves: after that date, buy another month on the Pricing page.';
// Noon UTC: the same calendar day in every time zone from UTC−11 to UTC+11.
const NOV_21_2030 = Date.UTC(2030, 10, 21, 12) / 1000;

type Plan = { planStatus: 'active' | 'canceled' | 'Not Subscribed'; planExpirationDate: number | null };

function setup(plan: Plan, handlers: Parameters<typeof mockApi>[0] = {}) {
  const session = makeSession({ planStatus: 'Not Subscribed', planExpirationDate: null });
  const api = mockApi({
    ...frameHandlers,
    [`GET /user/details/${session.user._id}`]: userDetailsReply({ ...session.user, ...plan }),
    'GET /plans': plansReply(),
    'GET /plans/payments': paymentsReply(),
    ...handlers,
  });
  const reload = vi.spyOn(pageReload, 'reload').mockImplementation(() => {});
  const view = renderApp('/manage-subscription', { auth: session });
  return { ...view, ...api, session, reload };
}

async function openDialog(user: ReturnType<typeof setup>['user'], label: 'Cancel Plan' | 'Re-activate Plan') {
  await user.click(await screen.findByRole('button', { name: label }));
  return screen.findByRole('dialog', { name: 'Are you absolutely sure?' });
}

// The whole frame (antd) renders in jsdom: slow when all test files run at once.
describe('/manage-subscription', { timeout: 20_000 }, () => {
  beforeAll(warmUpFrame, FRAME_WARM_UP_MS);
  afterEach(() => {
    window.sessionStorage.clear();
    resetViewport();
  });

  it('shows the loading text until the fresh user arrives, then stores it with the token', async () => {
    const session = makeSession({ planStatus: 'Not Subscribed', planExpirationDate: null });
    const expiry = expiryInDays(30);
    const { fetchMock, callsTo } = mockApi({
      ...frameHandlers,
      [`GET /user/details/${session.user._id}`]: userDetailsReply({
        ...session.user,
        planStatus: 'active',
        planExpirationDate: expiry,
      }),
    });
    const held = holdRequests(fetchMock, '/user/details/');
    const { store } = renderApp('/manage-subscription', { auth: session });

    expect(await screen.findByText('Loading subscription details...')).toBeInTheDocument();
    expect(screen.queryByText('No active subscription found.')).not.toBeInTheDocument();
    held.release();

    expect(await screen.findByText('Your Plan: Pro')).toBeInTheDocument();
    expect(screen.queryByText('Loading subscription details...')).not.toBeInTheDocument();
    expect(callsTo('GET', `/user/details/${session.user._id}`)).toHaveLength(1);
    expect(store.getState().auth.token).toBe(session.token);
    expect(store.getState().auth.user).toMatchObject({ planStatus: 'active', planExpirationDate: expiry });
  });

  it('shows an active plan with its expiry, days remaining and one Cancel Plan button', async () => {
    const expiry = expiryInDays(30);
    setup({ planStatus: 'active', planExpirationDate: expiry });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Manage Your Subscription' }),
    ).toBeInTheDocument();
    expect(screen.getByText('View your plan details and subscription status')).toBeInTheDocument();
    expect(screen.getByText('Your Plan: Pro')).toBeInTheDocument();
    expect(screen.getByText('Subscription Status: active')).toBeInTheDocument();
    expect(screen.getByText(`Expiry Date: ${formatLongUsDate(expiry)}`)).toBeInTheDocument();
    expect(screen.getByText('Days Remaining: 30 days')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel Plan' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Re-activate Plan' })).not.toBeInTheDocument();
  });

  it('shows a canceled plan with the long US date and a Re-activate Plan button', async () => {
    setup({ planStatus: 'canceled', planExpirationDate: NOV_21_2030 });

    expect(await screen.findByText('Subscription Status: canceled')).toBeInTheDocument();
    expect(screen.getByText('Your Plan: Pro')).toBeInTheDocument();
    expect(screen.getByText('Expiry Date: November 21, 2030')).toBeInTheDocument();
    expect(screen.getByText(/^Days Remaining: \d+ days$/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Re-activate Plan' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Cancel Plan' })).not.toBeInTheDocument();
  });

  it("says 'No active subscription found.' for a user who is Not Subscribed, with the way to /pricing", async () => {
    setup({ planStatus: 'Not Subscribed', planExpirationDate: null });

    expect(await screen.findByText('No active subscription found.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See plans and pricing' })).toHaveAttribute('href', '/pricing');
    expect(screen.queryByText('Manage Your Subscription')).not.toBeInTheDocument();
    expect(screen.queryByText(/^Your Plan:/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel Plan' })).not.toBeInTheDocument();
  });

  it('asks for confirmation in a dialog; Go Back closes it without a request', async () => {
    const { user, calls } = setup({ planStatus: 'active', planExpirationDate: expiryInDays(30) });
    const dialog = await openDialog(user, 'Cancel Plan');

    expect(within(dialog).getByText(DIALOG_TEXT)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Go Back' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel Plan' })).toBeEnabled();

    await user.click(within(dialog).getByRole('button', { name: 'Go Back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      calls.filter((call) => call.method === 'POST' && call.url.pathname.startsWith('/api/v1/plans/')),
    ).toHaveLength(0);
  });

  it('says what a re-activation does (not the cancel warning) and repeats Re-activate Plan on the confirm button', async () => {
    const { user } = setup({ planStatus: 'canceled', planExpirationDate: NOV_21_2030 });
    const dialog = await openDialog(user, 'Re-activate Plan');
    expect(await within(dialog).findByText(LOCAL_REACTIVATE_TEXT)).toBeInTheDocument();
    expect(within(dialog).queryByText(DIALOG_TEXT)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Re-activate Plan' })).toBeInTheDocument();
  });

  it('with Stripe, the re-activation names the renewal date and the monthly price', async () => {
    const { user } = setup(
      { planStatus: 'canceled', planExpirationDate: NOV_21_2030 },
      { 'GET /plans': plansReply(2500, 'stripe') },
    );
    const dialog = await openDialog(user, 'Re-activate Plan');
    expect(
      await within(dialog).findByText(
        'Your Pro plan continues and renews on November 21, 2030 at ₹2,500 a month. You keep access to pro features.',
      ),
    ).toBeInTheDocument();
  });

  it('cancels an active plan: toast, then the page reloads', async () => {
    const canceled = { planStatus: 'canceled', planExpirationDate: expiryInDays(30) };
    const { user, callsTo, session, reload } = setup(
      { planStatus: 'active', planExpirationDate: expiryInDays(30) },
      {
        'POST /plans/cancel-subscription': {
          body: { success: true, message: 'Subscription canceled successfully', data: canceled },
        },
      },
    );
    const dialog = await openDialog(user, 'Cancel Plan');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Plan' }));

    expect(await screen.findByText('Subscription canceled successfully')).toBeInTheDocument();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(callsTo('POST', '/plans/cancel-subscription')).toEqual([
      expect.objectContaining({ body: { userId: session.user._id } }),
    ]);
    expect(callsTo('POST', '/plans/re-activate-subscription')).toHaveLength(0);
    // The button stays disabled until the reload lands.
    expect(screen.getByRole('button', { name: 'Cancel Plan' })).toBeDisabled();
  });

  it('re-activates a canceled plan: toast, then the page reloads', async () => {
    const { user, session, reload, callsTo } = setup(
      { planStatus: 'canceled', planExpirationDate: NOV_21_2030 },
      {
        'POST /plans/re-activate-subscription': {
          body: {
            success: true,
            message: 'Subscription re-activated successfully',
            data: { planStatus: 'active', planExpirationDate: NOV_21_2030 },
          },
        },
      },
    );
    const dialog = await openDialog(user, 'Re-activate Plan');
    await user.click(within(dialog).getByRole('button', { name: 'Re-activate Plan' }));

    expect(await screen.findByText('Subscription re-activated successfully')).toBeInTheDocument();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(callsTo('POST', '/plans/re-activate-subscription')[0].body).toEqual({ userId: session.user._id });
    expect(callsTo('POST', '/plans/cancel-subscription')).toHaveLength(0);
  });

  it("shows the server's message in an error toast when the change fails, without reloading", async () => {
    const { user, reload } = setup(
      { planStatus: 'active', planExpirationDate: expiryInDays(30) },
      {
        'POST /plans/cancel-subscription': {
          status: 409,
          body: { message: 'Only an active plan can be canceled.' },
        },
      },
    );
    const dialog = await openDialog(user, 'Cancel Plan');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Plan' }));

    expect(await screen.findByText('Only an active plan can be canceled.')).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Cancel Plan' })).toBeEnabled();
  });

  it.each([
    ['a server error without a message', { status: 500, body: {} }],
    ['a network failure', null],
  ])("falls back to 'Failed to cancel subscription' on %s", async (_label, reply) => {
    const { user, reload, fetchMock } = setup(
      { planStatus: 'canceled', planExpirationDate: NOV_21_2030 },
      reply ? { 'POST /plans/re-activate-subscription': reply } : {},
    );
    if (!reply) {
      const answer = fetchMock.getMockImplementation()!;
      fetchMock.mockImplementation(async (input, init) => {
        if (String(input).includes('/plans/')) throw new TypeError('Failed to fetch');
        return answer(input, init);
      });
    }
    const dialog = await openDialog(user, 'Re-activate Plan');
    await user.click(within(dialog).getByRole('button', { name: 'Re-activate Plan' }));

    expect(await screen.findByText('Failed to cancel subscription')).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });

  it('disables the buttons while the request is in flight', async () => {
    const { user, fetchMock, reload } = setup(
      { planStatus: 'active', planExpirationDate: expiryInDays(30) },
      {
        'POST /plans/cancel-subscription': {
          body: {
            success: true,
            message: 'Subscription canceled successfully',
            data: { planStatus: 'canceled', planExpirationDate: expiryInDays(30) },
          },
        },
      },
    );
    const held = holdRequests(fetchMock, '/plans/cancel-subscription');
    const dialog = await openDialog(user, 'Cancel Plan');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Plan' }));

    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel Plan' })).toBeDisabled());
    expect(within(dialog).getByRole('button', { name: 'Go Back' })).toBeDisabled();
    const pageButton = screen
      .getAllByRole('button', { name: 'Cancel Plan' })
      .find((button) => !dialog.contains(button));
    expect(pageButton).toBeDisabled();
    expect(reload).not.toHaveBeenCalled();

    held.release();
    expect(await screen.findByText('Subscription canceled successfully')).toBeInTheDocument();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('lists each payment with its date, plan, amount, status and receipt link', async () => {
    setup(
      { planStatus: 'active', planExpirationDate: expiryInDays(30) },
      {
        'GET /plans/payments': paymentsReply([
          makePayment({
            _id: 'pay_2',
            receiptNumber: 'CW-000007',
            paidAt: '2030-11-21T12:00:00.000Z',
            amountMinor: 250_000,
          }),
          makePayment(),
        ]),
      },
    );
    const history = await screen.findByRole('region', { name: 'Payment history' });
    const table = await within(history).findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(
      within(rows[0])
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Date', 'Plan', 'Amount', 'Status', 'Receipt']);
    expect(
      within(rows[1])
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['November 21, 2030', 'Pro', '₹2,500.00', 'Paid', 'View receipt']);
    expect(within(rows[2]).getByText('October 22, 2030')).toBeInTheDocument();
    expect(within(rows[2]).getByText('₹2,000.00')).toBeInTheDocument();
    expect(within(history).getByRole('link', { name: 'View receipt CW-000007' })).toHaveAttribute(
      'href',
      '/manage-subscription/receipts/pay_2',
    );
    expect(within(history).getByRole('link', { name: 'View receipt CW-000001' })).toHaveAttribute(
      'href',
      '/manage-subscription/receipts/pay_1',
    );
  });

  it('shows each payment in its own currency, as a card on a narrow screen', async () => {
    setViewportWidth(375);
    setup(
      { planStatus: 'active', planExpirationDate: expiryInDays(30) },
      { 'GET /plans/payments': paymentsReply([makePayment({ amountMinor: 1999, currency: 'USD' })]) },
    );
    const history = await screen.findByRole('region', { name: 'Payment history' });
    const [card] = await within(history).findAllByRole('listitem');
    expect(within(card).getByText('$19.99')).toBeInTheDocument();
    expect(within(card).getByText('Paid')).toBeInTheDocument();
    expect(within(card).getByText('Pro · October 22, 2030')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'View receipt CW-000001' })).toBeInTheDocument();
    expect(within(history).queryByRole('table')).not.toBeInTheDocument();
  });

  it('says so while the payments load and when there are none', async () => {
    const { fetchMock } = setup({ planStatus: 'active', planExpirationDate: expiryInDays(30) });
    const held = holdRequests(fetchMock, '/plans/payments');
    const history = await screen.findByRole('region', { name: 'Payment history' });
    expect(within(history).getByText('Loading payments...')).toBeInTheDocument();
    held.release();
    expect(await within(history).findByText('No payments yet.')).toBeInTheDocument();
    expect(
      within(history).getByText('When you pay for Pro, each payment and its receipt appear here.'),
    ).toBeInTheDocument();
    expect(within(history).queryByText('Loading payments...')).not.toBeInTheDocument();
  });

  it('keeps the receipts of a plan that has ended', async () => {
    setup(
      { planStatus: 'Not Subscribed', planExpirationDate: null },
      { 'GET /plans/payments': paymentsReply([makePayment()]) },
    );
    expect(await screen.findByText('No active subscription found.')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'View receipt CW-000001' })).toBeInTheDocument();
  });

  it("shows the server's sentence when the payments cannot be loaded", async () => {
    setup(
      { planStatus: 'active', planExpirationDate: expiryInDays(30) },
      {
        'GET /plans/payments': {
          status: 403,
          body: { success: false, code: 'FORBIDDEN', message: 'You do not have permission to do that.' },
        },
      },
    );
    expect(await screen.findByText('We could not load your payments.')).toBeInTheDocument();
    expect(screen.getByText('You do not have permission to do that.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
  });

  it('shows the success toast again after the reload', async () => {
    rememberPlanChangeNotice('Subscription canceled successfully');
    setup({ planStatus: 'canceled', planExpirationDate: NOV_21_2030 });
    expect(await screen.findByText('Subscription canceled successfully')).toBeInTheDocument();
    expect(window.sessionStorage.getItem('cw-plan-change-notice')).toBeNull();
  });
});
