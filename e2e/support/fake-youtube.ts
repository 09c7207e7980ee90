import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FrameLocator, Page } from '@playwright/test';

const FAKE_PLAYER = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../fixtures/fake-youtube-player.html',
);

/** YouTube's embed addresses (both hosts the lesson player may use). */
const EMBED = /^https:\/\/www\.youtube(?:-nocookie)?\.com\/embed\//;

/**
 * The e2e suite has no internet: every YouTube embed the page opens is answered with the fake player
 * (fixtures/fake-youtube-player.html), which speaks the postMessage protocol the lesson player uses.
 * The fake keeps the embed's origin, so the page's origin checks pass. Call before opening the page.
 */
export async function installFakeYouTube(
  page: Page,
  { duration }: { duration?: number } = {},
): Promise<void> {
  const html = await readFile(FAKE_PLAYER, 'utf8');
  await page.route(EMBED, async (route) => {
    // ?duration= is the fake's own parameter; the page's URL is left as it is, so it is given here.
    const body =
      duration === undefined ? html : html.replace("params.get('duration') ?? 1800", String(duration));
    await route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body });
  });
}

/** What the fake player in the lesson's frame shows: its state, whole second and speed. */
export function fakePlayer(page: Page, lessonTitle: string) {
  const frame: FrameLocator = page.frameLocator(`iframe[title="${lessonTitle.replace(/"/g, '\\"')}"]`);
  return {
    state: frame.getByTestId('fake-state'),
    time: frame.getByTestId('fake-time'),
    rate: frame.getByTestId('fake-rate'),
  };
}
