import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { createLearner, json, type NewLearner } from '../support/learners.ts';
import { screenshotDir } from '../support/screenshots.ts';
import { apiLogin, plantSession } from '../support/session.ts';

/**
 * Issue #17, "a trustworthy order ticket", driven in the real desk: what is typed is what is checked
 * and sent, the size is explained as you type, a double click is one order, stops move on open
 * positions and pending orders, a close asks first, and the chart has five timeframes.
 */
const GROUP = { id: 'group-running', name: 'November Forex Sprint' };

test.describe.configure({ mode: 'serial' });

let learner: NewLearner;

async function joinApproved(request: APIRequestContext, who: NewLearner) {
  const admin = await apiLogin(request, 'admin');
  const asAdmin = { headers: { Authorization: `Bearer ${admin.token}` } };
  await json(
    await request.post(`/api/v1/group/${GROUP.id}/participants`, {
      headers: who.headers,
      data: { userId: who.user._id },
    }),
  );
  const requests = (await json(await request.get(`/api/v1/admin/groups/${GROUP.id}/participants`, asAdmin)))
    .data as Array<{ _id: string; userId: string }>;
  const mine = requests.find((row) => row.userId === who.user._id)!;
  await json(
    await request.post(`/api/v1/admin/groups/${GROUP.id}/participants/${mine._id}/approve`, asAdmin),
  );
}

async function openDesk(
  browser: Browser,
  { width = 1280, dark = false, height }: { width?: number; dark?: boolean; height?: number } = {},
) {
  const context = await browser.newContext({
    viewport: { width, height: height ?? (width === 375 ? 812 : 900) },
  });
  const page = await context.newPage();
  await plantSession(page, learner, dark);
  await page.goto(`/group/${GROUP.id}/leaderboard`);
  const ticket = page.getByRole('form', { name: 'Order ticket' });
  await expect(ticket.getByText(/^Bid/)).toBeVisible();
  // The first quote has arrived (the ticket shows prices, not dashes).
  await expect(ticket.locator('.cw-trading__quote strong').first()).not.toHaveText('—');
  return { context, page, ticket };
}

async function quoteOf(request: APIRequestContext, symbol: string) {
  const quotes = (
    await json(await request.get(`/api/v1/market/quotes?symbols=${symbol}`, { headers: learner.headers }))
  ).data as Array<{ bid: number; ask: number; mid: number }>;
  return quotes[0];
}

async function account(request: APIRequestContext) {
  return (await json(await request.get(`/api/v1/group/${GROUP.id}/account`, { headers: learner.headers })))
    .data;
}

/** The Quantity field (label, field, hint and error): the ticket's PlainField. */
const quantityItem = (page: Page) =>
  page
    .getByRole('form', { name: 'Order ticket' })
    .locator('.cw-plain-field')
    .filter({ has: page.getByLabel('Quantity', { exact: true }) });

async function shoot(target: ReturnType<Page['locator']>, name: string) {
  await target.page().evaluate(() => document.fonts.ready);
  await target.screenshot({ path: path.join(screenshotDir, `${name}.png`) });
}

test.beforeAll(async ({ request }) => {
  learner = await createLearner(request, { prefix: 'ticket', firstName: 'Tara', lastName: 'Ticket' });
  await joinApproved(request, learner);
});

test('only what is typed is checked and sent: one plain sentence, Buy held while it is wrong', async ({
  browser,
  request,
}) => {
  const { context, page, ticket } = await openDesk(browser);
  const quantity = ticket.getByLabel('Quantity', { exact: true });
  const buy = ticket.getByRole('button', { name: 'Buy EURUSD' });
  await expect(ticket.getByText('1 lot = 1,000 EUR · steps of 0.1 · min 0.1')).toBeVisible();

  for (const [typed, sentence] of [
    ['abc', 'Enter the quantity as a number of lots, like 0.1.'],
    ['-5', 'The quantity must be more than 0.'],
    ['0.15', 'EURUSD quantities go in steps of 0.1.'],
    ['', 'Enter a quantity.'],
    ['100000', /^Your buying power allows at most [\d.]+ lots of EURUSD now\.$/],
  ] as const) {
    await quantity.fill(typed);
    // The field keeps what was typed: '-5' is not turned into 0, 'abc' not into the last number.
    await expect(quantity).toHaveValue(typed);
    const errors = quantityItem(page).getByRole('alert');
    await expect(errors).toHaveCount(1);
    await expect(errors).toHaveText(sentence);
    await expect(buy).toBeDisabled();
  }
  await expect(page.getByText(/Too small|expected number/)).toHaveCount(0);
  await expect(page.locator('.Toastify__toast')).toHaveCount(0);

  await quantity.fill('2');
  await expect(quantityItem(page).getByRole('alert')).toHaveCount(0);
  const sizing = ticket.getByLabel('Order size');
  await expect(sizing).toContainText('2 lots = 2,000 EUR');
  await expect(sizing).toContainText(/Notional₹[\d,]+\.\d\d/);
  await expect(sizing).toContainText(/Margin₹[\d,]+\.\d\d/);
  await expect(sizing).toContainText(/Max[\d.]+ lots/);

  // The risk calculator fills the quantity.
  await ticket.getByRole('button', { name: 'Size by risk' }).click();
  await ticket.getByLabel('Stop distance (USD)').fill('0.005');
  await expect(ticket.getByText(/lots? loses? ₹[\d,.]+ at the stop \(at most ₹1,000\.00\)\./)).toBeVisible();
  await ticket.getByRole('button', { name: /^Use [\d.]+ lots?$/ }).click();
  await expect(quantity).not.toHaveValue('2');
  await ticket.getByRole('button', { name: 'Hide the risk calculator' }).click();

  // A double click is one order.
  await quantity.fill('2');
  const before = (await account(request)).account.trades;
  await buy.dblclick();
  await expect(page.getByText('Order filled.').first()).toBeVisible();
  await page.waitForTimeout(1500);
  const after = await account(request);
  expect(after.account.trades - before).toBe(1);
  expect(after.positions).toEqual([expect.objectContaining({ symbol: 'EURUSD', quantity: 2 })]);
  await context.close();
});

test('moves the stop of an open position and of a pending order, and asks before closing', async ({
  browser,
  request,
}) => {
  const { context, page } = await openDesk(browser);
  const book = page.locator('.cw-trading__book');
  const row = book.getByRole('row').filter({ hasText: 'EURUSD' });
  await expect(row).toContainText('Long');

  // A stop above the bid would close the long at once: refused in plain words, then a good one saved.
  await book
    .getByRole('button', { name: 'Change the stop-loss and take-profit of the EURUSD position' })
    .click();
  const levels = page.getByRole('dialog', { name: 'Stop-loss and take-profit · EURUSD' });
  const { bid } = await quoteOf(request, 'EURUSD');
  await levels.getByLabel('Stop-loss (USD)').fill((bid + 0.01).toFixed(5));
  await expect(levels.getByRole('alert')).toHaveText(
    /^A long position’s stop-loss must be below the current price \([\d.]+\)\.$/,
  );
  await expect(levels.getByRole('button', { name: 'Save' })).toBeDisabled();
  const stop = (bid - 0.01).toFixed(5);
  await levels.getByLabel('Stop-loss (USD)').fill(stop);
  await levels.getByLabel('Take-profit (USD)').fill((bid + 0.02).toFixed(5));
  await shoot(levels, 'order-ticket-levels-dialog-light-1280');
  await levels.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Stop-loss and take-profit saved.').first()).toBeVisible();
  await expect(levels).toBeHidden();
  await expect(row).toContainText(stop);
  expect((await account(request)).positions[0].stopLoss).toBeCloseTo(Number(stop), 5);

  // A pending order's levels.
  const ticket = page.getByRole('form', { name: 'Order ticket' });
  await ticket.getByText('Limit', { exact: true }).click();
  await ticket.getByLabel('Quantity', { exact: true }).fill('1');
  await ticket.getByLabel('Limit price (USD)').fill((bid - 0.02).toFixed(5));
  await ticket.getByRole('button', { name: 'Buy EURUSD' }).click();
  await expect(page.getByText('Order placed.').first()).toBeVisible();
  await book.getByRole('tab', { name: /^Orders \(1\)$/ }).click();
  await book
    .getByRole('button', { name: 'Change the stop-loss and take-profit of the buy limit order for EURUSD' })
    .click();
  const orderLevels = page.getByRole('dialog', { name: 'Stop-loss and take-profit · EURUSD' });
  const target = (bid + 0.01).toFixed(5);
  await orderLevels.getByLabel('Take-profit (USD)').fill(target);
  await orderLevels.getByLabel('Take-profit (USD)').press('Enter');
  await expect(orderLevels).toBeHidden();
  await expect
    .poll(async () => (await account(request)).orders[0]?.takeProfit)
    .toBeCloseTo(Number(target), 5);
  await book.getByRole('button', { name: /^Cancel buy limit order for EURUSD$/ }).click();
  await expect(book.getByRole('tab', { name: /^Orders \(0\)$/ })).toBeVisible();

  // Closing asks first, with the estimated P&L; Escape keeps the position, the keyboard confirms.
  await book.getByRole('tab', { name: /^Positions \(1\)$/ }).click();
  const close = book.getByRole('button', { name: 'Close EURUSD position' });
  await close.focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Close your EURUSD position?' });
  await expect(confirm).toContainText(/Estimated P&L [+-]?₹[\d,]+\.\d\d/);
  await expect(confirm.getByRole('button', { name: 'Keep it open' })).toBeFocused();
  expect((await new AxeBuilder({ page }).include('.ant-modal').analyze()).violations).toEqual([]);
  await shoot(confirm, 'order-ticket-close-dialog-light-1280');
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  expect((await account(request)).positions).toHaveLength(1);

  await close.click();
  await confirm.getByRole('button', { name: 'Close position' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Position closed.').first()).toBeVisible();
  await expect(book.getByRole('tab', { name: /^Positions \(0\)$/ })).toBeVisible();
  expect((await account(request)).positions).toEqual([]);
  await context.close();
});

test('on a phone the desk fits the screen: its wide tables scroll inside their boxes', async ({
  browser,
}) => {
  const { context, page, ticket } = await openDesk(browser, { width: 375 });
  // The ticket is on the first screen (issue #43: it sat ~900 px down, under seven figure cards and
  // the chart): before the chart, under one line of figures, its instrument, prices, side and order
  // type above the bottom bar without scrolling.
  const bar = await page.getByTestId('bottom-nav').evaluate((nav) => nav.getBoundingClientRect().top);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const type = ticket.getByRole('radiogroup', { name: 'Order type' });
  expect(await type.evaluate((group) => group.getBoundingClientRect().bottom)).toBeLessThan(bar);
  const book = page.locator('.cw-trading__book');
  await expect(book.getByRole('tab', { name: /^Positions/ })).toBeVisible();
  // The tables of positions and standings are wider than the phone, and scroll sideways in their boxes…
  for (const box of [book.locator('.cw-plain-table-box').first(), page.locator('.cw-trading__leaderboard')]) {
    expect(await box.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  }
  // …while the page itself does not (a visually hidden header once widened it to 637 px).
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await page.evaluate(() => window.innerWidth)).toBe(375);
  // The chart, below the desk's figures, is drawn when it comes on screen.
  const chart = page.locator('.cw-trading__chart');
  expect(await chart.evaluate((box) => box.getBoundingClientRect().top > window.innerHeight)).toBe(true);
  await expect(chart.locator('canvas')).toHaveCount(0);
  await chart.scrollIntoViewIfNeeded();
  await expect(chart.locator('canvas').first()).toBeVisible();
  await context.close();
});

test('on a 375 × 667 phone a sticky Buy/Sell bar is on the first screen and only opens the ticket', async ({
  browser,
  request,
}) => {
  const before = await account(request);
  for (const dark of [false, true]) {
    const { context, page, ticket } = await openDesk(browser, { width: 375, height: 667, dark });
    // Issue #43: the ticket's Quantity and Buy need a scroll; the bar's Buy does not.
    const bar = page.getByRole('region', { name: 'Trade EURUSD' });
    const buy = bar.getByRole('button', { name: /^Buy/ });
    await expect(buy).toBeVisible();
    await expect(bar.getByText(/^Bid \d/)).toBeVisible();
    await expect(bar.getByText(/^Ask \d/)).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const box = (await buy.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(667);
    // Above the bottom navigation, not under it.
    const nav = (await page.getByTestId('bottom-nav').boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(nav.y);
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({
      path: path.join(screenshotDir, `order-bar-first-screen-${dark ? 'dark' : 'light'}-375.png`),
    });

    // Sell: the ticket comes into view on the sell side with Quantity focused; nothing is sent.
    await bar.getByRole('button', { name: /^Sell/ }).click();
    await expect(ticket.getByRole('radio', { name: 'Sell' })).toBeChecked();
    const quantity = ticket.getByLabel('Quantity', { exact: true });
    await expect(quantity).toBeFocused();
    await expect(quantity).toBeInViewport();
    await expect(ticket.getByRole('button', { name: 'Sell EURUSD' })).toBeVisible();
    if (!dark)
      await page.screenshot({ path: path.join(screenshotDir, 'order-bar-ticket-opened-light-375.png') });
    // Back at the top, Buy turns the ticket to the buy side.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(buy).toBeVisible();
    await buy.click();
    await expect(ticket.getByRole('radio', { name: 'Buy' })).toBeChecked();
    await expect(quantity).toBeFocused();
    // The ticket's own button, once on screen, puts the bar aside.
    // (Centred: a button in view only behind the bar would not be scrolled at all.)
    await ticket
      .getByRole('button', { name: /^(Buy|Sell) EURUSD$/ })
      .evaluate((button) => button.scrollIntoView({ block: 'center' }));
    await expect(bar).toBeHidden();
    await context.close();
  }
  const after = await account(request);
  expect(after.orders).toEqual(before.orders);
  expect(after.positions).toEqual(before.positions);
});

test('the chart offers 1m, 5m, 15m, 1h and 1D, built by the server', async ({ browser }) => {
  const { context, page } = await openDesk(browser);
  const chart = page.locator('.cw-trading__chart-card');
  await expect(chart.getByText('EURUSD · 1 minute')).toBeVisible();
  for (const [button, interval, title] of [
    ['5m', '5m', 'EURUSD · 5 minutes'],
    ['15m', '15m', 'EURUSD · 15 minutes'],
    ['1h', '1h', 'EURUSD · 1 hour'],
    ['1D', '1d', 'EURUSD · 1 day'],
  ] as const) {
    const answer = page.waitForResponse(
      (response) =>
        response.url().includes(`/market/candles/EURUSD?`) && response.url().includes(`interval=${interval}`),
    );
    await chart.getByText(button, { exact: true }).click();
    expect((await answer).status()).toBe(200);
    await expect(chart.getByText(title)).toBeVisible();
  }
  await expect(page.locator('.cw-trading__chart canvas').first()).toBeVisible();
  await context.close();
});

test('screenshots: the ticket at 1280 and 375 px, light and dark, with a field error', async ({
  browser,
  request,
}) => {
  // Something in the book to look at: an open position and a pending order.
  const quote = await quoteOf(request, 'EURUSD');
  for (const order of [
    { symbol: 'EURUSD', side: 'buy', type: 'market', quantity: 1 },
    {
      symbol: 'EURUSD',
      side: 'buy',
      type: 'limit',
      quantity: 0.5,
      price: Number((quote.bid - 0.01).toFixed(5)),
    },
  ]) {
    await json(
      await request.post(`/api/v1/group/${GROUP.id}/orders`, { headers: learner.headers, data: order }),
    );
  }
  for (const dark of [false, true]) {
    for (const width of [1280, 375]) {
      const suffix = `${dark ? 'dark' : 'light'}-${width}`;
      const { context, page, ticket } = await openDesk(browser, { width, dark });
      // The chart is drawn once its box is on screen (below the desk's figures on a phone).
      await page.locator('.cw-trading__chart').scrollIntoViewIfNeeded();
      await expect(page.locator('.cw-trading__chart canvas').first()).toBeVisible();
      await ticket.getByLabel('Quantity', { exact: true }).fill('2');
      await ticket.getByRole('button', { name: 'Size by risk' }).click();
      await ticket.getByLabel('Stop distance (USD)').fill('0.005');
      await ticket.getByLabel('Stop-loss (USD)').fill('9');
      await expect(ticket.getByRole('alert')).toHaveCount(1);
      // The whole desk (ticket, chart, book), both themes: no antd, so no antd's contrast either.
      if (width === 1280)
        expect((await new AxeBuilder({ page }).include('.cw-trading__panel').analyze()).violations).toEqual(
          [],
        );
      await page.evaluate(() => document.fonts.ready);
      // The frame's sticky header and bottom bar would sit over a tall element's capture.
      const unstick =
        '.cw-frame .cw-frame-header, .cw-bottom-nav { position: static !important; } .cw-order-bar { display: none !important; }';
      await ticket.screenshot({
        path: path.join(screenshotDir, `order-ticket-${suffix}.png`),
        style: unstick,
      });
      await page.locator('.cw-trading__desk').screenshot({
        path: path.join(screenshotDir, `order-ticket-desk-${suffix}.png`),
        style: unstick,
      });
      const book = page.locator('.cw-trading__book');
      await expect(book.getByRole('tab', { name: /^Orders \([1-9]/ })).toBeVisible();
      await book.screenshot({
        path: path.join(screenshotDir, `order-ticket-book-${suffix}.png`),
        style: unstick,
      });
      await context.close();
    }
  }
});
