import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { FRAME_WARM_UP_MS, renderApp, warmUpFrame } from '@/testing/render-app';
import { makeSession } from '@/testing/test-data';
import { openCheckout } from '../api/start-checkout';
import { expiryInDays, frameHandlers, plansReply } from '../testing/subscription-api';

const proCard = () => screen.getByRole('article', { name: 'Pro' });

describe('/pricing', { timeout: 20_000 }, () => {
  beforeAll(warmUpFrame, FRAME_WARM_UP_MS);

  it('shows Free and Pro from GET /plans to a visitor, whose upgrade leads to /signup', async () => {
    mockApi({ 'GET /plans': plansReply(2000) });
    renderApp('/pricing');

    expect(await screen.findByText('₹2,000 / month')).toBeInTheDocument();
    expect(screen.getByText('₹0 / month')).toBeInTheDocument();
    expect(within(proCard()).getByText('Broker sync into the journal')).toBeInTheDocument();
    expect(within(proCard()).getByRole('link', { name: 'Upgrade to Pro' })).toHaveAttribute(
      'href',
      '/signup',
    );
    expect(screen.queryByTestId('sidebar')).not.toBeInTheDocument();
  });

  it('draws nothing below the plans until they arrive, so nothing on screen moves when they do', async () => {
    let answer: (reply: ReturnType<typeof plansReply>) => void = () => {};
    mockApi({ 'GET /plans': () => new Promise((resolve) => (answer = resolve)) });
    renderApp('/pricing');
    expect(await screen.findByText('Loading plans…')).toBeInTheDocument();
    // The links under the plans would be pushed down a screen's height by the cards (a layout shift).
    expect(screen.queryByRole('link', { name: 'See everything Pro adds' })).not.toBeInTheDocument();
    answer(plansReply(2000));
    expect(await screen.findByText('₹2,000 / month')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See everything Pro adds' })).toHaveAttribute('href', '/sales');
  });

  it('formats the price the Indian way', async () => {
    mockApi({ 'GET /plans': plansReply(150000) });
    renderApp('/pricing');
    expect(await screen.findByText('₹1,50,000 / month')).toBeInTheDocument();
  });

  it('starts a checkout for a signed-in Free user and opens the local checkout page', async () => {
    const { callsTo } = mockApi({
      ...frameHandlers,
      'GET /plans': plansReply(2000),
      'POST /plans/checkout': {
        status: 201,
        body: { success: true, data: { url: '/checkout/cs_9', sessionId: 'cs_9' } },
      },
      'GET /plans/checkout/cs_9': {
        body: { success: true, data: { _id: 'cs_9', amountInr: 2000, status: 'open', plan: 'Pro' } },
      },
    });
    const { user, currentPath } = renderApp('/pricing', { auth: makeSession() });

    await screen.findByText('₹2,000 / month');
    expect(screen.getByText('Your current plan')).toBeInTheDocument();
    await user.click(within(proCard()).getByRole('button', { name: 'Upgrade to Pro' }));

    expect(await screen.findByRole('button', { name: 'Pay ₹2,000' })).toBeInTheDocument();
    expect(currentPath()).toBe('/checkout/cs_9');
    expect(callsTo('POST', '/plans/checkout')).toHaveLength(1);
  });

  it("shows the server's sentence when the checkout cannot start", async () => {
    mockApi({
      ...frameHandlers,
      'GET /plans': plansReply(2000),
      'POST /plans/checkout': {
        status: 409,
        body: {
          success: false,
          code: 'CONFLICT',
          message: 'You already have Pro. Manage it on the Manage Subscription page.',
        },
      },
    });
    const { user, currentPath } = renderApp('/pricing', { auth: makeSession() });
    await user.click(await screen.findByRole('button', { name: 'Upgrade to Pro' }));

    expect(
      await screen.findByText('You already have Pro. Manage it on the Manage Subscription page.'),
    ).toBeInTheDocument();
    expect(currentPath()).toBe('/pricing');
  });

  it('tells a Pro user they have Pro and links to the manage page', async () => {
    mockApi({ ...frameHandlers, 'GET /plans': plansReply(2000) });
    renderApp('/pricing', {
      auth: makeSession({ planStatus: 'active', planExpirationDate: expiryInDays(10) }),
    });

    expect(await screen.findByText('You have Pro')).toBeInTheDocument();
    expect(within(proCard()).getByRole('link', { name: 'Manage subscription' })).toHaveAttribute(
      'href',
      '/manage-subscription',
    );
    expect(screen.queryByRole('button', { name: 'Upgrade to Pro' })).not.toBeInTheDocument();
    expect(await screen.findByTestId('sidebar')).toBeInTheDocument();
  });

  it('offers a retry when the plans cannot be loaded', async () => {
    let fail = true;
    mockApi({ 'GET /plans': () => (fail ? { status: 503, body: {} } : plansReply(2000)) });
    const { user } = renderApp('/pricing');
    expect(await screen.findByText(/We could not load the plans/)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('₹2,000 / month')).toBeInTheDocument();
  });

  it('sends an in-app checkout address through the router and a provider page as a page load', () => {
    const navigate = vi.fn();
    const assign = vi.fn();
    openCheckout('/checkout/cs_1', navigate, assign);
    openCheckout('https://checkout.stripe.com/c/pay/cs_live_1', navigate, assign);
    openCheckout('//evil.example/checkout', navigate, assign);
    expect(navigate.mock.calls).toEqual([['/checkout/cs_1']]);
    expect(assign.mock.calls).toEqual([
      ['https://checkout.stripe.com/c/pay/cs_live_1'],
      ['//evil.example/checkout'],
    ]);
  });
});

describe('/sales', { timeout: 20_000 }, () => {
  it('pitches Pro with the live price and sends the visitor to /pricing', async () => {
    mockApi({ 'GET /plans': plansReply(2500) });
    renderApp('/sales');

    expect(await screen.findByText('₹2,500 / month')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Fundamental Analysis Deep Dive')).toBeInTheDocument();
    expect(screen.getByText('Options Trading Basics')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Broker sync' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Full journal statistics' })).toBeInTheDocument();
    const links = screen.getAllByRole('link', { name: 'See plans and pricing' });
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link).toHaveAttribute('href', '/pricing');
    await waitFor(() => expect(document.title).toBe('Candlewise Pro · Candlewise.app'));
  });
});
