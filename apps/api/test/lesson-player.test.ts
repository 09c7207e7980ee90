import { lessonNotes } from '@candlewise/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOnboardedUser } from '../src/services/users/create-onboarded-user.ts';
import { bearer, createTestApp, type TestApp } from './helper.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
let lessonIds: number[] = [];

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
  for (const name of ['ana', 'ben']) {
    const user = await createOnboardedUser(t.database.db, {
      email: `${name}@example.com`,
      password: 'password-for-tests',
      role: 'user',
    });
    ids[name] = user.id;
    tokens[name] = await login(`${name}@example.com`);
  }
  lessonIds = (await call('ana', 'GET', '/courses/course1'))
    .json()
    .data.videos.map((v: { id: number }) => v.id);
});
afterAll(() => t.close());

function call(
  who: string,
  method: 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: bearer(tokens[who]),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}
const notesOf = (videoId: number, courseId = 'course1') => `/courses/${courseId}/videos/${videoId}/notes`;

describe('learning preferences', () => {
  it('starts at normal speed, remembers a chosen speed across sign-ins, and keeps it per learner', async () => {
    expect((await call('ana', 'GET', '/users/me/learning-preferences')).json()).toEqual({
      success: true,
      data: { playbackRate: 1 },
    });
    const saved = await call('ana', 'PUT', '/users/me/learning-preferences', { playbackRate: 1.5 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toEqual({ playbackRate: 1.5 });

    tokens.ana = await login('ana@example.com');
    expect((await call('ana', 'GET', '/users/me/learning-preferences')).json().data).toEqual({
      playbackRate: 1.5,
    });
    await call('ana', 'PUT', '/users/me/learning-preferences', { playbackRate: 0.75 });
    expect((await call('ana', 'GET', '/users/me/learning-preferences')).json().data.playbackRate).toBe(0.75);
    expect((await call('ben', 'GET', '/users/me/learning-preferences')).json().data.playbackRate).toBe(1);
  });

  it('refuses a speed YouTube does not offer with a sentence, and keeps the saved one', async () => {
    for (const playbackRate of [3, 0.6, 0, '1.5', null]) {
      const refused = await call('ana', 'PUT', '/users/me/learning-preferences', { playbackRate });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().code).toBe('VALIDATION_FAILED');
    }
    const refused = await call('ana', 'PUT', '/users/me/learning-preferences', { playbackRate: 3 });
    expect(refused.json().details).toEqual([
      { path: 'playbackRate', message: 'Choose a playback speed of 0.5, 0.75, 1, 1.25, 1.5, 1.75 or 2.' },
    ]);
    expect((await call('ana', 'GET', '/users/me/learning-preferences')).json().data.playbackRate).toBe(0.75);
  });

  it('needs a signed-in learner', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/users/me/learning-preferences' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('lesson notes and bookmarks', () => {
  it('adds a bookmark and a note, lists bookmarks by time first, edits and deletes them', async () => {
    const [first] = lessonIds;
    const bookmark = await call('ana', 'POST', notesOf(first), {
      body: 'The **spread** is the cost',
      atSeconds: 205,
    });
    expect(bookmark.statusCode).toBe(201);
    expect(bookmark.json().data).toMatchObject({
      courseId: 'course1',
      videoId: first,
      atSeconds: 205,
      body: 'The **spread** is the cost',
    });
    const note = await call('ana', 'POST', notesOf(first), { body: 'Rewatch before the quiz' });
    expect(note.json().data.atSeconds).toBeNull();
    const early = await call('ana', 'POST', notesOf(first), { body: 'Exchanges list shares', atSeconds: 30 });

    const listed = (await call('ana', 'GET', notesOf(first))).json().data;
    expect(listed.map((n: { body: string }) => n.body)).toEqual([
      'Exchanges list shares',
      'The **spread** is the cost',
      'Rewatch before the quiz',
    ]);

    const noteId = note.json().data.id;
    const edited = await call('ana', 'PATCH', `${notesOf(first)}/${noteId}`, {
      body: 'Rewatch before the quiz, at 1.5×',
      atSeconds: 600,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ body: 'Rewatch before the quiz, at 1.5×', atSeconds: 600 });

    const removed = await call('ana', 'DELETE', `${notesOf(first)}/${early.json().data.id}`);
    expect(removed.json().data).toEqual({ id: early.json().data.id });
    expect((await call('ana', 'DELETE', `${notesOf(first)}/${early.json().data.id}`)).statusCode).toBe(404);
    expect((await call('ana', 'GET', notesOf(first))).json().data).toHaveLength(2);
  });

  it('refuses a note over 5,000 characters with a sentence naming the limit, and an empty one', async () => {
    const [first] = lessonIds;
    const before = (await call('ana', 'GET', notesOf(first))).json().data.length;
    const long = await call('ana', 'POST', notesOf(first), { body: 'x'.repeat(5001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().details).toEqual([
      { path: 'body', message: 'Keep a note to 5,000 characters or fewer.' },
    ]);
    expect((await call('ana', 'POST', notesOf(first), { body: 'x'.repeat(5000) })).statusCode).toBe(201);
    const empty = await call('ana', 'POST', notesOf(first), { body: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details[0].message).toBe('Write something in the note first.');
    const negative = await call('ana', 'POST', notesOf(first), { body: 'ok', atSeconds: -4 });
    expect(negative.statusCode).toBe(400);
    const note = (await call('ana', 'GET', notesOf(first))).json().data[0];
    const tooLongEdit = await call('ana', 'PATCH', `${notesOf(first)}/${note.id}`, {
      body: 'y'.repeat(5001),
    });
    expect(tooLongEdit.statusCode).toBe(400);
    expect((await call('ana', 'GET', notesOf(first))).json().data).toHaveLength(before + 1);
  });

  it('keeps notes private: another learner sees none, and cannot read, edit or delete one (404)', async () => {
    const [first] = lessonIds;
    const anas = (await call('ana', 'GET', notesOf(first))).json().data;
    expect(anas.length).toBeGreaterThan(0);
    expect((await call('ben', 'GET', notesOf(first))).json().data).toEqual([]);
    const edit = await call('ben', 'PATCH', `${notesOf(first)}/${anas[0].id}`, { body: 'mine now' });
    expect(edit.statusCode).toBe(404);
    expect(edit.json().message).toBe('We could not find that note. It may have been deleted.');
    expect((await call('ben', 'DELETE', `${notesOf(first)}/${anas[0].id}`)).statusCode).toBe(404);
    expect((await call('ben', 'GET', '/courses/course1/notes?q=spread')).json().data).toEqual([]);
    expect((await call('ana', 'GET', notesOf(first))).json().data).toEqual(anas);
  });

  it('answers a lesson outside the course with 404 and a Pro course without Pro with 403', async () => {
    expect((await call('ana', 'GET', notesOf(lessonIds[0], 'course2'))).statusCode).toBe(404);
    expect((await call('ana', 'POST', notesOf(999999), { body: 'x' })).statusCode).toBe(404);
    const proLesson = 999999;
    expect((await call('ana', 'GET', notesOf(proLesson, 'course4'))).statusCode).toBe(403);
  });

  it('searches a course’s notes in any case, with each lesson’s title and time', async () => {
    const [first, second] = lessonIds;
    await call('ana', 'POST', notesOf(second), { body: 'A limit order waits for its SPREAD', atSeconds: 75 });
    const found = await call('ana', 'GET', '/courses/course1/notes?q=Spread');
    expect(found.statusCode).toBe(200);
    const matches = found.json().data;
    expect(
      matches.map((m: { videoId: number; lessonTitle: string; atSeconds: number | null }) => [
        m.videoId,
        m.lessonTitle,
        m.atSeconds,
      ]),
    ).toEqual([
      [first, 'How the Stock Market Works', 205],
      [second, 'Order Types Explained', 75],
    ]);
    expect((await call('ana', 'GET', '/courses/course1/notes?q=100%25')).json().data).toEqual([]);
    expect((await call('ana', 'GET', '/courses/course1/notes?q=nothing-like-this')).json().data).toEqual([]);
    expect((await call('ana', 'GET', '/courses/nope/notes?q=x')).statusCode).toBe(404);
  });

  it('keeps at most 200 notes on one lesson, saying so', async () => {
    const [, , third] = lessonIds;
    await t.database.db.insert(lessonNotes).values(
      Array.from({ length: 200 }, (_, index) => ({
        id: `bulk-${index}`,
        userId: ids.ana,
        courseId: 'course1',
        videoId: third,
        body: `Note ${index}`,
      })),
    );
    const refused = await call('ana', 'POST', notesOf(third), { body: 'one more' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'You have 200 notes on this lesson, the most it can hold. Delete one to add another.',
    );
    expect((await call('ana', 'GET', notesOf(third))).json().data).toHaveLength(200);
    expect((await call('ben', 'POST', notesOf(third), { body: 'mine' })).statusCode).toBe(201);
  });
});
