import path from 'node:path';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { createLearner, json, type NewLearner } from '../support/learners.ts';
import { screenshotDir } from '../support/screenshots.ts';
import { apiLogin, openSignedIn } from '../support/session.ts';

const GROUP = 'group-running';
const SYMBOL = 'NIFTY50';

test.describe.configure({ mode: 'serial' });

/** A Zerodha tradebook of the given rows, committed through the import API. */
async function importTradebook(
  request: APIRequestContext,
  learner: NewLearner,
  rows: string[],
  name: string,
) {
  const csv = [
    'symbol,segment,trade_date,trade_type,quantity,price,trade_id,order_id,order_execution_time',
    ...rows,
  ].join('\n');
  await json(
    await request.post('/api/v1/journal/import/commit?preset=zerodha', {
      headers: learner.headers,
      multipart: { file: { name, mimeType: 'text/csv', buffer: Buffer.from(csv) } },
    }),
  );
}

/** Joins the running competition, has the admin approve, buys, waits a few seconds and closes. */
async function tradeInCompetition(request: APIRequestContext, learner: NewLearner) {
  await json(
    await request.post(`/api/v1/group/${GROUP}/participants`, {
      headers: learner.headers,
      data: { userId: learner.user._id },
    }),
  );
  const admin = await apiLogin(request, 'admin');
  const adminHeaders = { Authorization: `Bearer ${admin.token}` };
  const requests = await json(
    await request.get(`/api/v1/admin/groups/${GROUP}/participants`, { headers: adminHeaders }),
  );
  const mine = requests.data.find((row: { userId: string }) => row.userId === learner.user._id);
  await json(
    await request.post(`/api/v1/admin/groups/${GROUP}/participants/${mine._id}/approve`, {
      headers: adminHeaders,
    }),
  );
  await json(
    await request.post(`/api/v1/group/${GROUP}/orders`, {
      headers: learner.headers,
      data: { symbol: SYMBOL, side: 'buy', type: 'market', quantity: 2 },
    }),
  );
  await new Promise((resolve) => setTimeout(resolve, 3000));
  await json(
    await request.post(`/api/v1/group/${GROUP}/positions/${SYMBOL}/close`, { headers: learner.headers }),
  );
}

let learner: NewLearner;

test('a learner opens a trade from the trades table and sees the fills it was built from', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  learner = await createLearner(request, { prefix: 'detail', firstName: 'Dev', lastName: 'Detail' });
  // One position opened in October's file and closed in November's: one trade of two fills.
  await importTradebook(
    request,
    learner,
    ['HDFCBANK,EQ,2026-10-14,buy,20,1650,5001,9001,2026-10-14T10:00:00'],
    'october.csv',
  );
  await importTradebook(
    request,
    learner,
    ['HDFCBANK,EQ,2026-11-18,sell,20,1700,5002,9002,2026-11-18T14:00:00'],
    'november.csv',
  );

  const { context, page } = await openSignedIn(browser, learner, '/journal?tab=trades', { height: 900 });
  const link = page.getByRole('link', { name: 'HDFCBANK long trade details' });
  await expect(link).toBeVisible({ timeout: 30_000 });
  await link.focus();
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/journal\/trades\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'HDFCBANK long' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page).toHaveTitle('HDFCBANK long · Candlewise.app');
  await expect(page.getByRole('region', { name: 'The trade' })).toContainText('+₹1,000');
  const executions = page.locator('.cw-trade-detail__executions');
  await expect(executions.getByText('Executions (2)')).toBeVisible();
  const rows = executions.locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Buy');
  await expect(rows.nth(0)).toContainText('Trade 5001 · Order 9001');
  await expect(rows.nth(1)).toContainText('Sell');
  await expect(rows.nth(1)).toContainText('₹1,700');
  await page.screenshot({
    path: path.join(screenshotDir, 'journal-trade-detail-csv-1280-light.png'),
    fullPage: true,
  });

  await page.getByRole('link', { name: 'Journal trades' }).click();
  await expect(page.getByRole('link', { name: 'HDFCBANK long trade details' })).toBeVisible();
  await context.close();
});

test('a competition trade of a few seconds shows its session chart and says why MAE and MFE need finer data, at 1280 and 375 px, light and dark', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  await tradeInCompetition(request, learner);
  const trades = await json(
    await request.get('/api/v1/journal/trades?source=paper', { headers: learner.headers }),
  );
  const tradeId = trades.data.trades[0]._id as string;

  for (const [width, dark] of [
    [1280, false],
    [1280, true],
    [375, false],
    [375, true],
  ] as const) {
    const { context, page } = await openSignedIn(browser, learner, `/journal/trades/${tradeId}`, {
      width,
      dark,
      height: 900,
    });
    await expect(page.getByRole('heading', { level: 1, name: `${SYMBOL} long` })).toBeVisible({
      timeout: 30_000,
    });
    await expect(
      page.getByRole('img', { name: new RegExp(`^${SYMBOL} 1-minute candles around the trade`) }),
    ).toBeVisible();
    await expect(page.locator('.cw-trade-detail__chart canvas').first()).toBeVisible();
    // The trade lasted seconds, under the finest candles kept (1 minute): MAE and MFE read from a
    // whole candle would be wrong (issue #43), so the page says why they are not shown.
    await expect(
      page.getByText(
        'Not enough data: the trade lasted under a minute, shorter than the 1-minute candles kept, so its MAE and MFE are not shown.',
      ),
    ).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'How far the price moved while the trade was open' }),
    ).toHaveCount(0);
    // A table from 576 px; one line per fill on a phone.
    const fills =
      width === 375
        ? page.getByRole('list', { name: 'Executions' }).getByRole('listitem')
        : page.locator('.cw-trade-detail__executions tbody tr.ant-table-row');
    await expect(fills).toHaveCount(2);
    // Nothing wider than the screen: the executions table scrolls inside its card.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({
      path: path.join(screenshotDir, `journal-trade-detail-paper-${width}-${dark ? 'dark' : 'light'}.png`),
      fullPage: true,
    });
    await context.close();
  }
});

test('a trade that is not yours is not in your journal', async ({ browser }) => {
  const { context, page } = await openSignedIn(browser, learner, '/journal/trades/not-a-trade-of-mine', {
    height: 900,
  });
  await expect(page.getByText('This trade is not in your journal.')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('link', { name: 'Back to your journal' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Journal' })).toBeVisible();
  await context.close();
});
