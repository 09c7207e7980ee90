import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { apiLogin, plantSession, readPersistedRoot, tokenWithExpiry } from '../support/session.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const screenshotDir = path.join(repoRoot, 'e2e/test-results/screenshots');

test('the API is healthy and the landing page is served', async ({ page, request }) => {
  const health = await request.get('/api/v1/health');
  expect(health.status()).toBe(200);
  expect(await health.json()).toMatchObject({ success: true });

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: /create your free account/i }).first()).toBeVisible();
});

test('the first pages arrive rendered: readable before any script, and a form used meanwhile still works', async ({
  page,
  request,
}) => {
  // The HTML itself carries the page (rendered at build time), not an empty #root.
  const html = await (await request.get('/login')).text();
  expect(html).toContain('data-prerendered="/login"');
  expect(html).toMatch(/<h1[^>]*>Log in to Candlewise<\/h1>/);

  // Scripts held back: the page is already there, styled, with no CSP complaint about the inline script.
  const problems: string[] = [];
  page.on('console', (message) => {
    // The browser also logs the 401 of the wrong password below, which is the point of the test.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      problems.push(message.text());
    }
  });
  let releaseScripts = () => {};
  const scriptsHeld = new Promise<void>((resolve) => {
    releaseScripts = resolve;
  });
  await page.route('**/assets/index-*.js', async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  await page.goto('/login', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1, name: 'Log in to Candlewise' })).toBeVisible();
  const card = page.locator('.cw-account-page__card');
  expect(await card.evaluate((element) => getComputedStyle(element).borderTopStyle)).toBe('solid');

  // The visitor types and presses Log in before the app's script has arrived…
  await page.getByLabel('E-mail').fill('nobody@example.com');
  await page.getByLabel('Password', { exact: true }).fill('not the password');
  await page.getByRole('button', { name: 'Log in' }).click();
  expect(page.url()).not.toContain('password'); // no plain GET with the fields in the address
  releaseScripts();

  // …and once it has, the held submission goes to the API with what was typed.
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  expect(page.url()).toMatch(/\/login$/);
  expect(problems).toEqual([]);
});

test('an unknown path shows a plain Not Found heading', async ({ page }) => {
  await page.goto('/this/path/does-not-exist');
  await expect(page.getByRole('heading', { name: 'Not Found' })).toBeVisible();
});

test('a signed-out visitor opening /home lands on /login', async ({ page }) => {
  await page.goto('/home');
  await expect(page).toHaveURL(/\/login$/);
});

/**
 * Holds the app's code back until the returned function is called: what shows meanwhile came with
 * the HTML and its one inline script.
 */
async function holdAppCode(page: Page): Promise<() => void> {
  let releaseCode = () => {};
  const codeHeld = new Promise<void>((resolve) => {
    releaseCode = resolve;
  });
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await codeHeld;
    await route.continue();
  });
  return releaseCode;
}

test("/home paints the learner's greeting and course picture from its HTML, before the app's code", async ({
  page,
  request,
}) => {
  const session = await apiLogin(request, 'learner');
  await plantSession(page, session);
  const releaseCode = await holdAppCode(page);
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  // The picture comes before the app's entry and its ~50 chunks: the head script holds them until
  // it is in (their requests would otherwise queue before it on the browser's six connections).
  const order: string[] = [];
  page.on('requestfinished', (done) => {
    if (done.url().includes('/images/')) order.push('picture');
  });
  // The stylesheets the first view needs are inline and marked as such: none is asked for again.
  const stylesheets: string[] = [];
  page.on('request', (asked) => {
    if (/\/assets\/index-[\w-]+\.js$/.test(asked.url())) order.push('code');
    if (asked.resourceType() === 'stylesheet') stylesheets.push(new URL(asked.url()).pathname);
  });
  await page.goto('/home', { waitUntil: 'commit' });
  const firstView = page.locator('#root[data-shell="/home"]');
  await expect(firstView.getByRole('heading', { level: 1 })).toHaveText('Welcome back, Lena');
  const picture = firstView.locator('img.cw-dashboard-continue__image');
  await expect(picture).toBeVisible();
  await expect
    .poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
    .toBe(true);
  const src = await picture.getAttribute('src');
  expect(src).toMatch(/^\/images\//);
  await expect.poll(() => order.includes('code')).toBe(true);
  expect(order[0]).toBe('picture');

  releaseCode();
  // The app draws the same page in its place: the same picture, now with the course and its button.
  await expect(page.locator('#root:not([data-shell])')).toBeAttached();
  // "Continue" under way, "Start course" at 0 % (the learner's progress depends on the specs run before).
  await expect(page.getByRole('link', { name: /^(Continue|Start course): / })).toBeVisible();
  await expect(page.locator('img.cw-dashboard-continue__image')).toHaveAttribute('src', src ?? '');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome back, Lena');
  expect(stylesheets).toEqual([]);
  // The Content-Security-Policy let the inline script run: nothing was refused.
  expect(problems.filter((text) => /Content Security Policy|Refused/.test(text))).toEqual([]);
});

test("a leaderboard's heading names its competition from the HTML, before the app's code", async ({
  page,
  request,
}) => {
  await plantSession(page, await apiLogin(request, 'learner'));
  const releaseCode = await holdAppCode(page);
  await page.goto('/group/group-running/leaderboard', { waitUntil: 'commit' });
  const named = 'November Forex Sprint · Leaderboard';
  await expect(page.locator('#root[data-shell] h1')).toHaveText(named);
  releaseCode();
  await expect(page.locator('#root:not([data-shell])')).toBeAttached();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(named);
  await expect(page.getByText(/trading freezes at \d+% drawdown/)).toBeVisible();
});

test('an expired token shows the session alert, signs out and goes to /login', async ({ page }) => {
  const expired = tokenWithExpiry(Math.floor(Date.now() / 1000) - 60);
  await plantSession(page, {
    token: expired,
    user: { _id: 'someone', firstName: 'Old', lastName: 'Session', role: 'user' },
  });
  const alerts: string[] = [];
  page.on('dialog', async (dialog) => {
    alerts.push(dialog.message());
    await dialog.accept();
  });
  await page.goto('/home');
  await expect(page).toHaveURL(/\/login$/);
  expect(alerts).toEqual(['Session Expired, please login again']);
  const persisted = await readPersistedRoot(page);
  expect(persisted.auth).toMatchObject({ token: null, user: null });
});

test('dark mode survives a reload and is persisted under persist:root', async ({ page, request }) => {
  const session = await apiLogin(request, 'learner');
  await plantSession(page, session);
  await page.goto('/home');
  await expect(page.getByRole('heading', { name: /Welcome back, Lena/ })).toBeVisible();
  await expect(page.locator('html')).not.toHaveAttribute('data-theme', 'dark');

  await page.getByRole('switch', { name: 'Dark mode' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const persisted = await readPersistedRoot(page);
  expect(persisted.theme).toEqual({ darkMode: true });
  expect(persisted._persist).toMatchObject({ version: 1 });
});

test('the frame: sidebar of 200 px on wide screens, a bottom bar at 375 px', async ({ page, request }) => {
  const session = await apiLogin(request, 'learner');
  await plantSession(page, session);

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/home');
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar).toBeVisible();
  expect((await sidebar.boundingBox())?.width).toBe(200);
  await expect(page.getByTestId('bottom-nav')).toBeHidden();
  for (const name of ['Home', 'Groups', 'Journal']) {
    await expect(sidebar.getByRole('link', { name })).toBeVisible();
  }

  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByTestId('bottom-nav')).toBeVisible();
  await expect(page.getByTestId('sidebar')).toBeHidden();
});

test('the avatar menu shows the badge, the name and logs out to /auth', async ({ page, request }) => {
  const session = await apiLogin(request, 'learner');
  await plantSession(page, session);
  await page.goto('/home');
  await page.getByRole('button', { name: /account menu/i }).click();
  await expect(page.getByText('Free trialz')).toBeVisible();
  await expect(page.getByText('Lena Learner')).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'View Profile' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Manage Subscription' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  expect((await readPersistedRoot(page)).auth).toMatchObject({ token: null, user: null });
});

test('the contact form stores a message and confirms it', async ({ page }) => {
  await page.goto('/contact');
  await page.getByLabel('Name').fill('Playwright Visitor');
  await page.getByLabel('E-mail').fill('visitor@example.com');
  await page.getByLabel('Subject').fill('Question about competitions');
  await page.getByLabel('Message').fill('How long does a freeze last in the running competition?');
  await page.getByRole('button', { name: /send/i }).click();
  await expect(page.getByRole('status')).toContainText(/received your message/i);
});

test('a second server on the same DATA_DIR exits with a clear message and the first keeps serving', async ({
  request,
}) => {
  const dataDir = process.env.E2E_DATA_DIR;
  test.skip(!dataDir, 'needs the runner’s DATA_DIR');
  const second = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0' },
  });
  let output = '';
  second.stdout.on('data', (chunk) => (output += chunk));
  second.stderr.on('data', (chunk) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => second.on('exit', resolve));
  expect(code).toBe(1);
  expect(output).toContain('Another Candlewise process is already using DATA_DIR');
  expect((await request.get('/api/v1/health')).status()).toBe(200);
});

test('screenshots: landing and frame, light and dark, 1280 and 375 px', async ({ page, request }) => {
  const session = await apiLogin(request, 'learner');
  for (const dark of [false, true]) {
    for (const width of [1280, 375]) {
      const context = await page
        .context()
        .browser()!
        .newContext({ viewport: { width, height: width === 375 ? 812 : 800 } });
      const tab = await context.newPage();
      await plantSession(tab, { token: null, user: null }, dark);
      await tab.goto('/');
      await tab.waitForLoadState('networkidle');
      await tab.screenshot({
        path: path.join(screenshotDir, `landing-${dark ? 'dark' : 'light'}-${width}.png`),
        fullPage: true,
      });
      await context.close();

      const framed = await page
        .context()
        .browser()!
        .newContext({ viewport: { width, height: width === 375 ? 812 : 800 } });
      const framedTab = await framed.newPage();
      await plantSession(framedTab, session, dark);
      await framedTab.goto('/home');
      await expect(framedTab.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
      // Not 'networkidle': the bell keeps a live notification stream open on framed pages.
      await framedTab.evaluate(() => document.fonts.ready);
      await framedTab.screenshot({
        path: path.join(screenshotDir, `frame-home-${dark ? 'dark' : 'light'}-${width}.png`),
        fullPage: true,
      });
      await framed.close();
    }
  }
});
