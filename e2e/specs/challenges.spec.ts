import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createLearner, json } from '../support/learners.ts';
import { screenshotDir } from '../support/screenshots.ts';
import { apiLogin, plantSession } from '../support/session.ts';

/**
 * A replayed day of BTCUSD bars, scripted so the journey does not depend on the market's mood: flat
 * at 10,000 for an hour (the page may take a while to open on a busy machine), up 30 a minute to
 * 10,300, flat for half an hour, then down 10 a minute to 9,900. At 60× a replayed minute passes
 * each second.
 */
const DAY = Date.UTC(2020, 0, 6);
function scriptedDay(): string {
  const lines = ['time,open,high,low,close,volume'];
  let previous = 10_000;
  for (let minute = 0; minute < 300; minute += 1) {
    const close =
      minute < 60
        ? 10_000
        : minute < 70
          ? 10_000 + (minute - 59) * 30
          : minute < 100
            ? 10_300
            : Math.max(9_900, 10_300 - (minute - 99) * 10);
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
  test.setTimeout(300_000);
  const admin = await apiLogin(request, 'admin');
  const asAdmin = { headers: { Authorization: `Bearer ${admin.token}` } };
  const learner = await createLearner(request, {
    prefix: 'challenge',
    firstName: 'Chen',
    lastName: 'Challenge',
  });
  await json(
    await request.post('/api/v1/admin/market/replay-bars/BTCUSD', {
      ...asAdmin,
      data: { csv: scriptedDay() },
    }),
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
  const [pending] = (await json(await request.get(`/api/v1/admin/groups/${cup._id}/participants`, asAdmin)))
    .data;
  await json(
    await request.post(`/api/v1/admin/groups/${cup._id}/participants/${pending._id}/approve`, asAdmin),
  );
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
  // The replayed morning's price, not today's simulated bitcoin (about 92,000).
  await expect(page.getByRole('form', { name: 'Order ticket' })).toContainText(/Ask\s*10,007\.50/, {
    timeout: 20_000,
  });

  // Phase 1: 50 BTC long on the flat morning; the rise takes equity past the 2 % target.
  const ticket = page.getByRole('form', { name: 'Order ticket' });
  await ticket.getByLabel('Quantity', { exact: true }).fill('50');
  await ticket.getByRole('button', { name: 'Buy BTCUSD' }).click();
  await expect(page.getByText('Order filled.')).toBeVisible();
  await expect(objectives).toContainText('Phase 2 of 2', { timeout: 70_000 });
  await expect(objectives.getByRole('region', { name: 'Decisions' })).toContainText('Phase 1 passed');

  // Phase 2, on the plateau: 50 BTC long again, and the fall crosses the 2 % daily loss first.
  await untilMinute(72);
  await ticket.getByLabel('Quantity', { exact: true }).fill('50');
  await ticket.getByRole('button', { name: 'Buy BTCUSD' }).click();
  await expect(page.getByText('Order filled.').last()).toBeVisible();
  const banner = page.locator('.cw-challenge-banner');
  await expect(banner).toContainText('Challenge failed: Maximum daily loss', { timeout: 90_000 });
  await page.screenshot({ path: path.join(screenshotDir, 'challenge-failed-desk-1280.png'), fullPage: true });

  // The breach shows its rule text, the equity before it and the fills that crossed it.
  await banner.getByRole('button', { name: 'See the evidence' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(
    "Daily loss: equity may not fall 2 % of the initial balance below the day's starting balance",
  );
  const fills = dialog.getByRole('table', { name: 'Fills of this decision' });
  await expect(fills.getByRole('row')).toHaveCount(3); // the header, the buy, the close-out
  await expect(fills).toContainText('Buy');
  await expect(fills).toContainText('Sell');
  await expect(dialog.locator('canvas').first()).toBeVisible();
  await page.screenshot({ path: path.join(screenshotDir, 'challenge-evidence-1280.png'), fullPage: true });
  await context.close();

  // The ledger agrees: phase 1 passed on its objectives, phase 2 failed on the daily loss.
  const account = (
    await json(await request.get(`/api/v1/group/${cup._id}/account`, { headers: learner.headers }))
  ).data;
  expect(account.challenge.status).toBe('failed');
  expect(
    account.challenge.events.map((event: { kind: string; phase: number; rule: string }) => [
      event.kind,
      event.phase,
      event.rule,
    ]),
  ).toEqual([
    ['passed', 1, 'objectives'],
    ['failed', 2, 'daily_loss'],
  ]);
});

test('a learner audits their journal against Two-step 10/5 and sees when it would have failed (screenshots)', async ({
  browser,
  request,
}) => {
  const learner = await createLearner(request, { prefix: 'audit', firstName: 'Ari', lastName: 'Audit' });
  for (const [day, pnl] of [
    ['2026-03-02', 3_000],
    ['2026-03-03', 4_000],
    ['2026-03-04', 3_500],
    ['2026-03-05', 200],
    ['2026-03-06', -5_100],
  ] as const)
    await json(
      await request.post('/api/v1/journal/trades', {
        headers: learner.headers,
        data: {
          symbol: 'AAPL',
          side: 'long',
          quantity: 100,
          entryPrice: 200,
          exitPrice: 200 + pnl / 100,
          entryTime: `${day}T14:00:00.000Z`,
          exitTime: `${day}T15:00:00.000Z`,
          currency: 'USD',
        },
      }),
    );
  for (const [width, dark] of [
    [1280, false],
    [1280, true],
    [375, false],
    [375, true],
  ] as const) {
    const context = await browser.newContext({ viewport: { width, height: width === 375 ? 812 : 900 } });
    const page = await context.newPage();
    await plantSession(page, learner, dark);
    await page.goto('/journal?tab=rule-audit');
    await page.getByRole('button', { name: 'Run the audit' }).click();
    const result = page.locator('.cw-rule-audit-result');
    await expect(result).toContainText('Failed');
    await expect(result).toContainText('phase 2 of 2: Verification');
    await expect(result).toContainText('Phase 2: Maximum daily loss');
    await page.screenshot({
      path: path.join(screenshotDir, `journal-rule-audit-${dark ? 'dark' : 'light'}-${width}.png`),
      fullPage: true,
    });
    await context.close();
  }
});
