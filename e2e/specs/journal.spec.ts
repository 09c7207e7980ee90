import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { openJournal } from '../support/journal.ts';
import { createLearner as createSpecLearner } from '../support/learners.ts';
import type { Session } from '../support/session.ts';

/** A learner of our own, so no other spec's trades change what we count. */
const createLearner = (request: APIRequestContext) =>
  createSpecLearner(request, { prefix: 'journal', firstName: 'Jaya', lastName: 'Journal' });

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const screenshotDir = path.join(repoRoot, 'e2e/test-results/screenshots');
const sampleCsv = path.join(repoRoot, 'apps/web/public/samples/journal-sample.csv');
// A real 64×40 PNG (a teal band): the server checks the bytes, not the name.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAAAoCAIAAADBrGu+AAAAy0lEQVR4nNXPsQ2AMBBD0WzAppTMTUFBCVIQCIQCSc6+s+Te76d5WaWX3AU9G6ZRNWCn5+kFnHS9gAddKeCVrhFQoEcP+KTHDfhJjxhQRY8V0ECPEtBM9w/opHsGmNB9Agzp7ABzOi8ARGcEQOnYAAIdFUCj5zvLADLdMoBGf+gNAhzpvQHu9PYAJr2srw4IRa8LCEj/G0CmV+k/AoLTSwES9PcAPr1HfwuQo18BovQjQFrvEGBIZweY06kBID0jAEeHB6Dp2ACOft8GfZKKNaYUhyUAAAAASUVORK5CYII=',
  'base64',
);

test.describe.configure({ mode: 'serial' });

async function tradesFigure(page: Page) {
  await page.getByRole('tab', { name: 'Statistics' }).click();
  const figure = page
    .getByTestId('journal-figures')
    .locator('div', { has: page.getByText('Trades', { exact: true }) });
  return figure.locator('dd').first();
}

let learner: Session;
let today: string;

test('a learner writes today’s entry with a screenshot, adds two trades, imports the sample and sees the numbers change', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  learner = await createLearner(request);
  const { context, page } = await openJournal(browser, learner, '/journal');
  // The journal's days are the learner's profile zone (Asia/Kolkata until they choose another).
  today = await page.evaluate(() =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date()),
  );

  // Today's entry: an answer, a rating, notes and a screenshot.
  await page
    .getByRole('button', { name: 'Write today’s entry' })
    .or(page.getByRole('button', { name: "Write today's entry" }))
    .click();
  const entry = page.getByRole('form', { name: `Entry for ${today}` });
  // Nothing written yet: saving says what to write instead of claiming an empty entry is saved.
  await entry.getByRole('button', { name: 'Save entry' }).click();
  await expect(
    page.getByText('Write an answer, pick an emotion or a rating, add notes or link a trade before saving.'),
  ).toBeVisible();
  await expect(page.getByText('Your entry is saved.')).toHaveCount(0);
  await entry.getByLabel('What was my plan for today?').fill('Trade only the opening range breakout.');
  await entry.getByLabel('How did you feel?').selectOption('Focused');
  // The radio is visually hidden inside its star: the star (its label) is what a pointer clicks.
  await entry.locator('label', { has: page.getByRole('radio', { name: '4 stars' }) }).click();
  await expect(entry.getByRole('radio', { name: '4 stars' })).toBeChecked();
  // The notes grow with the text from 4 lines to 16 (4 px of padding and a 1 px border above and
  // below), then scroll.
  const notes = entry.getByLabel('Notes');
  const lineHeight = await notes.evaluate((element) =>
    Number.parseFloat(getComputedStyle(element).lineHeight),
  );
  const notesBox = () =>
    notes.evaluate((element) => ({
      height: element.getBoundingClientRect().height,
      scrolls: element.scrollHeight > element.clientHeight,
    }));
  const lines = (count: number) => Array.from({ length: count }, (_, line) => `line ${line + 1}`).join('\n');
  expect((await notesBox()).height).toBeCloseTo(4 * lineHeight + 10, 0);
  await notes.fill(lines(9));
  expect(await notesBox()).toEqual({ height: expect.closeTo(9 * lineHeight + 10, 0), scrolls: false });
  await notes.fill(lines(30));
  expect(await notesBox()).toEqual({ height: expect.closeTo(16 * lineHeight + 10, 0), scrolls: true });
  await notes.fill('**Patient** morning; one impulsive short.');
  expect((await notesBox()).height).toBeCloseTo(4 * lineHeight + 10, 0);
  await page
    .getByTestId('screenshot-input')
    .setInputFiles({ name: 'chart.png', mimeType: 'image/png', buffer: PNG });
  await expect(entry.getByRole('img', { name: 'Screenshot 1' })).toBeVisible();
  await entry.getByRole('button', { name: 'Save entry' }).click();
  await expect(page.getByText('Your entry is saved.')).toBeVisible();

  // Two trades by hand on today.
  const addTrade = async (
    symbol: string,
    side: 'Long' | 'Short',
    quantity: number,
    entryPrice: number,
    exitPrice: number,
  ) => {
    await page.locator('.cw-journal-day').getByRole('button', { name: 'Add trade' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a trade' });
    await dialog.getByLabel('Symbol').fill(symbol);
    await dialog.getByText(side, { exact: true }).click();
    await dialog.getByLabel('Quantity').fill(String(quantity));
    await dialog.getByLabel('Entry price').fill(String(entryPrice));
    await dialog.getByLabel('Exit price').fill(String(exitPrice));
    await dialog.getByRole('button', { name: 'Add trade' }).click();
    await expect(dialog).toBeHidden();
  };
  await addTrade('INFY', 'Long', 10, 100, 110); // +100
  await addTrade('TCS', 'Short', 5, 200, 210); // −50
  const todayCell = page.locator(`button[data-date="${today}"]`);
  // Chrome may put a space around the visually hidden parts of the name.
  const todayName = `${Number(today.slice(8))} ${new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${today}T00:00:00Z`))}`;
  await expect(todayCell).toHaveAccessibleName(
    new RegExp(`^${todayName}\\s?: 2 trades,\\s?\\+50\\s?,\\s?entry written$`),
  );
  // The entry survived the screenshot upload and the trades' refreshes.
  await page.reload();
  await expect(entry.getByLabel('Notes')).toHaveValue('**Patient** morning; one impulsive short.', {
    timeout: 30_000,
  });
  await expect(entry.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await expect(entry.getByLabel('How did you feel?')).toHaveValue('focused');
  await page.screenshot({
    path: path.join(screenshotDir, 'journal-calendar-1280-light.png'),
    fullPage: true,
  });

  await expect(await tradesFigure(page)).toHaveText('2');

  // Import the sample CSV: preview, then import.
  await page.getByRole('tab', { name: 'Import' }).click();
  await page.getByTestId('import-file-input').setInputFiles(sampleCsv);
  await expect(page.getByText('8 rows read: 8 new trades, 0 already in your journal.')).toBeVisible();
  await page.screenshot({ path: path.join(screenshotDir, 'journal-import-1280-light.png'), fullPage: true });
  await page.getByRole('button', { name: 'Import 8 trades' }).click();
  await expect(page.getByRole('status').filter({ hasText: '8 trades imported.' })).toBeVisible();

  // The same file again: nothing new.
  await page.getByRole('button', { name: 'Start again' }).click();
  await page.getByTestId('import-file-input').setInputFiles(sampleCsv);
  await expect(page.getByText('8 rows read: 0 new trades, 8 already in your journal.')).toBeVisible();

  // The figures are in rupees: the sample's XAUUSD trade is in dollars (its currency column), so
  // 2 typed + 7 of the sample's 8.
  await expect(await tradesFigure(page)).toHaveText('9');
  // A free learner gets the headline figures; the equity curve and breakdowns are Pro, locked.
  const curve = page
    .locator('.cw-journal-locked')
    .filter({ has: page.locator('.ant-card-head-title', { hasText: /^Equity curve$/ }) });
  await expect(curve).toContainText('part of Pro');
  await expect(curve.getByRole('link', { name: 'Upgrade to Pro' })).toHaveAttribute('href', '/pricing');
  await expect(page.getByRole('img', { name: /^Equity curve/ })).toHaveCount(0);
  await page.screenshot({
    path: path.join(screenshotDir, 'journal-statistics-1280-light.png'),
    fullPage: true,
  });

  // The calendar of the sample's month shows its days.
  await page.goto('/journal?tab=calendar&date=2026-11-02');
  await expect(page.locator('button[data-date="2026-11-02"]')).toHaveAccessibleName(
    /^2 November 2026\s?: 2 trades,\s?[−+]?[\d,.]+/,
    { timeout: 30_000 },
  );
  // The day's trade list, not the entry's Linked trades (which names the trade too).
  await expect(page.locator('.cw-journal-day__list').getByText('RELIANCE')).toBeVisible();
  await context.close();
});

test('the journal reads well at 375 px and in dark mode', async ({ browser }) => {
  test.setTimeout(120_000);
  for (const [width, dark] of [
    [375, false],
    [375, true],
    [1280, true],
  ] as const) {
    const suffix = `${width}-${dark ? 'dark' : 'light'}`;
    const { context, page } = await openJournal(browser, learner, '/journal?tab=calendar&date=2026-11-02', {
      width,
      dark,
    });
    await expect(page.locator('button[data-date="2026-11-02"]')).toBeVisible({ timeout: 30_000 });
    // The entry's form comes with the day, after the calendar: picture the page complete.
    await expect(page.getByRole('button', { name: 'Save entry' })).toBeVisible({ timeout: 30_000 });
    await page.screenshot({
      path: path.join(screenshotDir, `journal-calendar-${suffix}.png`),
      fullPage: true,
    });
    await page.getByRole('tab', { name: 'Statistics' }).click();
    await expect(page.getByTestId('journal-figures')).toBeVisible({ timeout: 30_000 });
    await page.screenshot({
      path: path.join(screenshotDir, `journal-statistics-${suffix}.png`),
      fullPage: true,
    });
    await context.close();
  }
});
