import { formatLongUsDate } from '@candlewise/shared/subscription/plan-rules';
import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { FRAME_WARM_UP_MS, renderApp, warmUpFrame } from '@/testing/render-app';
import { makeSession } from '@/testing/test-data';
import { expiryInDays, frameHandlers, holdRequests, userDetailsReply } from '../testing/subscription-api';

const SUCCESS_TEXT = 'Your payment was successful. Thank you!';
const NO_PAYMENT = 'We could not find a completed payment for this page.';
const NOT_PAID =
  'This checkout has not been paid yet. Finish the payment, or start again from the Pricing page.';

function expectNoSuccessShown() {
  expect(screen.queryByText('Payment Success')).not.toBeInTheDocument();
  expect(screen.queryByText(SUCCESS_TEXT)).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
}

describe('/success', { timeout: 20_000 }, () => {
  beforeAll(warmUpFrame, FRAME_WARM_UP_MS);

  it('without a session_id logs an error, thanks nobody and leads to /pricing', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { calls } = mockApi(frameHandlers);
    const { user, currentPath } = renderApp('/success', { auth: makeSession() });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'No payment to confirm' }),
    ).toBeInTheDocument();
    expect(screen.getByText(NO_PAYMENT)).toBeInTheDocument();
    expectNoSuccessShown();
    await waitFor(() => expect(consoleError).toHaveBeenCalledTimes(1));
    expect(String(consoleError.mock.calls[0][0])).toMatch(/session_id/);
    expect(calls.filter((call) => call.url.pathname.includes('/plans/'))).toHaveLength(0);

    await user.click(screen.getByRole('link', { name: 'See plans and pricing' }));
    await waitFor(() => expect(currentPath()).toBe('/pricing'));
  });

  it('says nothing of success while the server checks, then thanks, refreshes the stored user and links the receipt', async () => {
    const session = makeSession({ planStatus: 'Not Subscribed', planExpirationDate: null });
    const expiry = expiryInDays(30);
    const plan = { planStatus: 'active', planExpirationDate: expiry } as const;
    const { callsTo, fetchMock } = mockApi({
      ...frameHandlers,
      'POST /plans/getsession': {
        body: { success: true, message: 'Your Pro plan is active.', data: { ...plan, paymentId: 'pay_1' } },
      },
      [`GET /user/details/${session.user._id}`]: userDetailsReply({ ...session.user, ...plan }),
    });
    const held = holdRequests(fetchMock, '/plans/getsession');
    const { store, user, currentPath } = renderApp('/success?session_id=cs_local_1', { auth: session });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Confirming your payment' }),
    ).toBeInTheDocument();
    expectNoSuccessShown();
    held.release();

    expect(await screen.findByText(`Pro is active until ${formatLongUsDate(expiry)}.`)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Payment Success' })).toBeInTheDocument();
    expect(screen.getByText(SUCCESS_TEXT)).toBeInTheDocument();
    expect(screen.queryByText(NO_PAYMENT)).not.toBeInTheDocument();
    expect(callsTo('POST', '/plans/getsession')).toEqual([
      expect.objectContaining({ body: { userId: session.user._id, sessionId: 'cs_local_1' } }),
    ]);
    await waitFor(() => expect(store.getState().auth.user).toMatchObject(plan));
    expect(store.getState().auth.token).toBe(session.token);
    expect(screen.getByRole('link', { name: 'View your receipt' })).toHaveAttribute(
      'href',
      '/manage-subscription/receipts/pay_1',
    );

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(currentPath()).toBe('/home'));
  });

  it("explains an unpaid checkout with the server's sentence and a retry, and thanks only once it is paid", async () => {
    const session = makeSession();
    let paid = false;
    const { callsTo } = mockApi({
      ...frameHandlers,
      'POST /plans/getsession': () =>
        paid
          ? {
              body: {
                success: true,
                message: 'Your Pro plan is active.',
                data: { planStatus: 'active', planExpirationDate: expiryInDays(30), paymentId: null },
              },
            }
          : { status: 409, body: { success: false, code: 'CONFLICT', message: NOT_PAID } },
      [`GET /user/details/${session.user._id}`]: userDetailsReply({
        ...session.user,
        planStatus: 'active',
        planExpirationDate: expiryInDays(30),
      }),
    });
    const { user } = renderApp('/success?session_id=cs_open', { auth: session });

    expect(await screen.findByText(NOT_PAID)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Payment not confirmed' })).toBeInTheDocument();
    expect(screen.getByText(NO_PAYMENT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See plans and pricing' })).toHaveAttribute('href', '/pricing');
    expectNoSuccessShown();

    paid = true;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/^Pro is active until/)).toBeInTheDocument();
    expect(screen.getByText(SUCCESS_TEXT)).toBeInTheDocument();
    // Sessions completed before payments were recorded have no receipt to link.
    expect(screen.queryByRole('link', { name: 'View your receipt' })).not.toBeInTheDocument();
    expect(callsTo('POST', '/plans/getsession')).toHaveLength(2);
  });

  it("treats a checkout the server does not know (or another learner's) as no payment", async () => {
    mockApi({
      ...frameHandlers,
      'POST /plans/getsession': {
        status: 404,
        body: {
          success: false,
          code: 'NOT_FOUND',
          message: 'We could not find that checkout. Start again from the Pricing page.',
        },
      },
    });
    renderApp('/success?session_id=cs_forged', { auth: makeSession() });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'No payment to confirm' }),
    ).toBeInTheDocument();
    expect(screen.getByText(NO_PAYMENT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See plans and pricing' })).toHaveAttribute('href', '/pricing');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expectNoSuccessShown();
  });

  it('offers a retry when the check itself fails (network), without claiming success', async () => {
    const { fetchMock } = mockApi(frameHandlers);
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).includes('/plans/getsession')) throw new TypeError('Failed to fetch');
      return answer(input, init);
    });
    renderApp('/success?session_id=cs_local_2', { auth: makeSession() });

    expect(
      await screen.findByText('We could not confirm the payment yet. Try again in a moment.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
    expectNoSuccessShown();
  });
});
