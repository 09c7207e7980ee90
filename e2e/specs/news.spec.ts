import path from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { screenshotDir } from '../support/screenshots.ts';
import { apiLogin, type OpenOptions, openSignedIn, type Session } from '../support/session.ts';

const ARTICLE = {
  title: 'December competition: what changes',
  body: '# The new rule\n\nThe freeze threshold drops to **8 %** for the NIFTY50 competition.\n\n- Trade smaller\n- Keep a journal',
};

test.describe.configure({ mode: 'serial' });
// Other engineers share this machine's two cores; a page can take a minute to first paint under load.
test.setTimeout(180_000);

/** A page of ours signed in; the first visit loads the page's chunks, which a busy machine can take a while over. */
async function openPage(browser: Browser, session: Session, url: string, options: OpenOptions = {}) {
  const opened = await openSignedIn(browser, session, url, { height: 900, ...options });
  await expect(opened.page.locator('h1').first()).toBeVisible({ timeout: 90_000 });
  return opened;
}

const cards = (page: Page) => page.locator('.cw-news__grid > li article');
const count = (page: Page) => page.locator('.cw-news__count');

test('/news lists the sample feed; a category tab and a search narrow the list', async ({
  browser,
  request,
}) => {
  const learner = await apiLogin(request, 'learner');
  const { context, page } = await openPage(browser, learner, '/news');
  await expect(page.getByRole('heading', { level: 1, name: 'News' })).toBeVisible();
  await expect(count(page)).toHaveText('12 stories');
  await expect(cards(page)).toHaveCount(12);

  const newest = cards(page).first();
  await expect(newest).toContainText('Candlewise Markets Desk');
  await expect(newest).toContainText(/\d+ minutes ago/); // 25 at first start, more by now
  // A Candlewise Markets Desk story is read in the app, not on a page elsewhere.
  const link = newest.getByRole('link', { name: /Nifty 50 closes at a record/ });
  await expect(link).toHaveAttribute('href', /^\/news\//);
  await expect(link).not.toHaveAttribute('target', '_blank');
  await expect(newest.locator('img')).toHaveAttribute('src', '/images/news/markets.svg');
  await expect(newest).toContainText('NIFTY50');

  await page.getByRole('tab', { name: 'Forex' }).click();
  await expect(count(page)).toHaveText('2 stories');
  await expect(cards(page)).toHaveCount(2);
  await expect(page).toHaveURL(/category=forex/);
  for (const title of await cards(page).locator('h2').allTextContents()) {
    expect(title).toMatch(/Rupee|Euro/);
  }

  await page.getByRole('tab', { name: 'All' }).click();
  await expect(count(page)).toHaveText('12 stories');
  await page.getByRole('searchbox', { name: 'Search news' }).fill('gold');
  await page.getByRole('searchbox', { name: 'Search news' }).press('Enter');
  await expect(count(page)).toHaveText('2 stories');
  await expect(cards(page).locator('h2')).toHaveText([
    'Gold eases from its high as the dollar firms',
    'Crude and gold: how a stronger dollar moves commodities',
  ]);

  await page.getByRole('searchbox', { name: 'Search news' }).fill('no such story anywhere');
  await page.getByRole('searchbox', { name: 'Search news' }).press('Enter');
  await expect(page.getByText('No stories match these filters.')).toBeVisible();
  await page.getByRole('button', { name: 'Show all news' }).click();
  await expect(count(page)).toHaveText('12 stories');

  // "My symbols": this learner has traded nothing yet, and the page says so.
  await page.getByRole('switch', { name: 'My symbols' }).click();
  await expect(page.getByText(/You have not traded any instrument yet/)).toBeVisible();
  await context.close();
});

test('an admin writes an article in /admin; it appears on /news and opens in the app', async ({
  browser,
  request,
}) => {
  const admin = await apiLogin(request, 'admin');
  const adminView = await openPage(browser, admin, '/admin?tab=news');
  const page = adminView.page;
  await expect(page.getByRole('heading', { name: 'Feed sources' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('Bundled sample feed')).toBeVisible();
  await page.getByRole('button', { name: 'Write an article' }).click();
  const dialog = page.getByRole('dialog', { name: 'Write an article' });
  await dialog.getByLabel('Title').fill(ARTICLE.title);
  await dialog.getByLabel('Article', { exact: true }).fill(ARTICLE.body);
  await dialog.getByRole('button', { name: 'Publish article' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('link', { name: ARTICLE.title })).toBeVisible();
  await adminView.context.close();

  const learner = await apiLogin(request, 'learner');
  const { context, page: reader } = await openPage(browser, learner, '/news');
  await expect(count(reader)).toHaveText('13 stories', { timeout: 60_000 });
  const first = cards(reader).first();
  await expect(first).toContainText('Candlewise article');
  await expect(first).toContainText(/just now|minutes? ago/); // a busy machine takes a while
  await first.getByRole('link', { name: ARTICLE.title }).click();
  await expect(reader).toHaveURL(/\/news\/[0-9a-f]{24}$/);
  await expect(reader.getByRole('heading', { level: 1, name: ARTICLE.title })).toBeVisible({
    timeout: 60_000,
  });
  await expect(reader.getByRole('heading', { level: 2, name: 'The new rule' })).toBeVisible(); // '#' sits under the page's h1
  await expect(reader.locator('.cw-news-article strong')).toHaveText('8 %');
  await context.close();
});

test('/home shows Top news', async ({ browser, request }) => {
  const learner = await apiLogin(request, 'learner');
  const { context, page } = await openPage(browser, learner, '/home');
  const card = page.locator('.cw-dashboard-news');
  await expect(card.getByRole('heading', { name: 'Top news' })).toBeVisible({ timeout: 60_000 });
  await expect(card.locator('li')).toHaveCount(4);
  await expect(card.locator('li').first()).toContainText(ARTICLE.title);
  await expect(card.getByRole('link', { name: 'All news' })).toHaveAttribute('href', '/news');
  await context.close();
});

test('screenshots: /news, an article, Top news and the admin tab, light and dark, 1280 and 375 px', async ({
  browser,
  request,
}) => {
  test.setTimeout(480_000);
  const learner = await apiLogin(request, 'learner');
  const admin = await apiLogin(request, 'admin');
  for (const width of [1280, 375]) {
    for (const dark of [false, true]) {
      const suffix = `${width}-${dark ? 'dark' : 'light'}`;
      const { context, page } = await openPage(browser, learner, '/news', { width, dark });
      await expect(count(page)).toBeVisible({ timeout: 60_000 });
      await page.evaluate(() => document.fonts.ready);
      // Only the first image: lazy images below the fold load when scrolled to, not before.
      await page.waitForFunction(
        () => document.querySelector<HTMLImageElement>('.cw-news__grid img')?.complete === true,
      );
      await page.screenshot({ path: path.join(screenshotDir, `news-${suffix}.png`) });
      await page.locator('.cw-news-card__link').first().click();
      await expect(page.getByRole('heading', { level: 1, name: ARTICLE.title })).toBeVisible({
        timeout: 60_000,
      });
      await page.screenshot({ path: path.join(screenshotDir, `news-article-${suffix}.png`) });
      await page.goto('/home');
      await expect(page.locator('.cw-dashboard-news li').first()).toBeVisible({ timeout: 60_000 });
      await page.locator('.cw-dashboard-news').scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(screenshotDir, `home-top-news-${suffix}.png`) });
      await context.close();

      const adminView = await openPage(browser, admin, '/admin?tab=news', { width, dark });
      await expect(adminView.page.getByText('Bundled sample feed')).toBeVisible({ timeout: 60_000 });
      await adminView.page.screenshot({
        path: path.join(screenshotDir, `admin-news-${suffix}.png`),
        fullPage: true,
      });
      await adminView.context.close();
    }
  }
});
