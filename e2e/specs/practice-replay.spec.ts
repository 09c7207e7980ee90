import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { createLearner, json } from '../support/learners.ts';
import { shootLooks } from '../support/screenshots.ts';
import { plantSession } from '../support/session.ts';

// The sample day every fresh database has (apps/api/assets/replay): BTCUSD, 10 March 2023.
const DAY = '2023-03-10';

test('a learner replays a day: steps, trades, exports the decisions and reviews it in the journal', async ({
  browser,
  request,
}) => {
  const learner = await createLearner(request, {
    prefix: 'practice',
    firstName: 'Priya',
    lastName: 'Practice',
  });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  await plantSession(page, learner);
  await page.goto('/practice');
  await expect(page.getByRole('heading', { level: 1, name: 'Practice replay' })).toBeVisible();

  await page.getByLabel('Instrument').click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'BTCUSD' }).click();
  await page.getByLabel('Day (UTC)').click();
  await page.locator('.ant-select-item-option').filter({ hasText: DAY }).click();
  await page.getByLabel('Start at (UTC, optional)').fill('14:00');
  await page.getByRole('button', { name: 'Start replay' }).click();

  await expect(page).toHaveURL(/\/practice\/[0-9a-f]{24}$/);
  const clock = page.getByTestId('replayed-clock');
  await expect(clock).toHaveText('14:00:00 UTC');
  await expect(page.getByText('10 Mar 2023')).toBeVisible();

  // → steps one bar from the keyboard (focus on the page, not in a field).
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('ArrowRight');
  await expect(clock).toHaveText('14:01:00 UTC');

  const ticket = page.getByRole('region', { name: 'Order ticket' });
  await ticket.getByLabel(/Quantity/).fill('0.05');
  await ticket.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByText(/^Long 0\.05 BTCUSD/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Decision log (3)' })).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = await readFile((await (await downloading).path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toContain('replayed_time_utc');
  expect(csv).toContain(`${DAY}T14:01:00.000Z,`);

  await page.getByRole('button', { name: 'End session' }).click();
  await page.getByRole('button', { name: 'End session' }).last().click();
  await expect(page.getByText('This practice replay has ended: orders are closed.')).toBeVisible();

  await page.goto('/journal?tab=practice');
  await expect(page.getByRole('link', { name: `BTCUSD · ${DAY}` })).toBeVisible();
  await expect(page.getByText(/they do not count in your statistics/)).toBeVisible();
  await context.close();
});

test('screenshots: the practice pages, light and dark, 1280 and 375 px', async ({ browser, request }) => {
  const learner = await createLearner(request, {
    prefix: 'practice-shots',
    firstName: 'Sam',
    lastName: 'Shots',
  });
  const created = await json(
    await request.post('/api/v1/practice/sessions', {
      headers: learner.headers,
      data: { symbol: 'BTCUSD', day: DAY, startAt: '14:00', speed: 10 },
    }),
  );
  const id = created.data._id as string;
  const url = `/api/v1/practice/sessions/${id}`;
  for (let step = 0; step < 30; step += 1)
    await json(await request.post(`${url}/clock`, { headers: learner.headers, data: { action: 'step' } }));
  await json(
    await request.post(`${url}/orders`, { headers: learner.headers, data: { side: 'buy', quantity: 0.1 } }),
  );
  const ask = created.data.quote.ask as number;
  await json(
    await request.post(`${url}/orders`, {
      headers: learner.headers,
      data: {
        side: 'sell',
        type: 'limit',
        quantity: 0.1,
        price: Math.round(ask + 400),
        stopLoss: Math.round(ask + 800),
      },
    }),
  );
  for (let step = 0; step < 10; step += 1)
    await json(await request.post(`${url}/clock`, { headers: learner.headers, data: { action: 'step' } }));
  await shootLooks(browser, learner, [
    {
      name: 'practice-start',
      path: '/practice',
      ready: async (page) => {
        await expect(page.getByRole('link', { name: `BTCUSD · ${DAY}` })).toBeVisible();
      },
    },
    {
      name: 'practice-desk',
      path: `/practice/${id}`,
      ready: async (page) => {
        await expect(page.getByTestId('replayed-clock')).toHaveText('14:40:00 UTC');
        await expect(page.locator('.cw-practice__chart canvas').first()).toBeVisible();
      },
    },
    {
      name: 'journal-practice',
      path: '/journal?tab=practice',
      ready: async (page) => {
        await expect(page.getByRole('link', { name: `BTCUSD · ${DAY}` })).toBeVisible();
      },
    },
  ]);
});
