import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { screenshotDir } from '../support/screenshots.ts';
import { apiLogin, plantSession, type Session } from '../support/session.ts';

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications(, \d+ unread)?$/ });

/** Resolves once the page's live notification stream has answered 200 (the server has subscribed it). */
const streamOpened = (page: Page) =>
  page.waitForResponse((response) => response.url().endsWith('/api/v1/notification/stream') && response.ok());

async function broadcast(request: APIRequestContext, admin: Session, body: Record<string, unknown>) {
  const response = await request.post('/api/v1/admin/notifications', {
    headers: { Authorization: `Bearer ${admin.token}` },
    data: { userId: null, ...body },
  });
  expect(response.status()).toBe(201);
}

/** Everything up to now counts as read for this user, so each test starts from a known count. */
async function markAllViewed(request: APIRequestContext, session: Session) {
  const response = await request.put('/api/v1/user/update/user-details', {
    headers: { Authorization: `Bearer ${session.token}` },
    data: { userId: session.user._id, lastNotificationViewedAt: new Date().toISOString() },
  });
  expect(response.ok()).toBe(true);
}

test('an admin broadcast reaches the learner’s bell live, and closing the drawer moves it to Read', async ({
  page,
  browser,
  request,
}) => {
  const learner = await apiLogin(request, 'learner');
  const admin = await apiLogin(request, 'admin');
  await markAllViewed(request, learner);

  const listRequests: URL[] = [];
  page.on('request', (sent) => {
    const url = new URL(sent.url());
    if (url.pathname === '/api/v1/notification/all') listRequests.push(url);
  });
  const readListRequests = () => listRequests.filter((url) => url.searchParams.get('read') === 'true');

  await plantSession(page, learner);
  const opened = streamOpened(page);
  await page.goto('/home');
  await expect(page.getByRole('heading', { name: /Welcome back, Lena/ })).toBeVisible();
  await opened;
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  // A property of this document: it survives only if the page is never reloaded.
  await page.evaluate(() => Object.assign(window, { cwSamePage: true }));

  // The admin sends it through the admin page, in their own browser.
  const title = `Markets closed on Friday ${Date.now()}`;
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await plantSession(adminPage, admin);
  await adminPage.goto('/admin?tab=broadcast');
  const form = adminPage.getByRole('region', { name: 'Send a notification' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Message').fill('NSE is closed for the holiday; competitions pause until Monday.');
  await form.getByLabel(/^Link/).fill('/course');
  await expect(form.getByRole('radio', { name: 'Everyone' })).toBeChecked();
  await form.getByRole('button', { name: 'Send notification' }).click();
  // A broadcast to everyone goes only once the admin confirms it.
  await adminPage
    .getByRole('dialog', { name: 'Send to everyone?' })
    .getByRole('button', { name: 'Send to everyone' })
    .click();
  await expect(adminPage.getByText('Notification sent')).toBeVisible();
  await expect(form.getByLabel('Title')).toHaveValue('');
  await adminContext.close();

  // The learner's bell rises without a reload, and a toast names it.
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
  await expect(page.locator('.cw-bell__count')).toHaveAttribute('title', '1');
  await expect(page.locator('.Toastify').getByText(title)).toBeVisible();
  expect(await page.evaluate(() => (window as { cwSamePage?: boolean }).cwSamePage)).toBe(true);

  // The drawer shows it under Unread.
  await bell(page).click();
  const drawer = page.getByRole('dialog', { name: 'Notifications' });
  await expect(drawer.getByRole('radio', { name: 'Unread' })).toBeChecked();
  await expect(drawer.getByRole('link', { name: title })).toBeVisible();
  await expect(
    drawer.getByText('NSE is closed for the holiday; competitions pause until Monday.'),
  ).toBeVisible();
  await expect(drawer.getByText('just now')).toBeVisible();
  expect(readListRequests()).toHaveLength(0);

  // Closing marks it viewed: the badge clears.
  const viewed = page.waitForResponse(
    (response) => response.url().endsWith('/api/v1/user/update/user-details') && response.ok(),
  );
  await drawer.getByRole('button', { name: 'Close' }).click();
  await viewed;
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await expect(page.locator('.cw-bell__count')).toHaveCount(0);

  // Opened again: nothing unread; the read list is fetched only now that Read is chosen, and has it.
  await bell(page).click();
  await expect(drawer.getByText('No notifications found')).toBeVisible();
  expect(readListRequests()).toHaveLength(0);
  await drawer.getByText('Read', { exact: true }).click();
  await expect(drawer.getByRole('link', { name: title })).toBeVisible();
  expect(readListRequests().length).toBeGreaterThan(0);
  expect(readListRequests()[0].searchParams.get('userId')).toBe(learner.user._id);

  // Its link opens the page and closes the drawer.
  await drawer.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(/\/course$/);
  await expect(drawer).toBeHidden();
});

test('an admin sends to one user picked by keyboard from a search; that user’s bell rises', async ({
  page,
  request,
}) => {
  const learner = await apiLogin(request, 'learner');
  const admin = await apiLogin(request, 'admin');
  const unreadCount = async () => {
    const response = await request.get('/api/v1/notification/unread-count', {
      headers: { Authorization: `Bearer ${learner.token}` },
    });
    return (await response.json()).data.unreadCount as number;
  };
  const before = await unreadCount();

  await plantSession(page, admin);
  await page.goto('/admin?tab=broadcast');
  const form = page.getByRole('region', { name: 'Send a notification' });
  const title = `Your entry was approved ${Date.now()}`;
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Message').fill('See you on the leaderboard.');
  await form.getByRole('radio', { name: 'One user' }).check();
  const picker = form.getByRole('combobox', { name: 'User' });
  await picker.click();
  const searched = page.waitForResponse(
    (response) => response.url().includes('/api/v1/admin/users?') && response.url().includes('search=lena'),
  );
  await picker.pressSequentially('lena');
  await searched;
  // A person presses Enter on the highlighted option: wait until the search's answer is the list
  // shown and Lena is the one highlighted (an earlier keystroke's list can still be on screen).
  await expect(page.locator('.ant-select-item-option-active')).toHaveText('Lena Learner (learner@e2e.test)');
  await page.keyboard.press('Enter');
  await expect(form.getByTitle('Lena Learner (learner@e2e.test)')).toBeVisible();
  await form.getByRole('button', { name: 'Send notification' }).click();
  await expect(page.getByText('Notification sent')).toBeVisible();

  await expect.poll(unreadCount).toBe(before + 1);
  // The admin's own bell does not get it: it went to one user.
  await expect(page.locator('.Toastify').getByText(title)).toHaveCount(0);
});

test('screenshots: the open drawer and the admin broadcast panel, light and dark, 1280 and 375 px', async ({
  browser,
  request,
}) => {
  const learner = await apiLogin(request, 'learner');
  const admin = await apiLogin(request, 'admin');
  await markAllViewed(request, learner);
  await broadcast(request, admin, {
    title: 'Nifty Sprint starts Monday',
    message: 'Your paper account opens at 09:15 with ₹10,00,000. Read the risk rule before you trade.',
    link: '/group',
  });
  await broadcast(request, admin, {
    title: 'New course: Options Trading Basics',
    message: 'Calls, puts and the greeks in twelve short lessons.',
    link: '/course',
  });

  for (const dark of [false, true]) {
    for (const width of [1280, 375]) {
      const theme = dark ? 'dark' : 'light';
      const viewport = { width, height: width === 375 ? 812 : 800 };

      const learnerContext = await browser.newContext({ viewport });
      const learnerPage = await learnerContext.newPage();
      await plantSession(learnerPage, learner, dark);
      await learnerPage.goto('/home');
      await expect(bell(learnerPage)).toHaveAccessibleName('Notifications, 2 unread');
      await bell(learnerPage).click();
      const drawer = learnerPage.getByRole('dialog', { name: 'Notifications' });
      await expect(drawer.getByText('Nifty Sprint starts Monday')).toBeVisible();
      await learnerPage.screenshot({
        path: path.join(screenshotDir, `notifications-drawer-${theme}-${width}.png`),
      });
      await learnerContext.close();

      const adminContext = await browser.newContext({ viewport });
      const adminPage = await adminContext.newPage();
      await plantSession(adminPage, admin, dark);
      await adminPage.goto('/admin?tab=broadcast');
      const form = adminPage.getByRole('region', { name: 'Send a notification' });
      await form.getByLabel('Title').fill('Markets closed on Friday');
      await form.getByLabel(/^Link/).fill('https://example.com');
      await form.getByRole('radio', { name: 'One user' }).click();
      await form.getByRole('button', { name: 'Send notification' }).click();
      await expect(form.getByText('Add a message.')).toBeVisible();
      await expect(form.getByText('Use a path inside Candlewise, such as /course.')).toBeVisible();
      await expect(form.getByText('Choose who should get it.')).toBeVisible();
      // A full-page shot of a scrolled page paints the sticky header (and the bottom bar) mid-page.
      await adminPage.evaluate(() => window.scrollTo(0, 0));
      await adminPage.screenshot({
        path: path.join(screenshotDir, `admin-broadcast-${theme}-${width}.png`),
        fullPage: true,
      });
      await adminContext.close();
    }
  }
});
