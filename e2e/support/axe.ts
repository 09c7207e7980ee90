import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The page has settled: its heading is there and nothing is still loading or animating. */
export async function settled(page: Page) {
  await expect(page.locator('h1').first()).toBeVisible({ timeout: 30_000 });
  // Spinners too: the plain ones are a status named by aria-label ("Loading groups", "Loading page").
  await expect(
    page.locator(
      '.ant-skeleton-active, .ant-spin-spinning, [role="status"]:text("Loading"), [role="status"][aria-label^="Loading"]',
    ),
  ).toHaveCount(0, {
    timeout: 15_000,
  });
  // Antd's entrance animations (fading tabs, tables, dialogs) and the scroll-region shim
  // (apps/web/src/lib/focusable-scroll-regions.ts, one animation frame after a change) finish
  // before axe reads the page: axe measures colours and tab stops as they are at that instant.
  // A toast fades in (axe would read its text half-transparent). A failure names what is still
  // animating (the classes of each element). The click wave of a
  // button (.ant-wave) is a decoration that goes once its animation ends: not waited for.
  // A table that has just started to overflow (its rows arrived, a live figure widened) is made
  // focusable by the shim a frame later (a component's own box, such as the standings', at once and
  // in its size reports): a failure names any box that scrolls sideways and is not yet reachable.
  await expect
    .poll(
      () =>
        page.evaluate(() => [
          ...[
            ...document.querySelectorAll(
              '[class*="-appear-active"], [class*="-enter-active"], [class*="Toastify__bounce-enter"]',
            ),
          ]
            .filter((element) => !element.classList.contains('ant-wave'))
            .map((element) => String(element.getAttribute('class'))),
          // Any box that scrolls sideways, as axe's scrollable-region-focusable finds them.
          ...[...document.querySelectorAll<HTMLElement>('body *')]
            .filter(
              (region) =>
                region.scrollWidth > region.clientWidth + 1 &&
                region.tabIndex < 0 &&
                ['auto', 'scroll'].includes(getComputedStyle(region).overflowX) &&
                !region.querySelector(
                  'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])',
                ),
            )
            .map((region) => `not yet reachable by keyboard: ${region.className}`),
        ]),
      { timeout: 5_000 },
    )
    .toEqual([]);
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/**
 * The serious and critical WCAG 2.1 A/AA violations axe finds on the page as it is now, one line
 * each: `where: rule (impact, count×) first targets`. Empty when the page is clean.
 *
 * Run the plain way, which made the sweep three times faster (learner, 1280 px: 66 s → 20 s):
 * - axe.run in the page (AxeBuilder's legacy mode). Its default runs axe in each frame, then opens
 *   a new tab to merge the results: a renderer process started and torn down per page, 1–4 s each
 *   on a 2-core machine. Legacy mode does not look inside cross-origin frames; the app's only frame
 *   is a lesson's YouTube player, there once Play is pressed, and the `<iframe>` itself (its
 *   title) is still checked.
 * - axe's script (~550 KB) put in once per document: the sweep moves inside the app without
 *   reloading it, so the page keeps it; a page with frames gets it again each time, in every frame.
 * accessibility.spec.ts plants violations on a page to show this finds them.
 */
export async function seriousViolations(page: Page, where: string): Promise<string[]> {
  const loaded =
    page.frames().length === 1 &&
    (await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object'));
  const { violations } = await new AxeBuilder({ page, ...(loaded ? { axeSource: ';' } : {}) })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .setLegacyMode(true)
    .analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => {
      const targets = violation.nodes
        .slice(0, 3)
        .map((node) => `${node.target.join(' ')} ${node.html.slice(0, 120)} ${node.any[0]?.message ?? ''}`)
        .join(' | ');
      return `${where}: ${violation.id} (${violation.impact}, ${violation.nodes.length}×) ${targets}`;
    });
}

/**
 * Headings that skip a level after the one before them (an h3 straight after an h1), as Lighthouse's
 * accessibility audit reports them (axe's heading-order, a best practice the WCAG tags above leave
 * out): a screen reader's outline of the page then has a hole. One line each, empty when none.
 */
export async function headingJumps(page: Page, where: string): Promise<string[]> {
  const jumps = await page.evaluate(() => {
    const headings = [
      ...document.querySelectorAll<HTMLElement>('h1, h2, h3, h4, h5, h6, [role="heading"][aria-level]'),
    ].filter((heading) => heading.getClientRects().length > 0);
    const found: string[] = [];
    let previous = 0;
    for (const heading of headings) {
      const level = Number(heading.getAttribute('aria-level') ?? heading.tagName.slice(1));
      if (previous > 0 && level > previous + 1) {
        found.push(`h${level} after h${previous}: "${(heading.textContent ?? '').trim().slice(0, 60)}"`);
      }
      previous = level;
    }
    return found;
  });
  return jumps.map((jump) => `${where}: heading-order ${jump}`);
}
