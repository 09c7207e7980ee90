import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createLearner, json } from '../support/learners.ts';
import { screenshotDir } from '../support/screenshots.ts';
import { apiLogin, plantSession } from '../support/session.ts';

/**
 * A replayed day of BTCUSD bars, scripted so the journey does not depend on the market's mood: flat
 * at 10,000 for half an hour, up 30 a minute to 10,300, flat for half an hour, then down 10 a
 * minute to 9,900. At 60× a replayed minute passes each second.
 */
const DAY = Date.UTC(2020, 0, 6);
function scriptedDay(): string {
  const lines = ['time,open,high,low,close,volume'];
  let previous = 10_000;
  for (let minute = 0; minute < 240; minute += 1) {
    const close =
      minute < 30
        ? 10_000
        : minute < 40
          ? 10_000 + (minute - 29) * 30
          : minute < 70
            ? 10_300
            : Math.max(9_900, 10_300 - (minute - 69) * 10);
    const time = new Date(DAY + minute * 60_000).toISOString();
    lines.push(`${time},${previous},${Math.max(previous, close)},${Math.min(previous, close)},${close},1`);
    previous = close;
  }
  return lines.join('\n');
}

test('a learner passes phase 1 of a two-phase challenge on a replayed day at 60×, then fails phase 2 on the daily loss', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const admin = await apiLogin(request, 'admin');
  const asAdmin = { headers: { Authorization: `Bearer ${admin.token}` } };
  const learner = await createLearner(request, { prefix: 'challenge', firstName: 'Chen', lastName: 'Challenge' });
  await json(
    await request.post('/api/v1/admin/market/replay-bars/BTCUSD', { ...asAdmin, data: { csv: scriptedDay() } }),
  );
  const startMs = Date.now();
  const cup = (
    await json(
      await request.post('/api/v1/admin/groups', {
        ...asAdmin,
        data: {
          name: 'Replay challenge: two steps in an hour',
          startDate: new Date(startMs).toISOString(),
          endDate: new Date(startMs + 86_400_000).toISOString(),
          freezeDuration: 0,
          freezeThreshold: 0,
          currency: 'USD',
          timeZone: 'UTC',
          instruments: ['BTCUSD'],
          marketMode: 'replay',
          replayFrom: new Date(DAY).toISOString(),
          replaySpeed: 60,
          ruleSet: 'replay-two-step-2-1@1',
        },
      }),
    )
  ).data;
  await json(
    await request.post(`/api/v1/group/${cup._id}/participants`, {
      headers: learner.headers,
      data: { userId: learner.user._id },
    }),
  );
  const [pending] = (await json(await request.get(`/api/v1/admin/groups/${cup._id}/participants`, asAdmin))).data;
  await json(await request.post(`/api/v1/admin/groups/${cup._id}/participants/${pending._id}/approve`, asAdmin));
  /** Waits until the replayed clock reaches `minute` of the day (at 60×, `minute` seconds after the start). */
  const untilMinute = async (minute: number) => {
    const wait = startMs + minute * 1000 - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  };

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await plantSession(page, learner, false);
  await page.goto(`/group/${cup._id}/leaderboard`);
  const objectives = page.locator('.cw-objectives');
  await expect(objectives).toContainText('Replay two-step 2/1');
  await expect(objectives).toContainText('Phase 1 of 2');
  await expect(page.getByText(/^Bid\s*10,0\d\d/)).toBeVisible({ timeout: 20_000 });

  // Phase 1: 50 BTC long on the flat morning; the rise takes equity past the 2 % target.
  const ticket = page.getByRole('form', { name: 'Order ticket' });
  await ticket.getByLabel('Quantity', { exact: true }).fill('50');
  await ticket.getByRole('button', { name: 'Buy BTCUSD' }).click();
  await expect(page.getByText('Order filled.')).toBeVisible();
  await expect(objectives).toContainText('Phase 2 of 2', { timeout: 40_000 });
  await expect(objectives.getByRole('region', { name: 'Decisions' })).toContainText('Phase 1 passed');

  // Phase 2, on the plateau: 50 BTC long again, and the fall crosses the 2 % daily loss first.
  await untilMinute(42);
  await ticket.getByLabel('Quantity', { exact: true }).fill('50');
  await ticket.getByRole('button', { name: 'Buy BTCUSD' }).click();
  await expect(page.getByText('Order filled.').last()).toBeVisible();
  const banner = page.locator('.cw-challenge-banner');
  await expect(banner).toContainText('Challenge failed: Maximum daily loss', { timeout: 60_000 });
  await page.screenshot({ path: path.join(screenshotDir, 'challenge-failed-desk-1280.png'), fullPage: true });

  // The breach shows its rule text, the equity before it and the fills that crossed it.
  await banner.getByRole('button', { name: 'See the evidence' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(
    "Daily loss: equity may not fall 2 % of the initial balance below the day's starting balance",
  );
  const fills = dialog.getByRole('table');
  await expect(fills.getByRole('row')).toHaveCount(3); // the header, the buy, the close-out
  await expect(fills).toContainText('Buy');
  await expect(fills).toContainText('Sell');
  await expect(dialog.locator('canvas').first()).toBeVisible();
  await page.screenshot({ path: path.join(screenshotDir, 'challenge-evidence-1280.png'), fullPage: true });
  await context.close();

  // The ledger agrees: phase 1 passed on its objectives, phase 2 failed on the daily loss.
  const account = (await json(await request.get(`/api/v1/group/${cup._id}/account`, { headers: learner.headers })))
    .data;
  expect(account.challenge.status).toBe('failed');
  expect(account.challenge.events.map((event: { kind: string; phase: number; rule: string }) => [event.kind, event.phase, event.rule])).toEqual([
    ['passed', 1, 'objectives'],
    ['failed', 2, 'daily_loss'],
  ]);
});
