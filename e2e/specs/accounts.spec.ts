import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { outboxCode, signUpInBrowser } from '../support/onboarding.ts';
import { screenshotDir } from '../support/screenshots.ts';
import { apiLogin, plantSession, readPersistedRoot } from '../support/session.ts';

async function openAccountMenu(page: Page) {
  await page.getByRole('button', { name: /account menu/i }).click();
}

async function logOutFromMenu(page: Page) {
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth$/);
}

const unique = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
const newcomer = {
  email: `newcomer-${unique}@e2e.test`,
  password: 'first-password-1',
  newPassword: 'second-password-2',
  // E.164, +91 and ten digits that differ per run
  phoneNumber: `+9198${unique.slice(-8)}`,
  firstName: 'Nia',
  lastName: 'Newcomer',
};

// The sign-up journey creates the account the reset journey uses: run them in order.
test.describe.configure({ mode: 'serial' });

test('a visitor signs up, confirms e-mail and phone, gives details, and logs out and in again', async ({
  page,
  request,
}) => {
  await signUpInBrowser(page, request, newcomer, {
    onScreen: async (screen) => {
      if (screen === '/signup') {
        await expect(
          page.getByRole('heading', { level: 1, name: 'Create your Candlewise account' }),
        ).toBeVisible();
      } else if (screen === '/confirm-email') {
        await expect(page.getByRole('button', { name: /Send a new code in \d+ s/ })).toBeDisabled();
      } else if (screen === '/confirm-phno') {
        await expect(page.getByText(newcomer.phoneNumber)).toBeVisible();
      }
    },
  });

  await openAccountMenu(page);
  await expect(page.getByText(`${newcomer.firstName} ${newcomer.lastName}`)).toBeVisible();
  await page.keyboard.press('Escape');

  await logOutFromMenu(page);
  await page.getByRole('link', { name: 'Log in' }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('E-mail', { exact: true }).fill(newcomer.email);
  await page.getByLabel('Password', { exact: true }).fill(newcomer.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: `Welcome back, ${newcomer.firstName}` })).toBeVisible();
});

test('resetting the password refuses the old password and revokes the old tokens', async ({
  page,
  request,
}) => {
  // A session opened before the reset, e.g. on another device.
  const login = await request.post('/api/v1/auth/login', {
    data: { email: newcomer.email, password: newcomer.password },
  });
  expect(login.status()).toBe(200);
  const { token: oldToken, user } = (await login.json()).data as { token: string; user: { _id: string } };
  const asOldSession = { headers: { Authorization: `Bearer ${oldToken}` } };
  expect((await request.get(`/api/v1/user/details/${user._id}`, asOldSession)).status()).toBe(200);

  await page.goto('/login');
  await page.getByRole('link', { name: /Forgot your password/ }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  // Not before its heading: until the page's code is in, the address is new but /login, its own
  // E-mail field included, is still what is on screen (in CI the reset page once came up empty).
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
  await page.getByLabel('E-mail', { exact: true }).fill(newcomer.email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByLabel('6-digit code', { exact: true })).toBeVisible();
  await page
    .getByLabel('6-digit code', { exact: true })
    .fill(await outboxCode(request, newcomer.email, 'email', /reset/i));
  await page.getByLabel('New password', { exact: true }).fill(newcomer.newPassword);
  await page.getByRole('button', { name: 'Set new password' }).click();

  await expect(page).toHaveURL(/\/login$/);
  // The address changes first; the reset page (and its own notices) stays until /login's code is in.
  await expect(page.getByRole('status').filter({ hasText: 'Your password was changed' })).toBeVisible();
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(newcomer.email);
  await page.getByLabel('Password', { exact: true }).fill(newcomer.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await expect(page).toHaveURL(/\/login$/);

  expect((await request.get(`/api/v1/user/details/${user._id}`, asOldSession)).status()).toBe(401);

  await page.getByLabel('Password', { exact: true }).fill(newcomer.newPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/home$/);
  const persisted = await readPersistedRoot(page);
  expect((persisted.auth as { token: string }).token).not.toBe(oldToken);
});

test('a signed-in user without a role resumes onboarding at the next step', async ({ page, request }) => {
  const email = `resume-${unique}@e2e.test`;
  const signup = await request.post('/api/v1/auth/signup', {
    data: { email, password: 'resume-password-1' },
  });
  expect(signup.status()).toBe(201);
  // Sign-up grants no session (ADR 027): the session comes from logging in.
  const session = await request.post('/api/v1/auth/login', {
    data: { email, password: 'resume-password-1' },
  });
  await plantSession(page, (await session.json()).data);
  await page.goto('/journal');
  await expect(page).toHaveURL(/\/confirm-email$/);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/confirm-email$/);
  await expect(page.getByText(email).first()).toBeVisible();
});

test('screenshots: /signup, /confirm-email and /profile, light and dark, 1280 and 375 px', async ({
  browser,
  request,
}) => {
  const learner = await apiLogin(request, 'learner');
  const shots = { email: `shots-${unique}@e2e.test`, password: 'shots-password-1' };
  expect((await request.post('/api/v1/auth/signup', { data: shots })).status()).toBe(201);
  const onboarding = (await (await request.post('/api/v1/auth/login', { data: shots })).json()).data;

  for (const dark of [false, true]) {
    for (const width of [1280, 375]) {
      const suffix = `${dark ? 'dark' : 'light'}-${width}`;
      const viewport = { width, height: width === 375 ? 812 : 800 };

      const visitor = await browser.newContext({ viewport });
      const signupTab = await visitor.newPage();
      await plantSession(signupTab, { token: null, user: null }, dark);
      await signupTab.goto('/signup');
      await signupTab.getByRole('button', { name: 'Create account' }).click(); // show the inline errors
      await expect(signupTab.getByText('Please enter a valid e-mail address.')).toBeVisible();
      await signupTab.screenshot({ path: path.join(screenshotDir, `signup-${suffix}.png`), fullPage: true });
      await visitor.close();

      const newcomerContext = await browser.newContext({ viewport });
      const confirmTab = await newcomerContext.newPage();
      await plantSession(confirmTab, onboarding, dark);
      await confirmTab.goto('/confirm-email');
      await expect(confirmTab.getByRole('heading', { level: 1, name: 'Confirm your e-mail' })).toBeVisible();
      await confirmTab.screenshot({
        path: path.join(screenshotDir, `confirm-email-${suffix}.png`),
        fullPage: true,
      });
      await newcomerContext.close();

      const learnerContext = await browser.newContext({ viewport });
      const profileTab = await learnerContext.newPage();
      await plantSession(profileTab, learner, dark);
      await profileTab.goto('/profile');
      await expect(profileTab.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
      await expect(profileTab.getByRole('heading', { name: 'Delete account' })).toBeVisible();
      // The notification stream stays open, so "networkidle" never comes: give late images a moment.
      await profileTab.waitForTimeout(500);
      await profileTab.screenshot({
        path: path.join(screenshotDir, `profile-${suffix}.png`),
        fullPage: true,
      });
      await learnerContext.close();
    }
  }
});
