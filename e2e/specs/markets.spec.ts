import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { createLearner, json } from '../support/learners.ts';
import { screenshotDir } from '../support/screenshots.ts';
import { apiLogin, openSignedIn } from '../support/session.ts';

/** antd's select: the visible option is a div; the listbox's `option`s are for screen readers. */
async function chooseHours(page: Page, dialog: Locator, label: string) {
  await dialog.getByLabel('Market hours').click();
  await page.locator('.ant-select-item-option').filter({ hasText: label }).click();
  await expect(dialog.getByTitle(label)).toBeVisible();
}

test('an admin sees where each instrument’s prices come from, and sets market hours', async ({
  browser,
  request,
}) => {
  const admin = await apiLogin(request, 'admin');
  const { context, page } = await openSignedIn(browser, admin, '/admin?tab=markets');
  const panel = page.getByRole('region', { name: 'Markets' });
  await expect(panel.getByRole('heading', { name: 'Markets' })).toBeVisible();
  const row = panel.getByRole('row').filter({ hasText: 'TCS' });
  await expect(row).toContainText('Simulated');
  await row.getByRole('button', { name: 'Edit TCS' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit TCS' });
  await chooseHours(page, dialog, 'NSE (09:15–15:30 India)');
  await dialog.getByRole('button', { name: 'Save instrument' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('NSE');
  // Back to the practice default, so no other spec meets a closed market.
  await row.getByRole('button', { name: 'Edit TCS' }).click();
  await chooseHours(page, dialog, 'Always open (practice)');
  await dialog.getByRole('button', { name: 'Save instrument' }).click();
  await expect(dialog).toBeHidden();
  await context.close();
});

test('screenshots: Admin → Markets, light and dark, 1280 and 375 px', async ({ browser, request }) => {
  const admin = await apiLogin(request, 'admin');
  for (const width of [1280, 375]) {
    for (const dark of [false, true]) {
      const { context, page } = await openSignedIn(browser, admin, '/admin?tab=markets', { width, dark });
      await expect(page.getByRole('row').filter({ hasText: 'NIFTY50' })).toBeVisible();
      await page.screenshot({
        path: path.join(screenshotDir, `admin-markets-${dark ? 'dark' : 'light'}-${width}.png`),
        fullPage: true,
      });
      await context.close();
    }
  }
});

test('a learner trades a replayed day: the sample BTCUSD session at 60×', async ({ browser, request }) => {
  const admin = await apiLogin(request, 'admin');
  const asAdmin = { headers: { Authorization: `Bearer ${admin.token}` } };
  const cup = (
    await json(
      await request.post('/api/v1/admin/groups', {
        ...asAdmin,
        data: {
          name: 'Replay: the day SVB failed',
          startDate: new Date(Date.now() - 60_000).toISOString(),
          endDate: new Date(Date.now() + 86_400_000).toISOString(),
          freezeDuration: 0,
          freezeThreshold: 10,
          currency: 'USD',
          instruments: ['BTCUSD'],
          marketMode: 'replay',
          replayFrom: '2023-03-10T14:00:00.000Z',
          replaySpeed: 60,
        },
      }),
    )
  ).data;
  const learner = await createLearner(request, { prefix: 'replay', firstName: 'Rhea', lastName: 'Replay' });
  await json(
    await request.post(`/api/v1/group/${cup._id}/participants`, {
      headers: learner.headers,
      data: { userId: learner.user._id },
    }),
  );
  const [pending] = (await json(await request.get(`/api/v1/admin/groups/${cup._id}/participants`, asAdmin)))
    .data;
  await json(
    await request.post(`/api/v1/admin/groups/${cup._id}/participants/${pending._id}/approve`, asAdmin),
  );

  for (const [width, dark] of [
    [1280, false],
    [375, true],
  ] as const) {
    const { context, page } = await openSignedIn(browser, learner, `/group/${cup._id}/leaderboard`, {
      width,
      dark,
    });
    await expect(page.getByText('Replay · 60×')).toBeVisible();
    // Prices of 2023, not of today's simulated market (about 92,000).
    // The ticket and, on a phone, the sticky Buy/Sell bar both show the bid: whichever is on screen.
    await expect(
      page
        .getByText(/^Bid\s*(19|20),\d{3}/)
        .filter({ visible: true })
        .first(),
    ).toBeVisible({
      timeout: 15_000,
    });
    if (width === 1280) {
      await page.getByRole('button', { name: /^Buy BTCUSD$/ }).click();
      await expect(page.getByText('Order filled.')).toBeVisible();
    }
    await page.screenshot({
      path: path.join(screenshotDir, `replay-leaderboard-${dark ? 'dark' : 'light'}-${width}.png`),
      fullPage: true,
    });
    await context.close();
  }
});
