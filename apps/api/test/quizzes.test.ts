import { quizAnswers, reviewItems, type UserRow, users, videos } from '@candlewise/db';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quizRequirements } from '../src/services/courses/quiz-requirements.ts';
import { scheduleReview } from '../src/services/courses/review-queue.ts';
import { answerReview, listDueReviews } from '../src/services/courses/reviews.ts';
import { createOnboardedUser } from '../src/services/users/create-onboarded-user.ts';
import { bearer, createTestApp, type TestApp } from './helper.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};

type AdminQuestion = {
  id: string;
  kind: 'single' | 'multiple' | 'numeric';
  choices: Array<{ id: string; text: string; correct: boolean }>;
  value: number | null;
};
type AttemptQuestion = { id: string; kind: string; choices: Array<{ id: string; text: string }> };

async function login(email: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password: 'password-for-tests' },
  });
  return response.json().data.token as string;
}

const call = (
  who: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: bearer(tokens[who]),
    ...(payload ? { payload } : {}),
  });

let quizId = '';
let questions: AdminQuestion[] = [];
let firstLessonId = 0;

/** The right answer to an admin question, as a learner would send it. */
const rightAnswer = (question: AdminQuestion) =>
  question.kind === 'numeric'
    ? { value: question.value }
    : { choiceIds: question.choices.filter((choice) => choice.correct).map((choice) => choice.id) };
const wrongAnswer = (question: AdminQuestion) =>
  question.kind === 'numeric'
    ? { value: (question.value ?? 0) + 1000 }
    : { choiceIds: [question.choices.find((choice) => !choice.correct)?.id] };

beforeAll(async () => {
  t = await createTestApp();
  for (const [name, role] of [
    ['ana', 'user'],
    ['ben', 'user'],
    ['cy', 'user'],
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
  const [lesson] = await t.database.db
    .select({ id: videos.id })
    .from(videos)
    .where(eq(videos.courseId, 'course1'))
    .orderBy(asc(videos.position));
  firstLessonId = lesson.id;
  // A quiz of five questions (four single choice with four choices, one numeric), pass mark 60 %.
  const created = await call('admin', 'POST', '/admin/courses/course1/quizzes', {
    title: 'Test quiz',
    passMark: 60,
    afterVideoId: firstLessonId,
  });
  expect(created.statusCode).toBe(201);
  quizId = created.json().data.id;
  for (const n of [1, 2, 3, 4]) {
    const response = await call('admin', 'POST', `/admin/quizzes/${quizId}/questions`, {
      kind: 'single',
      prompt: `Question number ${n}?`,
      explanation: `Because of reason ${n}.`,
      choices: ['A', 'B', 'C', 'D'].map((text, index) => ({ text: `${text}${n}`, correct: index === n - 1 })),
    });
    expect(response.statusCode).toBe(201);
  }
  const numeric = await call('admin', 'POST', `/admin/quizzes/${quizId}/questions`, {
    kind: 'numeric',
    prompt: 'Account 10,000, risk 1 %, entry 50, stop 48: how many shares?',
    explanation: '100 ÷ 2 = 50 shares.',
    value: 50,
    tolerance: 0.5,
    unit: 'shares',
  });
  expect(numeric.statusCode).toBe(201);
  questions = (await call('admin', 'GET', '/admin/courses/course1/quizzes'))
    .json()
    .data.find((quiz: { id: string }) => quiz.id === quizId).questions;
  expect(questions).toHaveLength(5);
});
afterAll(() => t.close());

const start = async (who: string) => {
  const response = await call(who, 'POST', `/courses/course1/quizzes/${quizId}/attempts`);
  expect(response.statusCode).toBe(201);
  return response;
};
const byId = (id: string) => questions.find((question) => question.id === id) as AdminQuestion;

describe('quiz attempts', () => {
  it('lists the sample quizzes in every sample course', async () => {
    for (const course of ['course1', 'course2', 'course3', 'course4', 'course5', 'course6']) {
      const list = (await call('admin', 'GET', `/courses/${course}/quizzes`)).json().data;
      expect(list.length).toBeGreaterThanOrEqual(1);
      expect(list[0]).toMatchObject({ bestScore: null, passed: false });
      expect(list[0].questionCount).toBeGreaterThanOrEqual(3);
    }
  });

  it('never sends the key with a started or read attempt', async () => {
    const response = await start('ana');
    const text = response.body;
    expect(text).not.toMatch(/"correct"|correctAnswer|"tolerance"|"explanation"/);
    const attempt = response.json().data;
    expect(attempt.questions).toHaveLength(5);
    expect(attempt.questions.every((q: { answer: unknown }) => q.answer === null)).toBe(true);
    const read = await call('ana', 'GET', `/quiz-attempts/${attempt.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.body).not.toMatch(/"correct"|correctAnswer|"tolerance"|"explanation"/);
  });

  it('shuffles questions and choices per attempt and still scores right', async () => {
    const orders = new Set<string>();
    for (let i = 0; i < 4; i += 1) {
      const attempt = (await start('cy')).json().data;
      orders.add(
        attempt.questions
          .map((q: AttemptQuestion) => `${q.id}:${q.choices.map((c) => c.id).join(',')}`)
          .join('|'),
      );
      for (const question of attempt.questions as AttemptQuestion[]) {
        const answer = await call('cy', 'POST', `/quiz-attempts/${attempt.id}/answers`, {
          questionId: question.id,
          ...rightAnswer(byId(question.id)),
        });
        expect(answer.statusCode).toBe(200);
        expect(answer.json().data).toMatchObject({
          correct: true,
          explanation: expect.stringMatching(/\.$/),
        });
      }
      const finished = (await call('cy', 'POST', `/quiz-attempts/${attempt.id}/finish`)).json().data;
      expect(finished).toMatchObject({ scorePercent: 100, passed: true, correctCount: 5, totalCount: 5 });
    }
    expect(orders.size).toBeGreaterThan(1);
  });

  it('answers with the key and explanation, then accepts a numeric answer within the tolerance', async () => {
    const attempt = (await start('ana')).json().data;
    const single = attempt.questions.find((q: AttemptQuestion) => q.kind === 'single');
    const result = (
      await call('ana', 'POST', `/quiz-attempts/${attempt.id}/answers`, {
        questionId: single.id,
        ...wrongAnswer(byId(single.id)),
      })
    ).json().data;
    expect(result.correct).toBe(false);
    expect(result.correctAnswer.choiceIds).toEqual(rightAnswer(byId(single.id)).choiceIds);
    expect(result.explanation).toMatch(/^Because of reason/);
    const numeric = attempt.questions.find((q: AttemptQuestion) => q.kind === 'numeric');
    const near = await call('ana', 'POST', `/quiz-attempts/${attempt.id}/answers`, {
      questionId: numeric.id,
      value: 50.5,
    });
    expect(near.json().data).toMatchObject({ correct: true, correctAnswer: { value: 50, tolerance: 0.5 } });
  });

  it('counts a question answered twice at once only once, with the first answer’s result for both', async () => {
    const attempt = (await start('ana')).json().data;
    const question = byId(attempt.questions[0].id);
    const [first, second] = await Promise.all([
      call('ana', 'POST', `/quiz-attempts/${attempt.id}/answers`, {
        questionId: question.id,
        ...rightAnswer(question),
      }),
      call('ana', 'POST', `/quiz-attempts/${attempt.id}/answers`, {
        questionId: question.id,
        ...wrongAnswer(question),
      }),
    ]);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json().data).toEqual(first.json().data);
    const rows = await t.database.db
      .select()
      .from(quizAnswers)
      .where(and(eq(quizAnswers.attemptId, attempt.id), eq(quizAnswers.questionId, question.id)));
    expect(rows).toHaveLength(1);
    const finished = (await call('ana', 'POST', `/quiz-attempts/${attempt.id}/finish`)).json().data;
    expect(finished.correctCount).toBe(first.json().data.correct ? 1 : 0);
    expect(finished.totalCount).toBe(5);
  });

  it('refuses an answer to a question not in the attempt, a choice of another question and a finished attempt', async () => {
    const attempt = (await start('ana')).json().data;
    const foreign = await call('ana', 'POST', `/quiz-attempts/${attempt.id}/answers`, {
      questionId: 'not-a-question',
      choiceIds: ['x'],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe('That question is not part of this attempt.');
    const [a, b] = questions.filter((q) => q.kind === 'single');
    const wrongChoice = await call('ana', 'POST', `/quiz-attempts/${attempt.id}/answers`, {
      questionId: a.id,
      choiceIds: [b.choices[0].id],
    });
    expect(wrongChoice.statusCode).toBe(400);
    expect(wrongChoice.json().message).toBe('That choice is not part of this question.');
    await call('ana', 'POST', `/quiz-attempts/${attempt.id}/finish`);
    const late = await call('ana', 'POST', `/quiz-attempts/${attempt.id}/answers`, {
      questionId: a.id,
      ...rightAnswer(a),
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/Start a new attempt/);
  });

  it('answers malformed input with a 400 and a sentence, never a 5xx', async () => {
    const attempt = (await start('ana')).json().data;
    const numeric = questions.find((q) => q.kind === 'numeric') as AdminQuestion;
    const single = questions.find((q) => q.kind === 'single') as AdminQuestion;
    const bodies: Array<[object, RegExp]> = [
      [{ questionId: numeric.id }, /Choose an answer or enter a number/],
      [{ questionId: numeric.id, value: 1e20 }, /too large/],
      [{ questionId: numeric.id, value: 0.12345678901 }, /at most 10 decimals/],
      [{ questionId: numeric.id, value: 'fifty' }, /number/],
      [{ questionId: numeric.id, choiceIds: 'a' }, /./],
      [{ questionId: numeric.id, choiceIds: [single.choices[0].id] }, /Enter a number for this question/],
      [{ questionId: single.id, value: 3 }, /Choose an answer for this question/],
      [{ questionId: single.id, choiceIds: single.choices.map((c) => c.id) }, /choose only one/],
    ];
    for (const [payload, message] of bodies) {
      const response = await call('ana', 'POST', `/quiz-attempts/${attempt.id}/answers`, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const body = response.json();
      expect(
        [body.message, ...(body.details ?? []).map((d: { message: string }) => d.message)].join(' '),
      ).toMatch(message);
    }
    const huge = await call('admin', 'PATCH', `/admin/quizzes/${quizId}`, { afterVideoId: 1e300 });
    expect(huge.statusCode).toBe(400);
  });

  it('hides another learner’s attempt (404)', async () => {
    const attempt = (await start('ana')).json().data;
    const read = await call('ben', 'GET', `/quiz-attempts/${attempt.id}`);
    expect(read.statusCode).toBe(404);
    expect(read.json().message).toBe('We could not find that quiz attempt.');
    const answer = await call('ben', 'POST', `/quiz-attempts/${attempt.id}/answers`, {
      questionId: attempt.questions[0].id,
      ...rightAnswer(byId(attempt.questions[0].id)),
    });
    expect(answer.statusCode).toBe(404);
    expect((await call('ben', 'POST', `/quiz-attempts/${attempt.id}/finish`)).statusCode).toBe(404);
  });

  it('passes at the pass mark (3 of 5 = 60 %) and fails below it; keeps attempts with the best score', async () => {
    const scoreWith = async (who: string, rightCount: number) => {
      const attempt = (await start(who)).json().data;
      for (const [index, q] of (attempt.questions as AttemptQuestion[]).entries()) {
        const question = byId(q.id);
        await call(who, 'POST', `/quiz-attempts/${attempt.id}/answers`, {
          questionId: q.id,
          ...(index < rightCount ? rightAnswer(question) : wrongAnswer(question)),
        });
      }
      return (await call(who, 'POST', `/quiz-attempts/${attempt.id}/finish`)).json().data;
    };
    expect(await scoreWith('ben', 2)).toMatchObject({ scorePercent: 40, passed: false });
    const before = (await quizRequirements(t.database.db, ids.ben, 'course1')).find((r) => r.id === quizId);
    expect(before).toMatchObject({ kind: 'quiz', met: false, score: 40 });
    expect(await scoreWith('ben', 3)).toMatchObject({ scorePercent: 60, passed: true });
    expect(await scoreWith('ben', 1)).toMatchObject({ scorePercent: 20, passed: false });
    const quiz = (await call('ben', 'GET', `/courses/course1/quizzes/${quizId}`)).json().data;
    expect(quiz).toMatchObject({ bestScore: 60, passed: true });
    expect(quiz.attempts.map((a: { scorePercent: number }) => a.scorePercent)).toEqual([20, 60, 40]);
    const after = (await quizRequirements(t.database.db, ids.ben, 'course1')).find((r) => r.id === quizId);
    expect(after).toMatchObject({ met: true, score: 60, title: 'Test quiz' });
  });
});

describe('review queue', () => {
  const day = 86_400_000;
  const userRow = async (name: string) =>
    (await t.database.db.select().from(users).where(eq(users.id, ids[name])))[0] as UserRow;

  it('queues a failed question for tomorrow and lists it once due, with its prompt and course', async () => {
    const attempt = (await start('ben')).json().data;
    const q = byId(attempt.questions[0].id);
    await call('ben', 'POST', `/quiz-attempts/${attempt.id}/answers`, {
      questionId: q.id,
      ...wrongAnswer(q),
    });
    const now = (await call('ben', 'GET', '/reviews/due')).json().data;
    expect(now.due.find((item: { refId: string }) => item.refId === q.id)).toBeUndefined();
    expect(new Date(now.nextDueAt).getTime()).toBeGreaterThan(Date.now() + day - 60_000);
    // A day later it is due.
    await t.database.db
      .update(reviewItems)
      .set({ dueAt: new Date(Date.now() - 1000) })
      .where(and(eq(reviewItems.userId, ids.ben), eq(reviewItems.refId, q.id)));
    const due = (await call('ben', 'GET', '/reviews/due')).json().data.due;
    const item = due.find((entry: { refId: string }) => entry.refId === q.id);
    expect(item).toMatchObject({
      kind: 'question',
      step: 1,
      courseId: 'course1',
      courseTitle: 'Stock Market Fundamentals',
      link: `/courseVideos/course1?quiz=${quizId}`,
    });
    expect(item.title).toMatch(/^Question number|^Account 10,000/);
    expect((await call('ana', 'GET', `/reviews/${item.id}/question`)).statusCode).toBe(404);
    const question = await call('ben', 'GET', `/reviews/${item.id}/question`);
    expect(question.statusCode).toBe(200);
    expect(question.body).not.toMatch(/"correct"|correctAnswer|"tolerance"/);
    const answered = await call('ben', 'POST', `/reviews/${item.id}/answer`, rightAnswer(q));
    expect(answered.json().data).toMatchObject({ correct: true, step: 2 });
    expect(new Date(answered.json().data.nextDueAt).getTime()).toBeGreaterThan(Date.now() + 3 * day - 60_000);
    const early = await call('ben', 'POST', `/reviews/${item.id}/answer`, rightAnswer(q));
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/^This review is due on \d{4}-\d{2}-\d{2}; answer it then/);
  });

  it('steps 1 → 3 → 7 days on successes, restarts on a failure and leaves after the 7-day success (injected now)', async () => {
    const db = t.database.db;
    const cy = await userRow('cy');
    const q = questions.find((question) => question.kind === 'numeric') as AdminQuestion;
    const t0 = new Date('2030-01-01T09:00:00Z');
    const at = (days: number) => new Date(t0.getTime() + days * day);
    await db.transaction((tx) =>
      scheduleReview(tx, {
        userId: cy.id,
        kind: 'question',
        refId: q.id,
        courseId: 'course1',
        passed: false,
        now: t0,
      }),
    );
    const dueIds = async (now: Date) => (await listDueReviews(db, cy.id, now)).due.map((item) => item.refId);
    expect(await dueIds(at(0.5))).toEqual([]);
    expect(await dueIds(at(1))).toEqual([q.id]);
    const reviewId = (await listDueReviews(db, cy.id, at(1))).due[0].id;

    const right = await answerReview(db, cy, reviewId, { value: 50 }, at(1));
    expect(right).toMatchObject({ correct: true, step: 2, nextDueAt: at(4).toISOString() });
    await expect(answerReview(db, cy, reviewId, { value: 50 }, at(3))).rejects.toMatchObject({
      statusCode: 409,
    });
    const wrong = await answerReview(db, cy, reviewId, { value: 40 }, at(4));
    expect(wrong).toMatchObject({ correct: false, step: 1, nextDueAt: at(5).toISOString() });
    expect(await answerReview(db, cy, reviewId, { value: 50 }, at(5))).toMatchObject({
      step: 2,
      nextDueAt: at(8).toISOString(),
    });
    expect(await answerReview(db, cy, reviewId, { value: 50.4 }, at(8))).toMatchObject({
      step: 3,
      nextDueAt: at(15).toISOString(),
    });
    expect(await answerReview(db, cy, reviewId, { value: 50 }, at(15))).toMatchObject({
      correct: true,
      step: null,
      nextDueAt: null,
    });
    expect(await listDueReviews(db, cy.id, at(100))).toEqual({ due: [], nextDueAt: null });
  });
});

describe('admin authoring', () => {
  const question = {
    kind: 'single',
    prompt: 'What does a limit order do?',
    explanation: 'It fills at its price or better.',
  };
  it('refuses bad quizzes and questions with sentences', async () => {
    const cases: Array<[string, object, RegExp]> = [
      [
        `/admin/quizzes/${quizId}/questions`,
        {
          ...question,
          choices: [
            { text: 'A', correct: false },
            { text: 'B', correct: false },
          ],
        },
        /^Mark the correct choice\.$/,
      ],
      [
        `/admin/quizzes/${quizId}/questions`,
        { ...question, choices: [{ text: 'A', correct: true }] },
        /at least 2 choices/,
      ],
      [
        `/admin/quizzes/${quizId}/questions`,
        { ...question, kind: 'numeric', value: 10, tolerance: -0.1 },
        /tolerance cannot be negative/,
      ],
      [
        '/admin/courses/course1/quizzes',
        { title: 'Quiz', passMark: 0, afterVideoId: firstLessonId },
        /1 to 100/,
      ],
      [
        '/admin/courses/course1/quizzes',
        { title: 'Quiz', passMark: 101, afterVideoId: firstLessonId },
        /1 to 100/,
      ],
    ];
    for (const [url, payload, message] of cases) {
      const response = await call('admin', 'POST', url, payload);
      expect(response.statusCode).toBe(400);
      expect(
        response
          .json()
          .details.map((d: { message: string }) => d.message)
          .join(' '),
      ).toMatch(message);
    }
    const otherCourse = await call('admin', 'POST', '/admin/courses/course2/quizzes', {
      title: 'Quiz',
      passMark: 50,
      afterVideoId: firstLessonId,
    });
    expect(otherCourse.statusCode).toBe(400);
    expect(otherCourse.json().message).toBe('Choose a lesson of this course for the quiz to come after.');
    const learner = await call('ana', 'POST', '/admin/courses/course1/quizzes', {
      title: 'Quiz',
      passMark: 50,
      afterVideoId: firstLessonId,
    });
    expect(learner.statusCode).toBe(403);
  });

  it('edits and deletes questions and quizzes; an empty quiz cannot be started', async () => {
    const created = (
      await call('admin', 'POST', '/admin/courses/course1/quizzes', {
        title: 'Scratch quiz',
        passMark: 50,
        afterVideoId: firstLessonId,
      })
    ).json().data;
    const empty = await call('ana', 'POST', `/courses/course1/quizzes/${created.id}/attempts`);
    expect(empty.statusCode).toBe(409);
    expect(empty.json().message).toBe('This quiz has no questions yet. Try again later.');
    const added = (
      await call('admin', 'POST', `/admin/quizzes/${created.id}/questions`, {
        ...question,
        choices: [
          { text: 'Waits for its price', correct: true },
          { text: 'Fills at once', correct: false },
        ],
      })
    ).json().data;
    const edited = await call('admin', 'PUT', `/admin/quiz-questions/${added.id}`, {
      ...question,
      kind: 'multiple',
      choices: [
        { text: 'Waits for its price', correct: true },
        { text: 'Can fill better', correct: true },
        { text: 'Fills at once', correct: false },
      ],
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.choices[0].id).toBe(added.choices[0].id);
    expect(
      (await call('admin', 'PATCH', `/admin/quizzes/${created.id}`, { passMark: 80 })).json().data.passMark,
    ).toBe(80);
    expect((await call('admin', 'DELETE', `/admin/quiz-questions/${added.id}`)).statusCode).toBe(200);
    expect((await call('admin', 'DELETE', `/admin/quizzes/${created.id}`)).statusCode).toBe(200);
    expect((await call('admin', 'DELETE', `/admin/quizzes/${created.id}`)).statusCode).toBe(404);
  });
});
