import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { openJournal } from '../support/journal.ts';
import { createLearner, json, type NewLearner } from '../support/learners.ts';
import { screenshotDir } from '../support/screenshots.ts';
import type { Session } from '../support/session.ts';

// Issue #41 in the browser: a learner writes a playbook, ticks its rules on trades and reads what
// each rule is worth; the statistics break MAE/MFE and R down by setup; a typed trade's detail says
// no candles cover it; a 20,000-row file imports as a job with a progress bar. Each screen is
// photographed at 1280 and 375 px, light and dark (e2e/test-results/screenshots/playbooks-*).

test.describe.configure({ mode: 'serial' });

let learner: NewLearner & Session;

/** A Pro learner (the breakdowns are Pro), signed in again so the session says so. */
async function proLearner(request: Parameters<typeof createLearner>[0]) {
  const made = await createLearner(request, { prefix: 'playbooks', firstName: 'Pia', lastName: 'Playbook' });
  const started = await json(await request.post('/api/v1/plans/checkout', { headers: made.headers }));
  const { sessionId } = started.data as { sessionId: string };
  await json(
    await request.post(`/api/v1/plans/checkout/${sessionId}/pay`, {
      headers: made.headers,
      data: { cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', name: 'Pia Playbook' },
    }),
  );
  await json(
    await request.post('/api/v1/plans/getsession', {
      headers: made.headers,
      data: { userId: made.user._id, sessionId },
    }),
  );
  const session = (
    await json(
      await request.post('/api/v1/auth/login', { data: { email: made.email, password: made.password } }),
    )
  ).data as Session;
  return { ...made, ...session, headers: { Authorization: `Bearer ${session.token}` } };
}

const shot = (page: Page, name: string, width: number, dark: boolean) =>
  page.screenshot({
    path: path.join(screenshotDir, `playbooks-${name}-${dark ? 'dark' : 'light'}-${width}.png`),
    fullPage: true,
  });

const looks = [
  { width: 1280, dark: false },
  { width: 375, dark: false },
  { width: 1280, dark: true },
  { width: 375, dark: true },
];

test('a learner writes a playbook, ticks its rules on a trade and reads what each rule is worth', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  learner = await proLearner(request);
  const { context, page } = await openJournal(browser, learner, '/journal?tab=playbooks');
  await expect(page.getByText('No playbooks yet. Write your first setup and its rules.')).toBeVisible({
    timeout: 30_000,
  });

  // The playbook, with two rules, by keyboard and pointer.
  await page.getByRole('button', { name: 'New playbook' }).click();
  const editor = page.getByRole('dialog', { name: 'New playbook' });
  await editor.getByLabel('Name').fill('Opening range breakout');
  await editor.getByLabel('What it is').fill('The first 15 minutes’ range, traded on its break.');
  // A new playbook starts with one empty rule line.
  await editor.getByRole('textbox', { name: 'Rule 1', exact: true }).fill('Candle closes above the range');
  await editor.getByRole('button', { name: 'Add a rule' }).click();
  await editor.getByRole('textbox', { name: 'Rule 2', exact: true }).fill('Stop below the range');
  await editor.getByRole('button', { name: 'Save playbook' }).click();
  await expect(page.getByText('Playbook saved.')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Candle closes above the range' })).toBeVisible();

  // Three trades on it: two kept rule 1 and won, one broke it and lost.
  const [playbook] = (
    await json(await request.get('/api/v1/journal/playbooks', { headers: learner.headers }))
  ).data;
  const [first, second] = playbook.rules.map((rule: { _id: string }) => rule._id);
  const trade = (day: number, exitPrice: number, kept: string[], tags: string[]) => ({
    symbol: 'INFY',
    side: 'long',
    quantity: 10,
    entryPrice: 1500,
    exitPrice,
    stopPrice: 1490,
    currency: 'INR',
    entryTime: `2026-11-${String(day).padStart(2, '0')}T04:00:00Z`,
    exitTime: `2026-11-${String(day).padStart(2, '0')}T05:00:00Z`,
    setupTags: tags,
    playbookId: playbook._id,
    followedRuleIds: kept,
  });
  for (const data of [
    trade(2, 1520, [first, second], ['breakout']), // +200
    trade(3, 1510, [first], ['breakout']), // +100
    trade(4, 1485, [second], ['pullback']), // −150
  ])
    await json(await request.post('/api/v1/journal/trades', { headers: learner.headers, data }));

  await page.reload();
  const report = page.getByRole('region', { name: 'Report of Opening range breakout' });
  const rows = report.getByRole('table').getByRole('row');
  // Kept rule 1: (200 + 100) / 2 = +150 a trade, 2 of 2 won; broken: −150, 0 of 1; worth +300.
  await expect(rows.nth(1)).toContainText('+₹150 a trade · 100% won (n = 2)', { timeout: 30_000 });
  await expect(rows.nth(1)).toContainText('−₹150 a trade · 0% won (n = 1)');
  await expect(rows.nth(1)).toContainText('+₹300 a trade');

  // A new trade's form offers the playbook and, once chosen, its rules as ticks.
  await page.goto('/journal?tab=trades');
  await page.getByRole('button', { name: 'Add trade' }).click();
  const form = page.getByRole('dialog', { name: 'Add a trade' });
  await form.getByLabel('Playbook').click();
  await page.locator('.ant-select-item-option', { hasText: 'Opening range breakout' }).click();
  await expect(form.getByRole('checkbox', { name: 'Candle closes above the range' })).toBeVisible();
  await form.getByRole('checkbox', { name: 'Candle closes above the range' }).check();
  await context.close();

  for (const { width, dark } of looks) {
    const view = await openJournal(browser, learner, '/journal?tab=playbooks', { width, dark });
    await expect(
      view.page.getByRole('region', { name: 'Report of Opening range breakout' }).getByRole('table'),
    ).toBeVisible({ timeout: 30_000 });
    await shot(view.page, 'tab', width, dark);

    await view.page.goto('/journal?tab=trades');
    await view.page.getByRole('button', { name: 'Add trade' }).click();
    const dialog = view.page.getByRole('dialog', { name: 'Add a trade' });
    await dialog.getByLabel('Playbook').click();
    await view.page.locator('.ant-select-item-option', { hasText: 'Opening range breakout' }).click();
    await dialog.getByRole('checkbox', { name: 'Stop below the range' }).check();
    await dialog.getByLabel('Playbook').scrollIntoViewIfNeeded();
    await view.page.screenshot({
      path: path.join(screenshotDir, `playbooks-trade-form-${dark ? 'dark' : 'light'}-${width}.png`),
    });
    await view.context.close();
  }
});

test('the statistics break MAE/MFE and R down by setup, hour and mistake with the sample size', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { context, page } = await openJournal(browser, learner, '/journal?tab=statistics');
  const bySetup = page.getByRole('table', { name: /MAE\/MFE and R by setup tag/ });
  await expect(bySetup).toBeVisible({ timeout: 30_000 });
  // breakout: two trades, each risking 100 (10 × 10): +2R and +1R.
  await expect(bySetup.getByRole('row').filter({ hasText: 'breakout' })).toContainText('2');
  await context.close();
  for (const { width, dark } of looks) {
    const view = await openJournal(browser, learner, '/journal?tab=statistics', { width, dark });
    await expect(view.page.getByRole('table', { name: /MAE\/MFE and R by setup tag/ })).toBeVisible({
      timeout: 30_000,
    });
    await shot(view.page, 'statistics', width, dark);
    await view.context.close();
  }
});

test('a typed trade’s detail says no candles cover it', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const trades = (await json(await request.get('/api/v1/journal/trades', { headers: learner.headers }))).data
    .trades as Array<{ _id: string; symbol: string }>;
  const typed = trades.find((trade) => trade.symbol === 'INFY');
  if (!typed) throw new Error('the INFY trades typed in by the first test are not in the journal');
  for (const { width, dark } of looks) {
    const view = await openJournal(browser, learner, '/journal', { width, dark });
    await view.page.goto(`/journal/trades/${typed._id}`);
    await expect(
      view.page.getByText(
        'No candles of INFY cover this trade (the app keeps them for its markets and the uploaded replay days), so there is no chart.',
      ),
    ).toBeVisible({ timeout: 30_000 });
    await shot(view.page, 'trade-detail', width, dark);
    await view.context.close();
  }
});

test('a 20,000-row tradebook imports as a job with a progress bar', async ({ browser }) => {
  test.setTimeout(240_000);
  const lines = [
    'symbol,segment,trade_date,trade_type,quantity,price,trade_id,order_id,order_execution_time',
  ];
  for (let i = 0; i < 10_000; i += 1) {
    const day = `2025-${String(1 + (Math.floor(i / 28) % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`;
    lines.push(`SYM${i % 40},EQ,${day},buy,10,500,${5_000_000 + 2 * i},${9_000_000 + 2 * i},${day}T10:00:00`);
    lines.push(
      `SYM${i % 40},EQ,${day},sell,10,510,${5_000_001 + 2 * i},${9_000_001 + 2 * i},${day}T11:00:00`,
    );
  }
  const file = { name: 'tradebook.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n')) };
  const { context, page } = await openJournal(browser, learner, '/journal?tab=import');
  await page.getByTestId('import-file-input').setInputFiles(file);
  const commit = page.getByRole('button', { name: 'Import 20,000 fills' });
  await expect(commit).toBeEnabled({ timeout: 60_000 });
  // Each poll of the job answers 1 s late here, so the bar is on screen long enough to photograph.
  await page.route('**/api/v1/journal/import/jobs/*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue();
  });
  await commit.click();
  await expect(page.getByRole('progressbar', { name: 'Import progress' })).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: path.join(screenshotDir, 'playbooks-import-progress-light-1280.png') });
  await expect(page.getByText(/20,000 new fills/)).toBeVisible({ timeout: 120_000 });
  await context.close();
});
