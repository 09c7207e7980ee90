import type { APIRequestContext, Browser, Page } from '@playwright/test';

export const E2E_USERS = {
  learner: {
    email: 'learner@e2e.test',
    password: 'learner-password-1',
    firstName: 'Lena',
    lastName: 'Learner',
  },
  admin: { email: 'admin@e2e.test', password: 'admin-password-1', firstName: 'Ada', lastName: 'Admin' },
} as const;

export type Session = { token: string; user: Record<string, unknown> & { _id: string } };

export async function apiLogin(request: APIRequestContext, who: keyof typeof E2E_USERS): Promise<Session> {
  const { email, password } = E2E_USERS[who];
  const response = await request.post('/api/v1/auth/login', { data: { email, password } });
  if (!response.ok()) throw new Error(`login failed: ${response.status()} ${await response.text()}`);
  return (await response.json()).data;
}

/** The redux-persist shape under localStorage 'persist:root': each slice JSON-encoded once more. */
export function persistedRoot(auth: { token: string | null; user: unknown }, darkMode = false): string {
  return JSON.stringify({
    auth: JSON.stringify(auth),
    theme: JSON.stringify({ darkMode }),
    _persist: JSON.stringify({ version: 1, rehydrated: true }),
  });
}

/** Puts a session (and the theme) in place before any page script runs. */
export async function plantSession(
  page: Page,
  auth: { token: string | null; user: unknown },
  darkMode = false,
) {
  await page.addInitScript(
    (value) => {
      if (!window.sessionStorage.getItem('cw-e2e-planted')) {
        window.localStorage.setItem('persist:root', value);
        window.sessionStorage.setItem('cw-e2e-planted', '1');
      }
    },
    persistedRoot(auth, darkMode),
  );
}

/** A JWT-shaped token whose payload has the given expiry (the client only decodes it). */
export function tokenWithExpiry(expSeconds: number, sub = 'someone'): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub, exp: expSeconds, tv: 0 })}.c2lnbmF0dXJl`;
}

export async function readPersistedRoot(page: Page): Promise<Record<string, unknown>> {
  const raw = await page.evaluate(() => window.localStorage.getItem('persist:root'));
  if (!raw) return {};
  const outer = JSON.parse(raw) as Record<string, string>;
  return Object.fromEntries(Object.entries(outer).map(([key, value]) => [key, JSON.parse(value)]));
}

export type OpenOptions = {
  /** The viewport's width (default 1280); 375 is a phone, 812 tall. */
  width?: number;
  dark?: boolean;
  /** The desktop viewport's height (default 800). */
  height?: number;
};

/** A fresh browser context at `url` with `session` (and the theme) planted before any script runs. */
export async function openSignedIn(
  browser: Browser,
  session: { token: string | null; user: unknown },
  url: string,
  { width = 1280, dark = false, height = 800 }: OpenOptions = {},
) {
  const context = await browser.newContext({ viewport: { width, height: width === 375 ? 812 : height } });
  const page = await context.newPage();
  await plantSession(page, session, dark);
  await page.goto(url);
  return { context, page };
}
