import { type Browser, expect, type Page, test } from '@playwright/test';
import { seriousViolations, settled } from '../support/axe.ts';
import { approveInAdmin, askToJoin, signUpInBrowser } from '../support/onboarding.ts';
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

    // Sign-up and onboarding, signed out in the chosen theme. axe reads each screen but /confirm-phno,
    // which the journey has never swept.
    const { context, page } = await openBrowser(browser, width, dark);
    await plantSession(page, { token: null, user: null }, dark);
    await page.goto('/');
    await check(page, 'start page');
    const { fullName } = await signUpInBrowser(page, request, me, {
      onScreen: async (screen) => {
        if (screen !== '/confirm-phno') await check(page, screen);
      },
    });

    // Asks to join the running competition.
    await navLink(page, 'Groups').click();
    await expect(page.getByRole('heading', { level: 1, name: 'GROUPS' })).toBeVisible();
    const card = await askToJoin(page, GROUP.name);
    await check(page, '/group with a request sent');

    // The admin approves it in a browser of their own, in the same view.
    const admin = await openBrowser(browser, width, dark);
    await plantSession(admin.page, await apiLogin(request, 'admin'), dark);
    await admin.page.goto('/admin?tab=groups');
    await approveInAdmin(admin.page, {
      group: GROUP.name,
      learner: fullName,
      onScreen: (screen) => check(admin.page, screen),
    });

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
