import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { seriousViolations, settled } from '../support/axe.ts';
import { json } from '../support/learners.ts';
import { apiLogin, plantSession } from '../support/session.ts';

/**
 * Issue #17, "done when": one new learner's whole way through the product, in the browser only,
 * from sign-up to a filled order, a journal entry, a Pro payment with its receipt and a broker
 * connection; and an admin's from the join approval to a broadcast that lands on the learner's bell.
 * axe reads every screen on the way (zero serious or critical). Once wide and light, once narrow and
 * dark: the full sweep of every screen in all four views is accessibility.spec.ts.
 */

const GROUP = { id: 'group-running', name: 'November Forex Sprint' };
const VIEWS = [
  { width: 1280, dark: false, lastName: 'Widelight' },
  { width: 375, dark: true, lastName: 'Narrowdark' },
] as const;

/** The newest 6-digit code the development outbox holds for an address or number. */
async function codeSentTo(request: APIRequestContext, to: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const outbox = await json(await request.get(`/api/v1/dev/outbox?to=${encodeURIComponent(to)}&limit=1`));
      code = String(outbox.data[0]?.text ?? '').match(/\b(\d{6})\b/)?.[1];
      return code;
    })
    .toBeTruthy();
  return code!;
}

/** A browser of one's own in the view under test. */
async function openBrowser(browser: Browser, width: number, dark: boolean) {
  const context = await browser.newContext({
    viewport: { width, height: width === 375 ? 812 : 900 },
    colorScheme: dark ? 'dark' : 'light',
  });
  return { context, page: await context.newPage() };
}

/** The one visible link of that name: the sidebar at 1280 px, the bottom bar at 375 px. */
const navLink = (page: Page, name: string) =>
  page.getByRole('link', { name, exact: true }).filter({ visible: true }).first();

for (const { width, dark, lastName } of VIEWS) {
  const view = `${width} px, ${dark ? 'dark' : 'light'}`;

  test(`a learner from sign-up to a filled order, a journal entry, Pro with a receipt and a broker; an admin from approval to a broadcast (${view})`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(420_000);
    const found: string[] = [];
    const check = async (page: Page, where: string) => {
      await settled(page);
      found.push(...(await seriousViolations(page, `${where} (${view})`)));
    };
    const unique = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    const me = {
      email: `journey-${unique}@e2e.test`,
      password: 'journey-password-1',
      phoneNumber: `+9196${unique.slice(-8)}`,
      firstName: 'Jo',
      lastName,
    };
    const fullName = `${me.firstName} ${me.lastName}`;

    // Sign-up and onboarding, signed out in the chosen theme.
    const { context, page } = await openBrowser(browser, width, dark);
    await plantSession(page, { token: null, user: null }, dark);
    await page.goto('/');
    await check(page, 'start page');
    await page.goto('/signup');
    await check(page, '/signup');
    await page.getByLabel('E-mail', { exact: true }).fill(me.email);
    await page.getByLabel('Password', { exact: true }).fill(me.password);
    await page.getByRole('button', { name: 'Create account' }).click();

    await expect(page).toHaveURL(/\/confirm-email$/);
    await check(page, '/confirm-email');
    await page.getByLabel('6-digit code', { exact: true }).fill(await codeSentTo(request, me.email));
    await page.getByRole('button', { name: 'Confirm' }).click();

    await expect(page).toHaveURL(/\/add-phno$/);
    await check(page, '/add-phno');
    await page.getByLabel('Phone number', { exact: true }).fill(me.phoneNumber);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page).toHaveURL(/\/confirm-phno$/);
    await page.getByLabel('6-digit code', { exact: true }).fill(await codeSentTo(request, me.phoneNumber));
    await page.getByRole('button', { name: 'Confirm' }).click();

    await expect(page).toHaveURL(/\/user-details$/);
    await check(page, '/user-details');
    await page.getByLabel('First name', { exact: true }).fill(me.firstName);
    await page.getByLabel('Last name', { exact: true }).fill(me.lastName);
    await page.getByRole('radio', { name: /Beginner/ }).check();
    await page.getByRole('checkbox', { name: 'Technical analysis' }).check();
    await page.getByRole('button', { name: 'Finish and start learning' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { name: new RegExp(`, ${me.firstName}`) })).toBeVisible();
    await check(page, '/home');

    // Asks to join the running competition.
    await navLink(page, 'Groups').click();
    await expect(page.getByRole('heading', { level: 1, name: 'GROUPS' })).toBeVisible();
    const card = page.getByRole('article', { name: GROUP.name });
    await card.getByRole('button', { name: 'Join', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Join Group' })
      .getByRole('button', { name: 'Join Group' })
      .click();
    await expect(page.getByText('Request sent successfully')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Request Sent' })).toBeDisabled();
    await check(page, '/group with a request sent');

    // The admin approves it in a browser of their own, in the same view.
    const admin = await openBrowser(browser, width, dark);
    await plantSession(admin.page, await apiLogin(request, 'admin'), dark);
    await admin.page.goto('/admin?tab=groups');
    const panel = admin.page.getByRole('region', { name: 'Competitions and approvals' });
    await expect(panel.getByText(/\d+ join requests? waiting/)).toBeVisible();
    await check(admin.page, '/admin groups with requests waiting');
    await panel
      .getByRole('row')
      .filter({ hasText: GROUP.name })
      .getByRole('button', { name: 'Requests' })
      .click();
    const requestRow = panel
      .locator('.cw-admin-groups__participants')
      .getByRole('row')
      .filter({ hasText: fullName })
      .filter({ hasText: 'Pending' });
    await requestRow.getByRole('button', { name: 'Approve' }).click();
    await expect(
      panel.locator('.cw-admin-groups__participants').getByRole('row').filter({ hasText: fullName }),
    ).toContainText('Approved');
    await check(admin.page, '/admin join request approved');

    // The learner trades: the desk of the competition, one filled order.
    await page.reload();
    await card.getByRole('link', { name: 'Leaderboard' }).click();
    await expect(page).toHaveURL(new RegExp(`/group/${GROUP.id}/leaderboard$`));
    const ticket = page.getByRole('form', { name: 'Order ticket' });
    await expect(ticket.locator('.cw-trading__quote strong').first()).not.toHaveText('—');
    await check(page, 'the desk');
    await ticket.getByLabel('Quantity', { exact: true }).fill('0.5');
    await expect(ticket.getByLabel('Order size')).toContainText('0.5 lots = 500 EUR');
    await ticket.getByRole('button', { name: 'Buy EURUSD' }).click();
    await expect(page.getByText('Order filled.').first()).toBeVisible();
    await expect(
      page.locator('.cw-trading__book').getByRole('row').filter({ hasText: 'EURUSD' }),
    ).toContainText('Long');
    await check(page, 'the desk with a filled order');

    // Today's journal entry.
    await navLink(page, 'Journal').click();
    await expect(page).toHaveURL(/\/journal/);
    await page.getByRole('button', { name: /Write today[’']s entry/ }).click();
    const today = await page.evaluate(() =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date()),
    );
    const entry = page.getByRole('form', { name: `Entry for ${today}` });
    await entry
      .getByLabel('What was my plan for today?')
      .fill('Buy EURUSD on the first pullback, half size.');
    await entry.getByLabel('Notes').fill('Filled at the ask; stop not set yet.');
    await entry.getByRole('button', { name: 'Save entry' }).click();
    await expect(page.getByText('Your entry is saved.')).toBeVisible();
    await check(page, '/journal with an entry');

    // Pro: the plans, the local checkout, the receipt.
    await page.getByRole('button', { name: /account menu/i }).click();
    await page.getByRole('menuitem', { name: 'Manage Subscription' }).click();
    await expect(page.getByText('No active subscription found.')).toBeVisible();
    await check(page, '/manage-subscription before paying');
    await page.goto('/pricing');
    await check(page, '/pricing');
    await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
    await expect(page).toHaveURL(/\/checkout\/[^/?]+$/);
    await check(page, '/checkout');
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('12/30');
    await page.getByLabel('CVC').fill('123');
    await page.getByLabel('Name on card').fill(fullName);
    await page.getByRole('button', { name: 'Pay ₹2,000' }).click();
    await expect(page).toHaveURL(/\/success\?session_id=/);
    await expect(page.getByText('Your payment was successful. Thank you!')).toBeVisible();
    await check(page, '/success');
    await page.getByRole('link', { name: 'View your receipt' }).click();
    const receipt = page.getByRole('article', { name: 'Receipt' });
    await expect(receipt.getByText(fullName)).toBeVisible();
    await expect(receipt.getByRole('row', { name: /Total paid/ })).toContainText('₹2,000.00');
    await check(page, 'the receipt');

    // A broker, from the account menu: Pro now, so it connects.
    await page.getByRole('button', { name: /account menu/i }).click();
    await page.getByRole('menuitem', { name: 'Connect broker' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Connect Broker' })).toBeVisible();
    await expect(page.getByText('Broker sync is part of Pro')).toHaveCount(0);
    await check(page, '/connectbroker');
    await page.getByText('Candlewise paper', { exact: true }).click();
    await page.getByRole('button', { name: 'Connect Candlewise paper' }).click();
    const broker = page.getByRole('article', { name: 'Candlewise paper' });
    await expect(broker.getByText('1 competition account')).toBeVisible();
    await check(page, '/connectbroker connected');

    // The admin's broadcast to this learner reaches the bell without a reload.
    const title = `Welcome to the Sprint, ${me.firstName} ${unique}`;
    await admin.page.goto('/admin?tab=broadcast');
    const form = admin.page.getByRole('region', { name: 'Send a notification' });
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Message').fill('Your request is approved: the desk is open.');
    await form.getByRole('radio', { name: 'One user' }).check();
    const picker = form.getByRole('combobox', { name: 'User' });
    await picker.click();
    await picker.pressSequentially(me.email);
    await expect(
      admin.page.getByRole('option', { name: new RegExp(me.email.replace(/\./g, '\\.')) }),
    ).toBeAttached();
    await admin.page.keyboard.press('Enter');
    await expect(form.getByTitle(`${fullName} (${me.email})`)).toBeVisible();
    await check(admin.page, '/admin broadcast to one user');
    await form.getByRole('button', { name: 'Send notification' }).click();
    await expect(admin.page.getByText('Notification sent')).toBeVisible();
    await admin.context.close();

    const bell = page
      .getByRole('button', { name: /^Notifications/ })
      .filter({ visible: true })
      .first();
    // The approval and the payment may have notified them too: the toast names this one.
    await expect(page.locator('.Toastify').getByText(title)).toBeVisible({ timeout: 20_000 });
    await expect(bell).toHaveAccessibleName(/^Notifications, \d+ unread$/);
    await bell.click();
    const drawer = page.getByRole('dialog', { name: 'Notifications' });
    await expect(drawer.getByText(title)).toBeVisible();
    await check(page, 'the notifications drawer');
    await context.close();

    expect(found).toEqual([]);
  });
}
