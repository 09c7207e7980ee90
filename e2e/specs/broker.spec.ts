import path from 'node:path';
import { type APIRequestContext, type Browser, expect, test } from '@playwright/test';
import { createLearner, json } from '../support/learners.ts';
import { screenshotDir } from '../support/screenshots.ts';
import { apiLogin, openSignedIn, type Session } from '../support/session.ts';

const GROUP = 'group-running';
const SYMBOL = 'NIFTY50';

test.describe.configure({ mode: 'serial' });

/** A new learner of our own (signed up and onboarded through the API), then Pro through the local checkout. */
async function createProLearner(request: APIRequestContext): Promise<Session> {
  const { email, password, headers } = await createLearner(request, {
    prefix: 'broker',
    firstName: 'Bina',
    lastName: 'Broker',
  });
  const login = () => request.post('/api/v1/auth/login', { data: { email, password } });
  const userId = (await json(await login())).data.user._id as string;
  const started = await json(await request.post('/api/v1/plans/checkout', { headers }));
  const { sessionId } = started.data as { sessionId: string };
  await json(
    await request.post(`/api/v1/plans/checkout/${sessionId}/pay`, {
      headers,
      data: { cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', name: 'Bina Broker' },
    }),
  );
  await json(await request.post('/api/v1/plans/getsession', { headers, data: { userId, sessionId } }));
  // Signed in again, so the session the browser gets already says Pro.
  return (await json(await login())).data;
}

/** Joins the running competition, has the admin approve, then opens and closes one trade. */
async function tradeOnceInCompetition(request: APIRequestContext, learner: Session) {
  const headers = { Authorization: `Bearer ${learner.token}` };
  await json(
    await request.post(`/api/v1/group/${GROUP}/participants`, {
      headers,
      data: { userId: learner.user._id },
    }),
  );
  const admin = await apiLogin(request, 'admin');
  const adminHeaders = { Authorization: `Bearer ${admin.token}` };
  const requests = await json(
    await request.get(`/api/v1/admin/groups/${GROUP}/participants`, { headers: adminHeaders }),
  );
  const mine = requests.data.find((row: { userId: string }) => row.userId === learner.user._id);
  await json(
    await request.post(`/api/v1/admin/groups/${GROUP}/participants/${mine._id}/approve`, {
      headers: adminHeaders,
    }),
  );
  await json(
    await request.post(`/api/v1/group/${GROUP}/orders`, {
      headers,
      data: { symbol: SYMBOL, side: 'buy', type: 'market', quantity: 1 },
    }),
  );
  await json(await request.post(`/api/v1/group/${GROUP}/positions/${SYMBOL}/close`, { headers }));
}

async function openBroker(browser: Browser, session: Session, width = 1280, dark = false) {
  const opened = await openSignedIn(browser, session, '/connectbroker', { width, dark });
  await expect(opened.page.getByRole('heading', { level: 1, name: 'Connect Broker' })).toBeVisible();
  return opened;
}

let learner: Session;

test('a Pro learner connects the paper broker, syncs, finds the trade in the journal, and disconnects', async ({
  browser,
  request,
}) => {
  learner = await createProLearner(request);
  await tradeOnceInCompetition(request, learner);

  const { context, page } = await openBroker(browser, learner);
  await expect(page.getByText(/No broker connected yet/)).toBeVisible();
  await expect(page.getByText('Broker sync is part of Pro')).toHaveCount(0);
  // The paper broker needs no credentials; Alpaca's form asks for its key with help text.
  await page.getByText('Alpaca', { exact: true }).click();
  await expect(page.getByLabel('API key ID')).toBeVisible();
  await expect(page.getByText(/Home → API Keys → Generate New Keys/)).toBeVisible();
  await page.getByText('Candlewise paper', { exact: true }).click();
  await page.getByRole('button', { name: 'Connect Candlewise paper' }).click();

  const card = page.getByRole('article', { name: 'Candlewise paper' });
  await expect(card.getByText('1 competition account')).toBeVisible();
  await expect(card.getByText('Not synced yet')).toBeVisible();
  await card.getByRole('button', { name: 'Sync now' }).click();
  await expect(card.getByText('Imported 1 new trade into your journal.')).toBeVisible();
  await expect(card.getByRole('link', { name: 'Open the journal' })).toHaveAttribute('href', '/journal');
  await expect(card.getByText(/· 1 new trade$/)).toBeVisible();

  // The journal holds the trade, verified, from the paper source (read through the API until the
  // journal page lands on its own branch).
  const headers = { Authorization: `Bearer ${learner.token}` };
  const [connection] = (await json(await request.get('/api/v1/broker/connections', { headers }))).data;
  const trades = (
    await json(await request.get(`/api/v1/broker/connections/${connection._id}/trades`, { headers }))
  ).data;
  expect(trades).toHaveLength(1);
  expect(trades[0]).toMatchObject({
    symbol: SYMBOL,
    side: 'long',
    quantity: 1,
    source: 'paper',
    verified: true,
  });

  // Syncing again imports nothing new.
  await card.getByRole('button', { name: 'Sync now' }).click();
  await expect(card.getByText('Sync finished: no new trades.')).toBeVisible();

  await card.getByRole('button', { name: 'Disconnect' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByText(/No broker connected yet/)).toBeVisible();
  expect((await json(await request.get('/api/v1/broker/connections', { headers }))).data).toEqual([]);
  await context.close();
});

test('screenshots: /connectbroker connected and synced, light and dark, 1280 and 375 px', async ({
  browser,
  request,
}) => {
  const headers = { Authorization: `Bearer ${learner.token}` };
  const connected = await json(
    await request.post('/api/v1/broker/connections', { headers, data: { broker: 'paper', fields: {} } }),
  );
  await json(await request.post(`/api/v1/broker/connections/${connected.data._id}/sync`, { headers }));
  for (const width of [1280, 375]) {
    for (const dark of [false, true]) {
      const { context, page } = await openBroker(browser, learner, width, dark);
      await expect(
        page.getByRole('article', { name: 'Candlewise paper' }).getByText(/· no new trades$/),
      ).toBeVisible();
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({
        path: path.join(screenshotDir, `connect-broker-${width}-${dark ? 'dark' : 'light'}.png`),
        fullPage: true,
      });
      await context.close();
    }
  }
});
