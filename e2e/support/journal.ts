import { type Browser, expect } from '@playwright/test';
import { type OpenOptions, openSignedIn } from './session.ts';

/** /journal (any tab) signed in, once its heading is on screen. */
export async function openJournal(
  browser: Browser,
  session: { token: string | null; user: unknown },
  url: string,
  options: OpenOptions = {},
) {
  const opened = await openSignedIn(browser, session, url, { height: 900, ...options });
  // The first visit loads the page's chunks; a busy CI machine can take a while.
  await expect(opened.page.getByRole('heading', { level: 1, name: 'Journal' })).toBeVisible({
    timeout: 30_000,
  });
  return opened;
}
