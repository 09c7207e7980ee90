import { users, videoCompletions } from '@candlewise/db';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOnboardedUser } from '../src/services/users/create-onboarded-user.ts';
import { bearer, createTestApp, type TestApp } from './helper.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};

async function login(email: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password: 'password-for-tests' },
  });
  return response.json().data.token as string;
}

beforeAll(async () => {
  t = await createTestApp();
  for (const [name, role] of [
    ['ana', 'user'],
    ['ben', 'user'],
    ['pro', 'user'],
    ['admin', 'admin'],
  ] as const) {
    const user = await createOnboardedUser(t.database.db, {
      email: `${name}@example.com`,
      password: 'password-for-tests',
      role,
    });
    ids[name] = user.id;
    tokens[name] = await login(`${name}@example.com`);
  }
  await t.database.db
    .update(users)
    .set({ planStatus: 'active', planExpirationDate: Math.floor(Date.now() / 1000) + 30 * 86400 })
    .where(eq(users.id, ids.pro));
});
afterAll(() => t.close());

const get = (who: string, url: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(tokens[who]) });
const mark = (who: string, courseId: string, videoId: number, method: 'PUT' | 'DELETE' = 'PUT') =>
  t.app.inject({
    method,
    url: `/api/v1/courses/${courseId}/videos/${videoId}/completion`,
    headers: bearer(tokens[who]),
  });

describe('catalogue and lessons', () => {
  it('lists the six sample courses with lesson counts and 0 % progress for a new learner', async () => {
    const response = await get('ana', '/courses');
    expect(response.statusCode).toBe(200);
    const list = response.json().data;
    expect(list.map((course: { _id: string }) => course._id)).toEqual([
      'course1',
      'course2',
      'course3',
      'course4',
      'course5',
      'course6',
    ]);
    expect(list.reduce((sum: number, course: { videoCount: number }) => sum + course.videoCount, 0)).toBe(13);
    expect(list[0]).toMatchObject({
      title: 'Stock Market Fundamentals',
      progress: 0,
      locked: false,
      videoCount: 3,
    });
    expect(list.find((course: { _id: string }) => course._id === 'course4')).toMatchObject({
      isPro: true,
      locked: true,
    });
  });

  it('opens a course with lessons in order and chapters inside each lesson', async () => {
    const { data } = (await get('ana', '/courses/course1')).json();
    expect(data.course.title).toBe('Stock Market Fundamentals');
    expect(data.videos).toHaveLength(3);
    expect(typeof data.videos[0].id).toBe('number');
    for (const lesson of data.videos) {
      expect(lesson.timestamps.length).toBeGreaterThan(0);
      expect(lesson.timestamps.every((c: { endTime: number }) => c.endTime <= lesson.duration)).toBe(true);
    }
  });

  it('answers an unknown course with 404 and a Pro course for a free user with 403', async () => {
    expect((await get('ana', '/courses/nope')).statusCode).toBe(404);
    const locked = await get('ana', '/courses/course4');
    expect(locked.statusCode).toBe(403);
    expect(locked.json().message).toMatch(/part of Pro/);
    expect((await get('pro', '/courses/course4')).statusCode).toBe(200);
    const firstProLesson = (await get('pro', '/courses/course4')).json().data.videos[0].id;
    expect((await mark('ana', 'course4', firstProLesson)).statusCode).toBe(403);
  });

  it('shows anyone what a Pro course teaches: its lessons by title and length, no videos', async () => {
    const outline = await get('ana', '/courses/course4/outline');
    expect(outline.statusCode).toBe(200);
    const { course, lessons } = outline.json().data;
    expect(course).toMatchObject({ _id: 'course4', isPro: true });
    const full = (await get('pro', '/courses/course4')).json().data.videos;
    expect(lessons).toEqual(
      full.map((video: { id: number; title: string; duration: number }) => ({
        id: video.id,
        title: video.title,
        duration: video.duration,
      })),
    );
    expect(JSON.stringify(lessons)).not.toMatch(/videoUrl|http/);
    expect((await get('ana', '/courses/nope/outline')).statusCode).toBe(404);
  });
});

describe('completion', () => {
  it('persists across sign-ins and moves the catalogue progress', async () => {
    const lessons = (await get('ana', '/courses/course1')).json().data.videos;
    const first = await mark('ana', 'course1', lessons[0].id);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ videoId: lessons[0].id, completed: true, progress: 33 });

    tokens.ana = await login('ana@example.com');
    const again = (await get('ana', '/courses/course1')).json().data;
    expect(again.completedVideoIds).toEqual([lessons[0].id]);
    expect(again.videos[0].completed).toBe(true);
    const catalogue = (await get('ana', '/courses')).json().data;
    expect(catalogue[0]).toMatchObject({ completedCount: 1, progress: 33, continueVideoId: lessons[1].id });

    const undone = await mark('ana', 'course1', lessons[0].id, 'DELETE');
    expect(undone.json().data).toMatchObject({ completed: false, progress: 0 });
    expect((await mark('ana', 'course1', lessons[0].id, 'DELETE')).statusCode).toBe(200);
    await mark('ana', 'course1', lessons[0].id);
  });

  it('never shows one user’s completions to another', async () => {
    const ben = (await get('ben', '/courses/course1')).json().data;
    expect(ben.completedVideoIds).toEqual([]);
    expect((await get('ben', '/courses')).json().data[0].progress).toBe(0);
  });

  it('keeps one record for 20 concurrent marks of the same lesson', async () => {
    const lesson = (await get('ben', '/courses/course2')).json().data.videos[0];
    const responses = await Promise.all(Array.from({ length: 20 }, () => mark('ben', 'course2', lesson.id)));
    expect(responses.every((response) => response.statusCode === 200)).toBe(true);
    const [{ count }] = await t.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(videoCompletions)
      .where(and(eq(videoCompletions.userId, ids.ben), eq(videoCompletions.videoId, lesson.id)));
    expect(count).toBe(1);
  });

  it('refuses a lesson of another course and a non-numeric id', async () => {
    const other = (await get('ana', '/courses/course2')).json().data.videos[0].id;
    expect((await mark('ana', 'course1', other)).statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/courses/course1/videos/abc/completion',
      headers: bearer(tokens.ana),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('saves the playback position, clamped to the lesson', async () => {
    const lesson = (await get('ana', '/courses/course3')).json().data.videos[0];
    const save = (seconds: number) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v1/courses/course3/videos/${lesson.id}/position`,
        headers: bearer(tokens.ana),
        payload: { seconds },
      });
    expect((await save(125.9)).json().data.positionSeconds).toBe(125);
    expect((await get('ana', '/courses/course3')).json().data.videos[0].positionSeconds).toBe(125);
    expect((await save(50_000)).json().data.positionSeconds).toBe(lesson.duration);
  });
});

describe('course admin', () => {
  const admin = (method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(tokens.admin), payload });

  it('is closed to learners', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/courses',
      headers: bearer(tokens.ana),
      payload: {},
    });
    expect(response.statusCode).toBe(403);
  });

  it('creates, publishes (announcing it) and fills a course; validates links, durations and chapters', async () => {
    const created = await admin('POST', '/admin/courses', {
      id: 'price-action',
      title: 'Price Action',
      description: 'Reading the chart without indicators.',
      thumbnail: '/images/courses/course3.svg',
      published: false,
    });
    expect(created.statusCode).toBe(201);
    expect(
      (
        await admin('POST', '/admin/courses', {
          id: 'price-action',
          title: 'Again',
          description: 'Duplicate course id.',
          thumbnail: '/x.svg',
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (await get('ana', '/courses')).json().data.some((c: { _id: string }) => c._id === 'price-action'),
    ).toBe(false);

    const badLesson = await admin('POST', '/admin/courses/price-action/videos', {
      title: 'Lesson',
      thumbnail: '/x.svg',
      duration: 0,
      videoUrl: 'https://vimeo.com/1',
    });
    expect(badLesson.statusCode).toBe(400);
    const paths = badLesson.json().details.map((d: { path: string }) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['duration', 'videoUrl']));

    const lesson = await admin('POST', '/admin/courses/price-action/videos', {
      title: 'Pin bars',
      description: 'Rejection candles.',
      thumbnail: '/images/courses/course3.svg',
      duration: 600,
      videoUrl: 'https://youtu.be/dQw4w9WgXcQ',
    });
    expect(lesson.statusCode).toBe(201);
    const videoId = lesson.json().data.id;

    const overlapping = await admin('PUT', `/admin/videos/${videoId}/chapters`, {
      chapters: [
        { name: 'Intro', startTime: 0, endTime: 120 },
        { name: 'Setup', startTime: 100, endTime: 300 },
        { name: 'Too long', startTime: 300, endTime: 700 },
      ],
    });
    expect(overlapping.statusCode).toBe(400);
    expect(overlapping.json().details.map((d: { message: string }) => d.message)).toEqual(
      expect.arrayContaining([
        '"Setup" overlaps "Intro".',
        '"Too long" must lie inside the video (0 to 600 s).',
      ]),
    );
    const chapters = await admin('PUT', `/admin/videos/${videoId}/chapters`, {
      chapters: [
        { name: 'Intro', startTime: 0, endTime: 120 },
        { name: 'Setup', startTime: 120, endTime: 600 },
      ],
    });
    expect(chapters.statusCode).toBe(200);
    expect((await admin('PATCH', `/admin/videos/${videoId}`, { duration: 300 })).statusCode).toBe(409);

    expect((await admin('PATCH', '/admin/courses/price-action', { published: true })).statusCode).toBe(200);
    const catalogue = (await get('ana', '/courses')).json().data;
    expect(catalogue.at(-1)).toMatchObject({ _id: 'price-action', videoCount: 1 });
    const bell = await t.app.inject({
      method: 'GET',
      url: `/api/v1/notification/all?read=false&userId=${ids.ana}`,
      headers: bearer(tokens.ana),
    });
    expect(bell.json().data[0].notificationContent).toEqual({
      title: 'New course',
      message: '“Price Action” is now available.',
    });
  });

  it('reorders the catalogue only with every id once', async () => {
    expect(
      (await admin('PUT', '/admin/courses/order', { courseIds: ['course2', 'course1'] })).statusCode,
    ).toBe(400);
    const all = (await get('admin', '/courses')).json().data.map((c: { _id: string }) => c._id);
    const reversed = [...all].reverse();
    expect((await admin('PUT', '/admin/courses/order', { courseIds: reversed })).statusCode).toBe(200);
    expect((await get('admin', '/courses')).json().data.map((c: { _id: string }) => c._id)).toEqual(reversed);
  });
});
