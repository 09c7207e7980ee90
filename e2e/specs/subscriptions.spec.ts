import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { shootLooks } from '../support/screenshots.ts';
import { plantSession, type Session } from '../support/session.ts';

const DECLINED = 'Your card was declined. No money was taken; try another card.';
const TEST_CARD_HINT = 'Test mode: use 4242 4242 4242 4242; 4000 0000 0000 0002 is declined';

/** The newest 6-digit code the dev outbox holds for an address or phone number. */
async function latestCode(request: APIRequestContext, to: string): Promise<string> {
  const response = await request.get('/api/v1/dev/outbox', { params: { to, limit: 1 } });
  expect(response.ok()).toBe(true);
  const [message] = (await response.json()).data as Array<{ subject: string; text: string }>;
  const code = `${message?.subject ?? ''} ${message?.text ?? ''}`.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in the outbox for ${to}`);
  return code;
}

/**
 * A fresh, fully onboarded Free user made through the real sign-up flow, so buying Pro here never
 * changes the shared learner other specs rely on.
 */
async function signUpFreeUser(request: APIRequestContext): Promise<Session> {
  const unique = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const email = `pro-buyer-${unique}@e2e.test`;
  const signup = await request.post('/api/v1/auth/signup', {
    data: { email, password: 'pro-buyer-password-1' },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const login = await request.post('/api/v1/auth/login', {
    data: { email, password: 'pro-buyer-password-1' },
  });
  const { token } = (await login.json()).data as Session;
  const headers = { Authorization: `Bearer ${token}` };
  const post = async (url: string, data: unknown) => {
    const response = await request.post(url, { data, headers });
    expect(response.ok(), `${url}: ${await response.text()}`).toBe(true);
    return response.json();
  };

  await post('/api/v1/auth/confirm-email', { code: await latestCode(request, email) });
  const phoneNumber = `+9197${unique.slice(-8)}`;
  await post('/api/v1/auth/phone', { phoneNumber });
  await post('/api/v1/auth/confirm-phone', { code: await latestCode(request, phoneNumber) });
  const details = await post('/api/v1/auth/user-details', {
    firstName: 'Priya',
    lastName: 'Buyer',
    experienceLevel: 'beginner',
    interests: ['options'],
  });
  return { token, user: details.data.user };
}

async function planOf(request: APIRequestContext, session: Session) {
  const response = await request.get(`/api/v1/user/details/${session.user._id}`, {
    headers: { Authorization: `Bearer ${session.token}` },
  });
  const { planStatus, planExpirationDate } = (await response.json()).data.userData;
  return { planStatus: planStatus as string, planExpirationDate: planExpirationDate as number | null };
}

async function fillCard(page: Page, cardNumber: string) {
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry (MM/YY)').fill('12/30');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Priya Buyer');
}

test('a Free user buys Pro through the local checkout, then cancels and re-activates it', async ({
  page,
  request,
}) => {
  const session = await signUpFreeUser(request);
  await plantSession(page, session);

  await page.goto('/pricing');
  await expect(page.getByText('₹2,000 / month')).toBeVisible();
  await expect(page.getByText('Your current plan')).toBeVisible();
  await page.getByRole('button', { name: 'Upgrade to Pro' }).click();

  await expect(page).toHaveURL(/\/checkout\/[^/?]+$/);
  const checkoutUrl = page.url();
  await expect(page.getByText(TEST_CARD_HINT)).toBeVisible();
  await expect(page.getByText('Candlewise Pro', { exact: true })).toBeVisible();

  // The decline card: the server's sentence, the same page, the same values, no plan.
  await fillCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Pay ₹2,000' }).click();
  await expect(page.getByText(DECLINED)).toBeVisible();
  expect(page.url()).toBe(checkoutUrl);
  await expect(page.getByLabel('Name on card')).toHaveValue('Priya Buyer');
  expect((await planOf(request, session)).planStatus).toBe('Not Subscribed');

  await page.getByLabel('Card number').fill('4242424242424242');
  await expect(page.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay ₹2,000' }).click();

  await expect(page).toHaveURL(/\/success\?session_id=/);
  await expect(page.getByRole('heading', { name: 'Payment Success' })).toBeVisible();
  await expect(page.getByText('Your payment was successful. Thank you!')).toBeVisible();
  await expect(page.getByText(/^Pro is active until /)).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/home$/);

  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: 'Manage Subscription' }).click();
  await expect(page).toHaveURL(/\/manage-subscription$/);

  const plan = await planOf(request, session);
  expect(plan.planStatus).toBe('active');
  const expiry = await page.evaluate(
    (seconds) =>
      new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' }).format(
        new Date(seconds * 1000),
      ),
    plan.planExpirationDate!,
  );
  await expect(page.getByRole('heading', { name: 'Manage Your Subscription' })).toBeVisible();
  await expect(page.getByText('Your Plan: Pro')).toBeVisible();
  await expect(page.getByText('Subscription Status: active')).toBeVisible();
  await expect(page.getByText(`Expiry Date: ${expiry}`)).toBeVisible();
  await expect(page.getByText('Days Remaining: 30 days')).toBeVisible();

  // Cancel through the dialog: a toast, the page reloads, the button now re-activates.
  await page.getByRole('button', { name: 'Cancel Plan' }).click();
  const cancelDialog = page.getByRole('dialog', { name: 'Are you absolutely sure?' });
  await expect(
    cancelDialog.getByText('Once you cancel it cannot be undone. You will lose access to pro features.'),
  ).toBeVisible();
  await expect(cancelDialog.getByRole('button', { name: 'Go Back' })).toBeVisible();
  await cancelDialog.getByRole('button', { name: 'Cancel Plan' }).click();
  await expect(page.getByText('Subscription canceled successfully')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Re-activate Plan' })).toBeVisible();
  await expect(page.getByText('Subscription Status: canceled')).toBeVisible();
  expect((await planOf(request, session)).planStatus).toBe('canceled');

  await page.getByRole('button', { name: 'Re-activate Plan' }).click();
  const reactivateDialog = page.getByRole('dialog', { name: 'Are you absolutely sure?' });
  // Re-activating says what happens, not the cancel warning (the local provider never charges again).
  await expect(
    reactivateDialog.getByText(
      `Your Pro plan continues until ${expiry}. Test payments do not renew by themselves: after that date, buy another month on the Pricing page.`,
    ),
  ).toBeVisible();
  await expect(reactivateDialog.getByText(/cannot be undone/)).toHaveCount(0);
  await reactivateDialog.getByRole('button', { name: 'Re-activate Plan' }).click();
  await expect(page.getByText('Subscription re-activated successfully')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel Plan' })).toBeVisible();
  await expect(page.getByText('Subscription Status: active')).toBeVisible();
  expect((await planOf(request, session)).planStatus).toBe('active');

  // The pricing page now knows.
  await page.goto('/pricing');
  await expect(page.getByText('You have Pro')).toBeVisible();
});

test('screenshots: pricing, checkout and manage subscription, light and dark, 1280 and 375 px', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const session = await signUpFreeUser(request);
  const headers = { Authorization: `Bearer ${session.token}` };
  const started = await request.post('/api/v1/plans/checkout', { headers });
  expect(started.status()).toBe(201);
  const { url: checkoutPath, sessionId } = (await started.json()).data as { url: string; sessionId: string };

  const pro = (page: Page) => expect(page.getByText('₹2,000 / month')).toBeVisible();
  await shootLooks(browser, { token: null, user: null }, [
    { name: 'pricing-visitor', path: '/pricing', ready: pro },
    { name: 'sales-visitor', path: '/sales', ready: pro },
  ]);
  await shootLooks(browser, session, [
    {
      name: 'pricing',
      path: '/pricing',
      ready: (page) => expect(page.getByRole('button', { name: 'Upgrade to Pro' })).toBeVisible(),
    },
    {
      name: 'checkout',
      path: checkoutPath,
      ready: (page) => expect(page.getByRole('button', { name: 'Pay ₹2,000' })).toBeVisible(),
    },
    {
      name: 'manage-subscription-none',
      path: '/manage-subscription',
      ready: (page) => expect(page.getByText('No active subscription found.')).toBeVisible(),
    },
  ]);

  const paid = await request.post(`/api/v1/plans/checkout/${sessionId}/pay`, {
    headers,
    data: { cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', name: 'Priya Buyer' },
  });
  expect(paid.ok()).toBe(true);
  const verified = await request.post('/api/v1/plans/getsession', {
    headers,
    data: { userId: session.user._id, sessionId },
  });
  expect(verified.ok()).toBe(true);

  await shootLooks(browser, session, [
    {
      name: 'success',
      path: `/success?session_id=${sessionId}`,
      ready: (page) => expect(page.getByText(/^Pro is active until /)).toBeVisible(),
    },
    {
      name: 'manage-subscription',
      path: '/manage-subscription',
      ready: (page) => expect(page.getByText('Days Remaining: 30 days')).toBeVisible(),
    },
  ]);
});
