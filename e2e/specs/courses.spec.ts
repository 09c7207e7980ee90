import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { screenshotDir } from '../support/screenshots.ts';
import { apiLogin, plantSession, type Session } from '../support/session.ts';

type Lesson = { id: number; title: string; videoUrl: string; completed: boolean };

/** The seeded course as the API gives it to this learner. */
async function readCourse(request: APIRequestContext, session: Session, courseId: string) {
  const response = await request.get(`/api/v1/courses/${courseId}`, {
    headers: { Authorization: `Bearer ${session.token}` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()).data as { videos: Lesson[]; progress: number };
}

async function setCompleted(
  request: APIRequestContext,
  session: Session,
  courseId: string,
  videoId: number,
  done: boolean,
) {
  const url = `/api/v1/courses/${courseId}/videos/${videoId}/completion`;
  const headers = { Authorization: `Bearer ${session.token}` };
  const response = done ? await request.put(url, { headers }) : await request.delete(url, { headers });
  expect(response.status()).toBe(200);
}

const lessonList = (page: Page) => page.getByRole('complementary', { name: 'Course lessons' });

test('a learner plays a lesson, marks it complete, and the progress survives a reload and reaches the catalogue', async ({
  page,
  request,
}) => {
  const session = await apiLogin(request, 'learner');
  const { videos } = await readCourse(request, session, 'course1');
  for (const lesson of videos) await setCompleted(request, session, 'course1', lesson.id, false);
  const [first, second] = videos;
  const youtubeId = new URL(first.videoUrl).searchParams.get('v');

  await plantSession(page, session);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/course');
  const card = page.getByRole('article', { name: 'Stock Market Fundamentals' });
  await expect(card.getByText('3 lessons', { exact: true })).toBeVisible();
  await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
  await card.getByRole('link', { name: 'Start course: Stock Market Fundamentals' }).click();

  await expect(page).toHaveURL(new RegExp(`/courseVideos/course1\\?video=${first.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Stock Market Fundamentals' })).toBeVisible();
  await expect(lessonList(page).getByText('3 lessons')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: first.title })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Video Time Stamps' })).toContainText('0:00 – 7:30');

  // Play: the embedded player with autoplay (the browser has no internet: check the address, not the video).
  await page.getByRole('button', { name: 'Play lesson' }).click();
  const player = page.locator(`iframe[title="${first.title}"]`);
  await expect(player).toHaveAttribute(
    'src',
    `https://www.youtube.com/embed/${youtubeId}?autoplay=1&rel=0&enablejsapi=1`,
  );
  await expect(player).toHaveAttribute('allow', 'autoplay; encrypted-media; picture-in-picture');

  // A chapter starts the player at its time and saves that position.
  const positionSaved = page.waitForResponse(
    (response) =>
      response.url().endsWith(`/videos/${first.id}/position`) && response.request().method() === 'PUT',
  );
  await page
    .getByRole('region', { name: 'Video Time Stamps' })
    .getByRole('button', { name: /Exchanges and brokers/ })
    .click();
  await expect(page.locator(`iframe[title="${first.title}"]`)).toHaveAttribute('src', /autoplay=1&start=450/);
  expect((await positionSaved).status()).toBe(200);

  // Mark as Complete: saved on the server, the button and the badge follow.
  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith(`/videos/${first.id}/completion`) && response.request().method() === 'PUT',
  );
  await page.getByRole('button', { name: 'Mark as Complete', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Completed', exact: true })).toBeVisible();
  expect((await saved).status()).toBe(200);
  const firstInList = lessonList(page).getByRole('button', { name: new RegExp(first.title) });
  await expect(firstInList.getByRole('img', { name: 'Completed' })).toBeVisible();
  await expect(lessonList(page).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '33');

  // Another lesson starts at its thumbnail.
  await lessonList(page)
    .getByRole('button', { name: new RegExp(second.title) })
    .click();
  await expect(page.getByRole('heading', { level: 2, name: second.title })).toBeVisible();
  await expect(page.locator('iframe')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Play lesson' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark as Complete', exact: true })).toBeVisible();

  // After a reload the first lesson is still complete, and it resumes at the saved chapter.
  await page.goto(`/courseVideos/course1?video=${first.id}`);
  await expect(page.getByRole('button', { name: 'Completed', exact: true })).toBeVisible();
  await expect(
    lessonList(page)
      .getByRole('button', { name: new RegExp(first.title) })
      .getByRole('img', { name: 'Completed' }),
  ).toBeVisible();
  await expect(page.getByText('Resume at 7:30')).toBeVisible();

  // The catalogue shows the new progress, and Continue now opens the next lesson.
  await page.goto('/course');
  const updated = page.getByRole('article', { name: 'Stock Market Fundamentals' });
  await expect(updated.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '33');
  await expect(updated.getByText('1 of 3 lessons done')).toBeVisible();
  await expect(updated.getByRole('link', { name: 'Continue: Stock Market Fundamentals' })).toHaveAttribute(
    'href',
    `/courseVideos/course1?video=${second.id}`,
  );
});

test('at 375 px the lesson list folds behind a button', async ({ page, request }) => {
  const session = await apiLogin(request, 'learner');
  const { videos } = await readCourse(request, session, 'course1');
  await plantSession(page, session);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/courseVideos/course1');

  await expect(page.getByRole('heading', { level: 2, name: videos[0].title })).toBeVisible();
  const toggle = page.getByRole('button', { name: 'Show lessons' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  const third = lessonList(page).getByRole('button', { name: new RegExp(videos[2].title) });
  await expect(third).toBeHidden();

  await toggle.click();
  await expect(page.getByRole('button', { name: 'Hide lessons' })).toHaveAttribute('aria-expanded', 'true');
  await expect(third).toBeVisible();
  await third.click();
  await expect(page.getByRole('heading', { level: 2, name: videos[2].title })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Show lessons' })).toBeVisible();
  await expect(third).toBeHidden();

  // Nothing is wider than the screen.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('a Pro course is locked for a free learner, with the way to Pro', async ({ page, request }) => {
  const session = await apiLogin(request, 'learner');
  await plantSession(page, session);
  await page.goto('/course');
  const locked = page.getByRole('article', { name: 'Fundamental Analysis Deep Dive' });
  await expect(locked.getByText('Pro · Locked')).toBeVisible();
  await expect(locked.getByRole('link', { name: /Unlock with Pro/ })).toHaveAttribute('href', '/pricing');

  await page.goto('/courseVideos/course4');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('This course is part of Pro. Upgrade on the Pricing page to open it.');
  await expect(alert.getByRole('link', { name: 'See Pro on the Pricing page' })).toHaveAttribute(
    'href',
    '/pricing',
  );

  await page.goto('/courseVideos/no-such-course');
  await expect(page.getByRole('alert')).toContainText('We could not find that course');
});

test('the dashboard and the learning hub offer the course to continue', async ({ page, request }) => {
  const session = await apiLogin(request, 'learner');
  const { videos } = await readCourse(request, session, 'course1');
  await setCompleted(request, session, 'course1', videos[0].id, true);
  await plantSession(page, session);

  await page.goto('/home');
  await expect(page.getByRole('heading', { name: /Welcome back, Lena/ })).toBeVisible();
  const card = page.locator('.cw-dashboard-continue');
  await expect(card.getByText('Stock Market Fundamentals', { exact: true })).toBeVisible();
  await expect(card.getByRole('link', { name: /Continue/ })).toHaveAttribute(
    'href',
    `/courseVideos/course1?video=${videos[1].id}`,
  );

  await page.goto('/home2');
  const hub = page.getByRole('region', { name: 'Continue where you left off' });
  await expect(hub.getByRole('heading', { name: 'Stock Market Fundamentals' })).toBeVisible();
});

test('an admin sees drafts, Pro flags and lessons in the Courses panel', async ({ page, request }) => {
  const session = await apiLogin(request, 'admin');
  await plantSession(page, session);
  await page.goto('/admin?tab=courses');
  const row = page.getByRole('article', { name: 'Stock Market Fundamentals' });
  await expect(row.getByText('Published', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: 'Lessons of Stock Market Fundamentals' }).click();
  await row.getByRole('button', { name: 'Chapters of How the Stock Market Works' }).click();
  const dialog = page.getByRole('dialog', { name: /Chapters of/ });
  await dialog.getByLabel('Chapter 2 start').fill('5:00');
  await expect(dialog.getByText('"Exchanges and brokers" overlaps "Why markets exist".')).toBeVisible();
  await page.screenshot({ path: path.join(screenshotDir, 'admin-courses-chapters-light-1280.png') });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.screenshot({ path: path.join(screenshotDir, 'admin-courses-light-1280.png'), fullPage: true });
  await expect(
    page.getByRole('article', { name: 'Options Trading Basics' }).getByText('Pro', { exact: true }),
  ).toBeVisible();
});

test('screenshots: catalogue, lesson page and dashboard, light and dark, 1280 and 375 px', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const session = await apiLogin(request, 'learner');
  // One lesson done, so the pictures show progress, the check badge and 'Completed'.
  const { videos } = await readCourse(request, session, 'course1');
  await setCompleted(request, session, 'course1', videos[0].id, true);
  const pages = [
    { name: 'courses', path: '/course', ready: (tab: Page) => tab.getByRole('article').first() },
    {
      name: 'course-videos-course1',
      path: '/courseVideos/course1',
      ready: (tab: Page) => tab.getByRole('button', { name: 'Play lesson' }),
    },
    { name: 'home', path: '/home', ready: (tab: Page) => tab.locator('.cw-dashboard-continue__course') },
    {
      name: 'home2',
      path: '/home2',
      ready: (tab: Page) => tab.getByRole('region', { name: 'Continue where you left off' }),
    },
  ];
  for (const dark of [false, true]) {
    for (const width of [1280, 375]) {
      const context = await browser.newContext({ viewport: { width, height: width === 375 ? 812 : 800 } });
      const tab = await context.newPage();
      await plantSession(tab, session, dark);
      for (const { name, path: address, ready } of pages) {
        await tab.goto(address);
        await expect(ready(tab)).toBeVisible();
        await tab.evaluate(() =>
          Promise.all([...document.images].map((image) => image.decode().catch(() => {}))),
        );
        await tab.screenshot({
          path: path.join(screenshotDir, `${name}-${dark ? 'dark' : 'light'}-${width}.png`),
          fullPage: true,
        });
      }
      await context.close();
    }
  }
});
