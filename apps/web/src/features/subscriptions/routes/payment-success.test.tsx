import { formatLongUsDate } from '@candlewise/shared/subscription/plan-rules';
import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { FRAME_WARM_UP_MS, renderApp, warmUpFrame } from '@/testing/render-app';
import { makeSession } from '@/testing/test-data';
import { expiryInDays, frameHandlers, userDetailsReply } from '../testing/subscription-api';

describe('/success', { timeout: 20_000 }, () => {
  beforeAll(warmUpFrame, FRAME_WARM_UP_MS);

  it('without a session_id only logs an error: no request, nothing shown beyond the page', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { calls } = mockApi(frameHandlers);
    const { user, currentPath } = renderApp('/success', { auth: makeSession() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Success' })).toBeInTheDocument();
    expect(screen.getByText('Your payment was successful. Thank you!')).toBeInTheDocument();
    await waitFor(() => expect(consoleError).toHaveBeenCalledTimes(1));
    expect(String(consoleError.mock.calls[0][0])).toMatch(/session_id/);
    expect(calls.filter((call) => call.url.pathname.includes('/plans/'))).toHaveLength(0);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(currentPath()).toBe('/home'));
  });

  it('verifies the session, then refreshes the stored user and keeps the token', async () => {
    const session = makeSession({ planStatus: 'Not Subscribed', planExpirationDate: null });
    const expiry = expiryInDays(30);
    const plan = { planStatus: 'active', planExpirationDate: expiry } as const;
    const { callsTo } = mockApi({
      ...frameHandlers,
      'POST /plans/getsession': { body: { success: true, message: 'Your Pro plan is active.', data: plan } },
      [`GET /user/details/${session.user._id}`]: userDetailsReply({ ...session.user, ...plan }),
    });
    const { store } = renderApp('/success?session_id=cs_local_1', { auth: session });

    expect(await screen.findByText(`Pro is active until ${formatLongUsDate(expiry)}.`)).toBeInTheDocument();
    expect(screen.getByText('Payment Success')).toBeInTheDocument();
    expect(callsTo('POST', '/plans/getsession')).toEqual([
      expect.objectContaining({ body: { userId: session.user._id, sessionId: 'cs_local_1' } }),
    ]);
    await waitFor(() => expect(store.getState().auth.user).toMatchObject(plan));
    expect(store.getState().auth.token).toBe(session.token);
  });

  it("shows the server's sentence with a retry when the checkout is not paid yet", async () => {
    const session = makeSession();
    let paid = false;
    const { callsTo } = mockApi({
      ...frameHandlers,
      'POST /plans/getsession': () =>
        paid
          ? { body: { success: true, data: { planStatus: 'active', planExpirationDate: expiryInDays(30) } } }
          : {
              status: 409,
              body: {
                success: false,
                code: 'CONFLICT',
                message:
                  'This checkout has not been paid yet. Finish the payment, or start again from the Pricing page.',
              },
            },
      [`GET /user/details/${session.user._id}`]: userDetailsReply({
        ...session.user,
        planStatus: 'active',
        planExpirationDate: expiryInDays(30),
      }),
    });
    const { user } = renderApp('/success?session_id=cs_open', { auth: session });

    expect(
      await screen.findByText(
        'This checkout has not been paid yet. Finish the payment, or start again from the Pricing page.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Payment Success')).toBeInTheDocument();
    expect(screen.getByText('Your payment was successful. Thank you!')).toBeInTheDocument();

    paid = true;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/^Pro is active until/)).toBeInTheDocument();
    expect(callsTo('POST', '/plans/getsession')).toHaveLength(2);
  });
});
