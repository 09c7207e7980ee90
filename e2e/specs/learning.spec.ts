import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { fakePlayer, installFakeYouTube } from '../support/fake-youtube.ts';
import { createLearner, json, type NewLearner } from '../support/learners.ts';
import { shootLooks } from '../support/screenshots.ts';
import { plantSession } from '../support/session.ts';

/**
 * Issue #42 "Done when": a new learner takes the sample course "Risk Management Essentials"
 * (course6: one 40-minute lesson, a quiz and two trade drills on the shipped BTCUSD day) to its
 * certificate, which verifies signed out; and a learner whose journal shows costly "moved stop"
 * mistakes is sent to that lesson and drill under "What to practise next".
 */
const COURSE = 'course6';
const COURSE_TITLE = 'Risk Management Essentials';
const LESSON = 'Position Sizing and Drawdown';
const QUIZ = 'Check: position size for 1 % risk';
const LONG_DRILL = 'drill-btc-opening-range-long';
const SHORT_DRILL = 'drill-btc-range-break-short';
const LONG_TITLE = 'Long the opening-range push, stop below the range';

type Practice = { quote: { bid: number; ask: number }; positions: unknown[]; state: string };

const api = (request: APIRequestContext, learner: NewLearner) => ({
  get: async (path: string) => json(await request.get(`/api/v1${path}`, { headers: learner.headers })),
  post: async (path: string, data?: object) =>
    json(await request.post(`/api/v1${path}`, { headers: learner.headers, ...(data ? { data } : {}) })),
  put: async (path: string, data: object) =>
    json(await request.put(`/api/v1${path}`, { headers: learner.headers, data })),
});

/** Steps a practice replay one bar at a time until its position is closed (by the stop or the target). */
async function stepUntilFlat(call: ReturnType<typeof api>, sessionId: string) {
  for (let bar = 0; bar < 30; bar += 1) {
    const stepped = await call.post(`/practice/sessions/${sessionId}/clock`, { action: 'step' });
    if ((stepped.data as Practice).positions.length === 0) return;
  }
  throw new Error('the drill position is still open after 30 bars');
}

/** The sample quiz's questions (shuffled per attempt): the start of each prompt, a right and a wrong answer. */
const QUIZ_ANSWERS: Array<[prompt: string, right: string, wrong: string]> = [
  ['Your account is $10,000', '50', '40'],
  ['Account $25,000', '0.25', '0.5'],
  ['An account falls 50 %', '100 %', '50 %'],
  ['You want to widen your stop', 'Trade a smaller position', 'Keep the same position'],
];

/** Answers the quiz one question at a time (the next appears under the answered ones), all right or all wrong. */
async function takeQuiz(page: Page, right: boolean) {
  for (let n = 1; n <= QUIZ_ANSWERS.length; n += 1) {
    const question = page.locator('section.cw-quiz-question').nth(n - 1);
    await expect(question.getByText(`Question ${n} of ${QUIZ_ANSWERS.length}`)).toBeVisible();
    const prompt = (await question.getByRole('heading', { level: 3 }).textContent()) ?? '';
    const entry = QUIZ_ANSWERS.find(([start]) => prompt.startsWith(start));
    if (!entry) throw new Error(`The test has no answer for "${prompt}"`);
    const value = right ? entry[1] : entry[2];
    if (/^[\d.]+$/.test(value)) await question.getByRole('spinbutton').fill(value);
    else await question.getByRole('radio', { name: value, exact: true }).check();
    await question.getByRole('button', { name: 'Check answer' }).click();
    await expect(question.getByRole('status')).toBeVisible();
  }
}

test('a new learner watches at a remembered speed, notes, fails then passes the quiz, trades the drills and verifies the certificate signed out', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(240_000);
  const learner = await createLearner(request, { prefix: 'learning', firstName: 'Asha', lastName: 'Verma' });
  const call = api(request, learner);
  await installFakeYouTube(page);
  await plantSession(page, learner);
  await page.setViewportSize({ width: 1280, height: 900 });

  // Watch at 1.5×: the fake player obeys the speed, and the player reports what was watched.
  await page.goto(`/courseVideos/${COURSE}`);
  await expect(page.getByRole('heading', { level: 2, name: LESSON })).toBeVisible();
  await page.getByRole('button', { name: /^Play lesson/ }).click();
  const fake = fakePlayer(page, LESSON);
  await expect(fake.state).toHaveText('playing');
  await page.getByRole('combobox', { name: 'Speed' }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: '1.5×' }).click();
  await expect(fake.rate).toHaveText('1.5');
  await expect(fake.time).not.toHaveText('0');
  const watched = page.waitForResponse(
    (response) => response.url().endsWith('/watched') && response.request().method() === 'PUT',
  );
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('k');
  await expect(fake.state).toHaveText('paused');
  const reported = await (await watched).json();
  expect(reported.data.watchedSeconds).toBeGreaterThan(0);

  // A note at the current moment, found again by the course's note search.
  const notes = page.getByRole('region', { name: 'My notes' });
  await notes
    .getByRole('textbox', { name: 'New note' })
    .fill('Size from the **stop distance**, never from the target.');
  // A bookmark: the note keeps the moment the player is at.
  await notes.getByRole('checkbox', { name: /^at \d+:\d\d$/ }).check();
  await notes.getByRole('button', { name: 'Add note' }).click();
  await expect(notes.getByText('stop distance')).toBeVisible();
  await expect(notes.getByRole('button', { name: /^Play from \d+:\d\d$/ })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search my notes in this course' }).fill('stop distance');
  await expect(page.getByRole('list', { name: 'Notes found' }).getByRole('listitem')).toHaveCount(1);

  // The speed is remembered: after a reload the player starts at 1.5× again.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Speed' })).toBeVisible();
  await expect(page.locator('.cw-player-toolbar__speed')).toContainText('1.5×');
  await page.getByRole('button', { name: /^Play lesson/ }).click();
  await expect(fakePlayer(page, LESSON).rate).toHaveText('1.5');
  // The rest of the 40-minute lesson, reported as the player reports it (no one waits 27 minutes here).
  const rest = await call.put(`/courses/${COURSE}/videos/${await lessonId(call)}/watched`, {
    ranges: [[0, 2400]],
  });
  expect(rest.data.watched).toBe(true);

  // The quiz: failed, then passed.
  await page.goto(`/courseVideos/${COURSE}`);
  await page.getByRole('link', { name: new RegExp(QUIZ.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).click();
  await page.getByRole('button', { name: 'Start quiz' }).click();
  await takeQuiz(page, false);
  await page.getByRole('button', { name: 'See my score' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Not passed' })).toBeVisible();
  await page.getByRole('button', { name: 'Try again' }).click();
  // The new attempt, not the finished one still on screen until it starts (its questions shuffled anew).
  await expect(page.getByText(/0 of 4 answered/)).toBeVisible();
  await takeQuiz(page, true);
  await page.getByRole('button', { name: 'See my score' }).click();
  await expect(page.getByRole('status').filter({ hasText: /(^|\s)Passed/ })).toBeVisible();

  // The long drill, traded in the browser: a market buy with its stop below the opening range.
  await page.goto(`/courseVideos/${COURSE}?drill=${LONG_DRILL}`);
  await expect(page.getByRole('heading', { level: 2, name: LONG_TITLE })).toBeVisible();
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(page).toHaveURL(/\/practice\//);
  const sessionId = new URL(page.url()).pathname.split('/').pop()!;
  await expect(page.getByRole('region', { name: 'Drill' })).toBeVisible();
  const session = (await call.get(`/practice/sessions/${sessionId}`)).data as Practice;
  const stop = 19_900;
  const target = Math.ceil((session.quote.ask + (session.quote.ask - stop) * 1.2) / 0.5) * 0.5;
  const ticket = page.getByRole('region', { name: 'Order ticket' });
  await ticket.getByLabel(/Quantity/).fill('4');
  await ticket.getByLabel('Stop-loss (optional)').fill(String(stop));
  await ticket.getByLabel('Take-profit (optional)').fill(String(target));
  await ticket.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByText(/^Long 4 BTCUSD/)).toBeVisible();
  await stepUntilFlat(call, sessionId);
  await page.reload();
  await page.getByRole('region', { name: 'Drill' }).getByRole('button', { name: 'Finish and score' }).click();
  await expect(page).toHaveURL(new RegExp(`\\?drill=${LONG_DRILL}$`));
  const attempts = page.getByRole('region', { name: 'Your attempts' });
  await expect(attempts.getByText('Passed', { exact: true })).toBeVisible();
  await expect(attempts.getByText(/Score\s*100\/100/)).toBeVisible();

  // The short drill, through the same engine by the API, completes the course.
  const short = await call.post(`/drills/${SHORT_DRILL}/attempts`);
  const shortSession = (await call.get(`/practice/sessions/${short.data.sessionId}`)).data as Practice;
  const shortStop = 19_870;
  const shortTarget =
    Math.floor((shortSession.quote.bid - (shortStop - shortSession.quote.bid) * 1.2) / 0.5) * 0.5;
  await call.post(`/practice/sessions/${short.data.sessionId}/orders`, {
    side: 'sell',
    type: 'market',
    quantity: 4,
    stopLoss: shortStop,
    takeProfit: shortTarget,
  });
  await stepUntilFlat(call, short.data.sessionId);
  expect(
    (await call.post(`/drills/${SHORT_DRILL}/attempts/${short.data.attempt._id}/score`)).data.passed,
  ).toBe(true);

  // The certificate was issued with the last requirement; it verifies signed out.
  await page.goto(`/courseVideos/${COURSE}`);
  const link = page.getByRole('link', { name: 'View your certificate' });
  await expect(link).toBeVisible();
  const certificatePath = (await link.getAttribute('href'))!;
  const certificateId = certificatePath.split('/').pop()!;
  const stranger = await browser.newContext();
  const publicPage = await stranger.newPage();
  await publicPage.goto(certificatePath);
  await expect(
    publicPage.getByRole('heading', { level: 1, name: 'Certificate of completion' }),
  ).toBeVisible();
  await expect(publicPage.getByText('Asha Verma')).toBeVisible();
  await expect(publicPage.getByText(COURSE_TITLE)).toBeVisible();
  await expect(publicPage.getByText(certificateId)).toBeVisible();
  const verified = await stranger.request.get(`/api/v1/certificates/${certificateId}`);
  expect(verified.status()).toBe(200);
  expect((await verified.json()).data).toMatchObject({
    id: certificateId,
    courseTitle: COURSE_TITLE,
    revoked: false,
  });
  await publicPage.goto('/certificates/not-a-real-certificate-id');
  await expect(publicPage.getByRole('heading', { level: 1, name: 'Certificate not found' })).toBeVisible();
  await stranger.close();

  await shootLooks(browser, learner, [
    {
      name: 'learning-course',
      path: `/courseVideos/${COURSE}`,
      ready: (p) => expect(p.getByRole('link', { name: 'View your certificate' })).toBeVisible(),
    },
    {
      name: 'learning-drill',
      path: `/courseVideos/${COURSE}?drill=${LONG_DRILL}`,
      ready: (p) => expect(p.getByRole('region', { name: 'Your attempts' })).toBeVisible(),
    },
    {
      name: 'learning-certificate',
      path: certificatePath,
      ready: (p) => expect(p.getByText('Asha Verma')).toBeVisible(),
    },
  ]);
});

async function lessonId(call: ReturnType<typeof api>): Promise<number> {
  const course = await call.get(`/courses/${COURSE}`);
  return course.data.videos[0].id;
}

test('a learner whose journal shows costly "moved stop" mistakes is sent to that lesson and drill', async ({
  page,
  request,
  browser,
}) => {
  const learner = await createLearner(request, {
    prefix: 'practise-next',
    firstName: 'Ravi',
    lastName: 'Nair',
  });
  const call = api(request, learner);
  const day = (daysAgo: number, hour: number) =>
    new Date(Date.now() - daysAgo * 86_400_000 + hour * 3_600_000).toISOString();
  for (const [loss, tag, daysAgo] of [
    [30, 'Moved stop', 2],
    [20, 'Moved stop', 5],
    [5, 'moved-stop', 4],
    [5, 'FOMO', 3],
  ] as const) {
    await call.post('/journal/trades', {
      symbol: 'RELIANCE',
      side: 'long',
      quantity: 10,
      entryPrice: 2500,
      exitPrice: 2500 - loss,
      entryTime: day(daysAgo, 0),
      exitTime: day(daysAgo, 2),
      mistakeTags: [tag],
    });
  }
  await plantSession(page, learner);
  await page.goto('/home');
  const card = page.getByRole('region', { name: 'What to practise next' });
  const first = card.getByRole('listitem').first();
  // The journal keeps tags in lower case; the card shows the learner's tag as stored.
  await expect(first).toContainText('moved stop');
  await expect(first).toContainText('Journal mistake · 3 times');
  await expect(first).toContainText('Cost −550.00 INR');
  await expect(first.getByRole('link', { name: `Lesson: ${LESSON}` })).toBeVisible();
  await first.getByRole('link', { name: `Drill: ${LONG_TITLE}` }).click();
  await expect(page).toHaveURL(new RegExp(`/courseVideos/${COURSE}\\?drill=${LONG_DRILL}$`));
  await expect(page.getByRole('heading', { level: 2, name: LONG_TITLE })).toBeVisible();

  await shootLooks(browser, learner, [
    {
      name: 'practise-next-home',
      path: '/home',
      ready: (p) =>
        expect(
          p.getByRole('region', { name: 'What to practise next' }).getByText('moved stop'),
        ).toBeVisible(),
    },
  ]);
});
