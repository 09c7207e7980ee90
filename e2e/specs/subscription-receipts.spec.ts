import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { createLearner, json } from '../support/learners.ts';
import { screenshotDir, shootLooks } from '../support/screenshots.ts';
import { plantSession } from '../support/session.ts';

const NO_PAYMENT = 'We could not find a completed payment for this page.';

async function payWithTestCard(page: Page) {
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/30');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Meera Receipts');
  await page.getByRole('button', { name: 'Pay ₹2,000' }).click();
}

/** The long US date the page shows for an ISO time, in the browser's own time zone. */
const longUsDate = (page: Page, iso: string) =>
  page.evaluate(
    (value) =>
      new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' }).format(
        new Date(value),
      ),
    iso,
  );

test('a learner pays for Pro and opens the receipt from the payment history', async ({ page, request }) => {
  const learner = await createLearner(request, {
    prefix: 'receipts',
    firstName: 'Meera',
    lastName: 'Receipts',
  });
  await plantSession(page, learner);

  // Before paying, /success thanks nobody.
  await page.goto('/success');
  await expect(page.getByRole('heading', { name: 'No payment to confirm' })).toBeVisible();
  await expect(page.getByText(NO_PAYMENT)).toBeVisible();
  await expect(page.getByText('Your payment was successful. Thank you!')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'See plans and pricing' })).toHaveAttribute('href', '/pricing');

  await page.goto('/manage-subscription');
  await expect(page.getByText('No active subscription found.')).toBeVisible();
  await expect(page.getByText('No payments yet.')).toBeVisible();

  await page.goto('/pricing');
  await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
  await expect(page).toHaveURL(/\/checkout\/[^/?]+$/);
  await payWithTestCard(page);

  await expect(page).toHaveURL(/\/success\?session_id=/);
  await expect(page.getByRole('heading', { name: 'Payment Success' })).toBeVisible();
  await expect(page.getByText('Your payment was successful. Thank you!')).toBeVisible();
  await expect(page.getByRole('link', { name: 'View your receipt' })).toBeVisible();

  const [payment] = (await json(await request.get('/api/v1/plans/payments', { headers: learner.headers })))
    .data;
  expect(payment).toMatchObject({ plan: 'Pro', status: 'paid', amountMinor: 200_000, currency: 'INR' });

  await page.goto('/manage-subscription');
  const history = page.getByRole('region', { name: 'Payment history' });
  const row = history.getByRole('row').nth(1);
  await expect(row.getByRole('cell').nth(0)).toHaveText(await longUsDate(page, payment.paidAt));
  await expect(row.getByRole('cell').nth(1)).toHaveText('Pro');
  await expect(row.getByRole('cell').nth(2)).toHaveText('₹2,000.00');
  await expect(row.getByRole('cell').nth(3)).toHaveText('Paid');
  await row.getByRole('link', { name: `View receipt ${payment.receiptNumber}` }).click();

  await expect(page).toHaveURL(new RegExp(`/manage-subscription/receipts/${payment._id}$`));
  const receipt = page.getByRole('article', { name: 'Receipt' });
  await expect(receipt.getByText(payment.receiptNumber).first()).toBeVisible();
  await expect(receipt.getByText('Meera Receipts')).toBeVisible();
  await expect(receipt.getByText(learner.email)).toBeVisible();
  await expect(receipt.getByText('Candlewise Pro, monthly plan')).toBeVisible();
  await expect(
    receipt.getByText(
      `Period: ${await longUsDate(page, payment.periodStart)} – ${await longUsDate(page, payment.periodEnd)}`,
    ),
  ).toBeVisible();
  await expect(receipt.getByText('Visa test card ending in 4242')).toBeVisible();
  await expect(receipt.getByText('Currency: INR (Indian Rupee)')).toBeVisible();
  await expect(receipt.getByRole('row', { name: /Total paid/ })).toContainText('₹2,000.00');
  await expect(page).toHaveTitle(`Receipt ${payment.receiptNumber} · Candlewise.app`);

  // Print opens the browser's dialog (counted here instead), and printing leaves the frame out.
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
  await page.getByRole('button', { name: 'Print' }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.getByRole('button', { name: /account menu/i })).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Footer' })).toBeHidden();
  await expect(receipt).toBeVisible();
  await page.emulateMedia({ media: 'screen' });

  // Someone else's receipt is not found, through the API and in the page.
  const other = await createLearner(request, {
    prefix: 'receipts-other',
    firstName: 'Nosy',
    lastName: 'Other',
  });
  const theirs = await request.get(`/api/v1/plans/payments/${payment._id}`, { headers: other.headers });
  expect(theirs.status()).toBe(404);
});

test('screenshots: payment history and receipt, light and dark, 1280 and 375 px, and printed', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const learner = await createLearner(request, {
    prefix: 'receipts-shots',
    firstName: 'Meera',
    lastName: 'Receipts',
  });
  const { sessionId } = (
    await json(await request.post('/api/v1/plans/checkout', { headers: learner.headers }))
  ).data;
  await json(
    await request.post(`/api/v1/plans/checkout/${sessionId}/pay`, {
      headers: learner.headers,
      data: { cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', name: 'Meera Receipts' },
    }),
  );
  const verified = await json(
    await request.post('/api/v1/plans/getsession', {
      headers: learner.headers,
      data: { userId: learner.user._id, sessionId },
    }),
  );
  const paymentId = verified.data.paymentId as string;

  await shootLooks(browser, learner, [
    {
      name: 'subscription-history',
      path: '/manage-subscription',
      ready: (page) => expect(page.getByRole('link', { name: /^View receipt CW-/ })).toBeVisible(),
    },
    {
      name: 'subscription-receipt',
      path: `/manage-subscription/receipts/${paymentId}`,
      ready: (page) => expect(page.getByRole('button', { name: 'Print' })).toBeVisible(),
    },
    {
      name: 'subscription-success-no-payment',
      path: '/success',
      ready: (page) => expect(page.getByText(NO_PAYMENT)).toBeVisible(),
    },
  ]);

  // Printed, from the dark theme too: black on white, no frame.
  for (const dark of [false, true]) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await plantSession(page, learner, dark);
    await page.goto(`/manage-subscription/receipts/${paymentId}`);
    await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
    await page.emulateMedia({ media: 'print' });
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({
      path: path.join(screenshotDir, `subscription-receipt-print-${dark ? 'dark' : 'light'}.png`),
      fullPage: true,
    });
    const pdf = await page.pdf({ format: 'A4', printBackground: true });
    expect(pdf.byteLength).toBeGreaterThan(1000);
    await context.close();
  }
});
