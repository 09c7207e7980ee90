import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { createLearner as createSpecLearner, json } from '../support/learners.ts';
import { approveInAdmin, askToJoin } from '../support/onboarding.ts';
import { screenshotDir } from '../support/screenshots.ts';
import { apiLogin, openSignedIn, type Session } from '../support/session.ts';

// The upcoming seeded competition: registration is open and no other spec joins it.
const GROUP = { id: 'group-upcoming', name: 'Nifty & Sensex Challenge' };
// A member of our own, so no other spec's use of the shared learner can change what we see.
const MEMBER = { firstName: 'Gita', lastName: 'Groups' };
const createLearner = (request: APIRequestContext, name = MEMBER) =>
  createSpecLearner(request, { prefix: 'groups', ...name });

test.describe.configure({ mode: 'serial' });

const groupCard = (page: Page, name: string) => page.getByRole('article', { name });

let member: Session;

test('a learner asks to join, an admin approves, and the learner sees Approved and the Leaderboard', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000); // two browsers and an onboarding through the API
  member = await createLearner(request);
  const learner = await openSignedIn(browser, member, '/group');
  const { page } = learner;
  await expect(page.getByRole('heading', { level: 1, name: 'GROUPS' })).toBeVisible();

  const card = groupCard(page, GROUP.name);
  await expect(card.getByText('0 total joined')).toBeVisible();
  await expect(card.getByRole('link', { name: 'Leaderboard' })).toHaveCount(0);
  await card.getByRole('button', { name: 'Join', exact: true }).click();

  const dialog = page.getByRole('dialog', { name: 'Join Group' });
  await expect(
    dialog.getByText(`Are you sure you want to join ${GROUP.name}? You'll be added as a participant.`),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Join Group' }).click();

  await expect(page.getByText('Request sent successfully')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Request Sent' })).toBeDisabled();
  await expect(card.getByRole('link', { name: 'Leaderboard' })).toHaveCount(0);

  // The admin, in a browser of their own.
  const admin = await openSignedIn(browser, await apiLogin(request, 'admin'), '/admin?tab=groups');
  await approveInAdmin(admin.page, { group: GROUP.name, learner: `${MEMBER.firstName} ${MEMBER.lastName}` });
  await admin.context.close();

  await page.reload();
  await expect(card.getByRole('button', { name: 'Approved' })).toBeDisabled();
  const leaderboard = card.getByRole('link', { name: 'Leaderboard' });
  await expect(leaderboard).toHaveAttribute('href', `/group/${GROUP.id}/leaderboard`);
  // Only the approved group offers its leaderboard; the others still offer Join.
  await expect(page.getByRole('link', { name: 'Leaderboard' })).toHaveCount(1);
  await expect(
    groupCard(page, 'November Forex Sprint').getByRole('button', { name: 'Join', exact: true }),
  ).toBeEnabled();
  await leaderboard.click();
  await expect(page).toHaveURL(new RegExp(`/group/${GROUP.id}/leaderboard$`));
  await learner.context.close();
});

test('the Info dialog shows the dates, the markdown description and the freeze rule', async ({ browser }) => {
  const { context, page } = await openSignedIn(browser, member, '/group');
  await groupCard(page, 'November Forex Sprint').getByRole('button', { name: 'Info' }).click();
  const dialog = page.getByRole('dialog', { name: 'November Forex Sprint' });
  for (const label of ['Start Date', 'Start Time', 'End Date', 'End Time']) {
    await expect(dialog.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(dialog.getByText('Freeze Duration').locator('xpath=following-sibling::dd')).toHaveText(
    '1h 30m',
  );
  await expect(dialog.getByText('Freeze Threshold').locator('xpath=following-sibling::dd')).toHaveText('5%');
  await expect(dialog.locator('strong', { hasText: 'paper trading' })).toBeVisible();
  await expect(dialog.getByRole('listitem')).toHaveCount(3);
  await context.close();
});

test('screenshots: /group with the Info dialog and the admin panel, light and dark, 1280 and 375 px', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const adminSession = await apiLogin(request, 'admin');
  // A second learner with a pending request, so the admin shots show Approve and Reject.
  const waiting = await createLearner(request, { firstName: 'Pavan', lastName: 'Pending' });
  await json(
    await request.post('/api/v1/group/group-running/participants', {
      headers: { Authorization: `Bearer ${waiting.token}` },
      data: { userId: waiting.user._id },
    }),
  );
  for (const dark of [false, true]) {
    for (const width of [1280, 375]) {
      const suffix = `${dark ? 'dark' : 'light'}-${width}`;

      const learner = await openSignedIn(browser, member, '/group', { width, dark });
      await expect(
        groupCard(learner.page, GROUP.name).getByRole('button', { name: 'Approved' }),
      ).toBeVisible();
      // Not 'networkidle': the bell's live stream keeps a connection open.
      await learner.page.evaluate(() => document.fonts.ready);
      await learner.page.screenshot({
        path: path.join(screenshotDir, `groups-${suffix}.png`),
        fullPage: true,
      });
      await groupCard(learner.page, 'November Forex Sprint').getByRole('button', { name: 'Info' }).click();
      await expect(learner.page.getByRole('dialog', { name: 'November Forex Sprint' })).toBeVisible();
      await learner.page.screenshot({ path: path.join(screenshotDir, `groups-info-${suffix}.png`) });
      await learner.context.close();

      const admin = await openSignedIn(browser, adminSession, '/admin?tab=groups', { width, dark });
      const panel = admin.page.getByRole('region', { name: 'Competitions and approvals' });
      for (const name of [GROUP.name, 'November Forex Sprint']) {
        await panel
          .getByRole('row')
          .filter({ hasText: name })
          .getByRole('button', { name: 'Requests' })
          .click();
      }
      await expect(panel.getByText(`${MEMBER.firstName} ${MEMBER.lastName}`)).toBeVisible();
      await expect(panel.getByRole('button', { name: 'Approve' })).toBeVisible();
      await expect(panel.locator('.ant-spin-spinning')).toHaveCount(0);
      await admin.page.screenshot({
        path: path.join(screenshotDir, `admin-groups-${suffix}.png`),
        fullPage: true,
      });
      await panel
        .getByRole('row')
        .filter({ hasText: 'November Forex Sprint' })
        .getByRole('button', { name: 'Edit' })
        .click();
      await expect(admin.page.getByRole('dialog', { name: /Edit/ })).toBeVisible();
      await admin.page.screenshot({ path: path.join(screenshotDir, `admin-groups-form-${suffix}.png`) });
      await admin.context.close();
    }
  }
});

test('an approved member trades from the leaderboard page and appears on it with Trades 1', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const running = { id: 'group-running', name: 'November Forex Sprint' };
  const learner = await openSignedIn(browser, member, '/group');
  const { page } = learner;
  const card = await askToJoin(page, running.name);

  // The admin approves from /admin (the first journey drives the same panel).
  const adminSession = await apiLogin(request, 'admin');
  const admin = await openSignedIn(browser, adminSession, '/admin?tab=groups');
  await approveInAdmin(admin.page, {
    group: running.name,
    learner: `${MEMBER.firstName} ${MEMBER.lastName}`,
  });
  await admin.context.close();

  await page.reload();
  await expect(card.getByRole('button', { name: 'Approved' })).toBeDisabled();
  await card.getByRole('link', { name: 'Leaderboard' }).click();
  await expect(page).toHaveURL(new RegExp(`/group/${running.id}/leaderboard$`));
  await expect(page.getByRole('heading', { level: 1, name: `${running.name} · Leaderboard` })).toBeVisible();

  const board = page.locator('.cw-trading__leaderboard');
  const myRow = board.getByRole('row').filter({ hasText: `${MEMBER.firstName} ${MEMBER.lastName}` });
  // Columns: Rank, Name, PnL %, Balance, Equity, Trades, Freezes.
  await expect(myRow.getByRole('cell').nth(5)).toHaveText('0');
  for (const header of ['Rank', 'Name', 'PnL %', 'Balance', 'Equity', 'Trades', 'Freezes']) {
    await expect(board.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  }

  const ticket = page.getByRole('form', { name: 'Order ticket' });
  await expect(ticket.getByText(/^Bid/)).toBeVisible();
  await ticket.getByLabel('Quantity').fill('2');
  const submit = ticket.getByRole('button', { name: /^Buy / });
  const symbol = (await submit.textContent())?.replace('Buy ', '').trim() ?? '';
  await submit.click();
  await expect(page.getByText('Order filled.')).toBeVisible();

  await expect(myRow.getByRole('cell').nth(5)).toHaveText('1');
  await expect(myRow.getByRole('cell').nth(6)).toHaveText('0');
  const positions = page
    .getByRole('tabpanel')
    .filter({ has: page.getByRole('columnheader', { name: 'Avg price' }) });
  await expect(positions.getByRole('row').filter({ hasText: symbol })).toContainText('Long');
  await learner.context.close();

  // /home's card shows the competition with a rank and the way back in.
  const home = await openSignedIn(browser, member, '/home');
  const competitions = home.page.locator('.cw-my-competitions');
  await expect(competitions.getByRole('heading', { name: 'My competitions and rank' })).toBeVisible();
  await expect(competitions.getByRole('listitem').filter({ hasText: running.name })).toContainText(
    /Rank #\d+ of \d+/,
  );
  await expect(
    // Named by its visible word, then the competition (WCAG 2.5.3).
    competitions.getByRole('link', { name: `Trade in ${running.name}` }),
  ).toBeVisible();
  await home.context.close();

  for (const dark of [false, true]) {
    for (const width of [1280, 375]) {
      const suffix = `${dark ? 'dark' : 'light'}-${width}`;
      const shot = await openSignedIn(browser, member, `/group/${running.id}/leaderboard`, { width, dark });
      await expect(
        shot.page.locator('.cw-trading__leaderboard').getByRole('row').filter({ hasText: MEMBER.firstName }),
      ).toBeVisible();
      // The chart is drawn once its box is on screen (below the desk's figures on a phone).
      await shot.page.locator('.cw-trading__chart').scrollIntoViewIfNeeded();
      await expect(shot.page.locator('.cw-trading__chart canvas').first()).toBeVisible();
      // Back to the top: the sticky header and bottom bar are captured where the window is.
      await shot.page.evaluate(() => window.scrollTo(0, 0));
      await shot.page.evaluate(() => document.fonts.ready);
      await shot.page.screenshot({
        path: path.join(screenshotDir, `leaderboard-${suffix}.png`),
        fullPage: true,
      });
      await shot.context.close();

      const homeShot = await openSignedIn(browser, member, '/home', { width, dark });
      await expect(
        homeShot.page.locator('.cw-my-competitions').getByText(running.name, { exact: true }),
      ).toBeVisible();
      await homeShot.page.evaluate(() => document.fonts.ready);
      await homeShot.page.screenshot({
        path: path.join(screenshotDir, `home-competitions-${suffix}.png`),
        fullPage: true,
      });
      await homeShot.context.close();

      const monitor = await openSignedIn(browser, adminSession, '/admin?tab=live', { width, dark });
      await expect(
        monitor.page.getByRole('region', { name: 'Live competitions' }).getByText(running.name),
      ).toBeVisible();
      // Other specs run competitions too (a replay, a challenge): any card's figures will do.
      await expect(
        monitor.page.getByRole('region', { name: 'Live competitions' }).getByText('Members').first(),
      ).toBeVisible();
      await monitor.page.screenshot({
        path: path.join(screenshotDir, `admin-live-${suffix}.png`),
        fullPage: true,
      });
      await monitor.context.close();
    }
  }
});
