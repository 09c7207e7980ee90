import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from '@playwright/test';
import { plantSession } from './session.ts';

/** Where specs put the screenshots they take on purpose (to look at, not to compare). */
export const screenshotDir = path.join(
  fileURLToPath(new URL('../..', import.meta.url)),
  'e2e/test-results/screenshots',
);

/** A page to photograph: where it is, and what shows it has finished loading. */
export type Shot = { name: string; path: string; ready: (page: Page) => Promise<void> };

/**
 * Each shot, full page, at 1280 and 375 px, light and dark, as `${name}-${light|dark}-${width}.png`.
 * One browser per look goes through the shots in turn, as a learner moving between pages: after the
 * first page the app's code comes from that browser's cache (a signed-in page loaded in about half
 * the time it took in a new browser each, 2.5–3.5 s, on a 2-core machine).
 */
export async function shootLooks(
  browser: Browser,
  auth: { token: string | null; user: unknown },
  shots: Shot[],
): Promise<void> {
  for (const dark of [false, true]) {
    for (const width of [1280, 375]) {
      const context = await browser.newContext({ viewport: { width, height: width === 375 ? 812 : 800 } });
      const page = await context.newPage();
      await plantSession(page, auth, dark);
      for (const shot of shots) {
        await page.goto(shot.path);
        await shot.ready(page);
        // Not networkidle: the signed-in frame keeps the notification stream open.
        await page.evaluate(() => document.fonts.ready);
        await page.screenshot({
          path: path.join(screenshotDir, `${shot.name}-${dark ? 'dark' : 'light'}-${width}.png`),
          fullPage: true,
        });
      }
      await context.close();
    }
  }
}
