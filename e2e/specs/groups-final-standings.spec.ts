import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { createLearner, json, type NewLearner } from '../support/learners.ts';
import { screenshotDir } from '../support/screenshots.ts';
import { apiLogin, type OpenOptions, openSignedIn } from '../support/session.ts';

// Competitions of this spec's own, so no other spec sees its requests: one the admin ends once its
// members are in, and an upcoming one where the newcomer's request waits.
const CUP = 'Autumn Crypto Derby';
const UPCOMING = { id: '', name: 'Winter Index Open' };

test.describe.configure({ mode: 'serial' });

const groupCard = (page: Page, name: string) => page.getByRole('article', { name });
const shots = [
  { width: 1280, dark: false },
  { width: 375, dark: false },
  { width: 1280, dark: true },
  { width: 375, dark: true },
];
const suffixOf = ({ width, dark }: OpenOptions) => `${dark ? 'dark' : 'light'}-${width}`;

let cupId = '';
let newcomer: NewLearner;

async function joinAs(request: APIRequestContext, learner: NewLearner, groupId: string) {
  return (
    await json(
      await request.post(`/api/v1/group/${groupId}/participants`, {
        headers: learner.headers,
        data: { userId: learner.user._id },
      }),
    )
  ).data;
}

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  const admin = await apiLogin(request, 'admin');
  const asAdmin = { headers: { Authorization: `Bearer ${admin.token}` } };
  const fields = {
    name: CUP,
    description: 'Three days of **BTC** and **ETH**. The standings are final once it ends.',
    startDate: new Date(Date.now() - 3 * 86_400_000).toISOString(),
    endDate: new Date(Date.now() + 86_400_000).toISOString(),
    freezeDuration: 600_000,
    freezeThreshold: 10,
    instruments: ['BTCUSD', 'ETHUSD'],
  };
  const cup = (await json(await request.post('/api/v1/admin/groups', { ...asAdmin, data: fields }))).data;
  cupId = cup._id;

  // Two finishers: approved, one of them trades, then the admin ends the competition.
  const finishers = [
    await createLearner(request, { prefix: 'final', firstName: 'Farah', lastName: 'Finisher' }),
    await createLearner(request, { prefix: 'final', firstName: 'Tomas', lastName: 'Trader' }),
  ];
  for (const finisher of finishers) {
    const asked = await joinAs(request, finisher, cupId);
    await json(
      await request.post(`/api/v1/admin/groups/${cupId}/participants/${asked._id}/approve`, asAdmin),
    );
  }
  await json(
    await request.post(`/api/v1/group/${cupId}/orders`, {
      headers: finishers[1].headers,
      data: { symbol: 'BTCUSD', side: 'buy', quantity: 0.01 },
    }),
  );
  await json(
    await request.put(`/api/v1/admin/groups/${cupId}`, {
      ...asAdmin,
      data: { ...fields, endDate: new Date(Date.now() - 60_000).toISOString() },
    }),
  );

  const upcoming = (
    await json(
      await request.post('/api/v1/admin/groups', {
        ...asAdmin,
        data: {
          ...fields,
          name: UPCOMING.name,
          description: 'A week of **NIFTY 50** and **SENSEX**.',
          startDate: new Date(Date.now() + 5 * 86_400_000).toISOString(),
          endDate: new Date(Date.now() + 12 * 86_400_000).toISOString(),
          instruments: ['NIFTY50', 'SENSEX'],
        },
      }),
    )
  ).data;
  UPCOMING.id = upcoming._id;

  // The newcomer is in no competition: one pending request in the upcoming one.
  newcomer = await createLearner(request, { prefix: 'final', firstName: 'Nila', lastName: 'Newcomer' });
  await joinAs(request, newcomer, UPCOMING.id);
});

test('an ended competition disables Join and says why, and links everyone to its final standings', async ({
  browser,
}) => {
  const { context, page } = await openSignedIn(browser, newcomer, '/group');
  const cup = groupCard(page, CUP);
  await expect(cup.getByText('Ended', { exact: true })).toBeVisible();
  const join = cup.getByRole('button', { name: 'Join', exact: true });
  await expect(join).toBeDisabled();
  await expect(join).toHaveAccessibleDescription('This competition has ended; you can no longer join it.');
  await expect(cup.getByText('This competition has ended; you can no longer join it.')).toBeVisible();
  await expect(cup.getByRole('link', { name: 'Leaderboard' })).toHaveCount(0);

  // The seeded ended cup too: closed and ended, one reason (the end) is given.
  const october = groupCard(page, 'October Crypto Cup');
  await expect(october.getByRole('button', { name: 'Join', exact: true })).toBeDisabled();
  await expect(october.getByRole('link', { name: 'Final standings' })).toBeVisible();

  await cup.getByRole('link', { name: 'Final standings' }).click();
  await expect(page).toHaveURL(new RegExp(`/group/${cupId}/leaderboard$`));
  await expect(page.getByRole('heading', { level: 1, name: `${CUP} · Leaderboard` })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Final standings' })).toBeVisible();
  await expect(page.getByText('This competition has ended; these are its final standings.')).toBeVisible();
  const board = page.locator('.cw-trading__leaderboard');
  await expect(board.getByRole('row').filter({ hasText: 'Farah Finisher' })).toBeVisible();
  const tomas = board.getByRole('row').filter({ hasText: 'Tomas Trader' });
  // Columns: Rank, Name, PnL %, Balance, Equity, Trades, Freezes.
  await expect(tomas.getByRole('cell').nth(5)).toHaveText(/^[1-9]/);
  // Read-only: no desk and no refusal for the newcomer.
  await expect(page.getByRole('form', { name: 'Order ticket' })).toHaveCount(0);
  await expect(page.getByText("This leaderboard is for the competition's approved members.")).toHaveCount(0);
  await context.close();
});

test('a running competition’s leaderboard stays for its members', async ({ browser }) => {
  const { context, page } = await openSignedIn(browser, newcomer, '/group/group-running/leaderboard');
  await expect(page.getByText("This leaderboard is for the competition's approved members.")).toBeVisible();
  await expect(page.getByText(/Its final standings are open to everyone once it ends/)).toBeVisible();
  await expect(page.locator('.cw-trading__leaderboard')).toHaveCount(0);
  await context.close();
});

test('screenshots: /group with an ended competition and a pending request, and the final standings', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  for (const shot of shots) {
    const suffix = suffixOf(shot);
    const groups = await openSignedIn(browser, newcomer, '/group', shot);
    await expect(
      groupCard(groups.page, UPCOMING.name).getByRole('button', { name: 'Withdraw request' }),
    ).toBeVisible();
    await expect(groupCard(groups.page, CUP).getByRole('link', { name: 'Final standings' })).toBeVisible();
    // Not 'networkidle': the bell's live stream keeps a connection open.
    await groups.page.evaluate(() => document.fonts.ready);
    await groups.page.screenshot({
      path: path.join(screenshotDir, `groups-ended-pending-${suffix}.png`),
      fullPage: true,
    });
    await groups.context.close();

    const standings = await openSignedIn(browser, newcomer, `/group/${cupId}/leaderboard`, shot);
    await expect(
      standings.page.locator('.cw-trading__leaderboard').getByRole('row').filter({ hasText: 'Tomas Trader' }),
    ).toBeVisible();
    await standings.page.evaluate(() => document.fonts.ready);
    await standings.page.screenshot({
      path: path.join(screenshotDir, `final-standings-${suffix}.png`),
      fullPage: true,
    });
    await standings.context.close();
  }
});

test('a learner withdraws a pending request after confirming, and the card offers Join again', async ({
  browser,
}) => {
  const { context, page } = await openSignedIn(browser, newcomer, '/group');
  const card = groupCard(page, UPCOMING.name);
  await expect(card.getByRole('button', { name: 'Request Sent' })).toBeDisabled();

  // From the Info dialog: it says the request waits, and asks before withdrawing.
  await card.getByRole('button', { name: 'Info' }).click();
  const info = page.getByRole('dialog', { name: UPCOMING.name });
  await expect(info.getByText('Your request to join is waiting for an admin.')).toBeVisible();
  await info.getByRole('button', { name: 'Withdraw request' }).click();
  const confirm = page.getByRole('dialog', { name: 'Withdraw request' });
  await expect(
    confirm.getByText(
      `Withdraw your request to join ${UPCOMING.name}? You can ask to join again while registration is open.`,
    ),
  ).toBeVisible();
  await confirm.getByRole('button', { name: 'Keep request' }).click();
  await expect(confirm).toBeHidden();
  await expect(card.getByRole('button', { name: 'Request Sent' })).toBeDisabled();

  // From the card.
  await card.getByRole('button', { name: 'Withdraw request' }).click();
  await confirm.getByRole('button', { name: 'Withdraw request' }).click();
  await expect(page.getByText('Request withdrawn')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Join', exact: true })).toBeEnabled();
  await expect(card.getByRole('button', { name: 'Withdraw request' })).toHaveCount(0);

  // It stays withdrawn after a reload (the server has no request), and Join works again.
  await page.reload();
  await expect(card.getByRole('button', { name: 'Join', exact: true })).toBeEnabled();
  await card.getByRole('button', { name: 'Join', exact: true }).click();
  await page.getByRole('dialog', { name: 'Join Group' }).getByRole('button', { name: 'Join Group' }).click();
  await expect(card.getByRole('button', { name: 'Request Sent' })).toBeDisabled();
  await context.close();
});
