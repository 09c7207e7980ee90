import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { FRAME_WARM_UP_MS, renderApp, warmUpFrame } from '@/testing/render-app';
import { makeSession } from '@/testing/test-data';
import type { CourseQuizDetail, QuizAnswerResult, QuizAttempt } from '../../api/quiz-api';
import { makeCourseDetail } from '../../testing/course-fixtures';

const summary = {
  id: 'q1',
  courseId: 'course1',
  title: 'Check: order types',
  afterVideoId: 101,
  position: 0,
  passMark: 60,
  questionCount: 2,
  bestScore: null,
  passed: false,
};
const detail: CourseQuizDetail = { ...summary, attempts: [] };

const attempt: QuizAttempt = {
  id: 'a1',
  quizId: 'q1',
  courseId: 'course1',
  title: 'Check: order types',
  passMark: 60,
  startedAt: '2026-01-01T10:00:00.000Z',
  finishedAt: null,
  questions: [
    {
      id: 'limit',
      kind: 'single',
      prompt: 'What does a buy limit at $50 do while the price is $52?',
      unit: null,
      choices: [
        { id: 'c-now', text: 'Fills at once at $52' },
        { id: 'c-wait', text: 'Waits; fills only at $50 or lower' },
      ],
      answer: null,
    },
    {
      id: 'size',
      kind: 'numeric',
      prompt: 'Account $10,000, risk 1 %, entry $50, stop $48: how many shares?',
      unit: 'shares',
      choices: [],
      answer: null,
    },
  ],
  correctCount: null,
  totalCount: 2,
  scorePercent: null,
  passed: null,
};

const results: Record<string, (body: { choiceIds?: string[]; value?: number }) => QuizAnswerResult> = {
  limit: (body) => ({
    questionId: 'limit',
    correct: body.choiceIds?.[0] === 'c-wait',
    explanation: 'A buy limit fills only at its price or better.',
    correctAnswer: { choiceIds: ['c-wait'], value: null, tolerance: null },
    given: { choiceIds: body.choiceIds ?? [], value: null },
  }),
  size: (body) => ({
    questionId: 'size',
    correct: body.value === 50,
    explanation: '$100 at risk ÷ $2 per share = 50 shares.',
    correctAnswer: { choiceIds: [], value: 50, tolerance: 0 },
    given: { choiceIds: [], value: body.value ?? null },
  }),
};

function mockQuiz(more: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /notification/all': { body: { success: true, data: [], meta: { nextCursor: null } } },
    'GET /courses/course1': { body: { success: true, data: makeCourseDetail() } },
    'GET /courses/course1/quizzes': { body: { success: true, data: [summary] } },
    'GET /courses/course1/quizzes/q1': { body: { success: true, data: detail } },
    'POST /courses/course1/quizzes/q1/attempts': { status: 201, body: { success: true, data: attempt } },
    'GET /quiz-attempts/a1': { body: { success: true, data: attempt } },
    'POST /quiz-attempts/a1/answers': ({ body }) => {
      const answer = body as { questionId: string; choiceIds?: string[]; value?: number };
      return { body: { success: true, data: results[answer.questionId](answer) } };
    },
    'POST /quiz-attempts/a1/finish': {
      body: {
        success: true,
        data: {
          ...attempt,
          finishedAt: '2026-01-01T10:05:00.000Z',
          questions: [
            { ...attempt.questions[0], answer: results.limit({ choiceIds: ['c-now'] }) },
            { ...attempt.questions[1], answer: results.size({ value: 50 }) },
          ],
          correctCount: 1,
          scorePercent: 50,
          passed: false,
        },
      },
    },
    ...more,
  });
}

describe('the quiz view ?quiz=<id>', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    await warmUpFrame();
    await import('../../routes/course-videos');
    await import('./quiz-view');
  }, FRAME_WARM_UP_MS);

  it('lists the quiz after its lesson, then starts, answers one question at a time, explains, scores and offers a retry', async () => {
    const api = mockQuiz();
    const { user } = renderApp('/courseVideos/course1?quiz=q1', { auth: makeSession() });
    const list = await screen.findByRole('list', { name: 'Quizzes after this lesson' });
    expect(within(list).getByRole('link', { name: /Quiz: Check: order types/ })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await screen.findByRole('heading', { level: 2, name: 'Check: order types' });
    expect(screen.getByText(/2 questions · pass mark 60 %/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Start quiz' }));
    await screen.findByText('Question 1 of 2');
    // One question at a time: the second shows only after the first is answered.
    expect(screen.queryByText('Question 2 of 2')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check answer' })).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: /Fills at once at \$52/ }));
    await user.click(screen.getByRole('button', { name: 'Check answer' }));

    expect(await screen.findByText('Not quite')).toBeInTheDocument();
    expect(screen.getByText('A buy limit fills only at its price or better.')).toBeInTheDocument();
    expect(screen.getByText(/Waits; fills only at \$50 or lower/).textContent).toMatch(/Correct answer/);
    expect(api.callsTo('POST', '/quiz-attempts/a1/answers')[0].body).toEqual({
      questionId: 'limit',
      choiceIds: ['c-now'],
    });

    await screen.findByText('Question 2 of 2');
    await user.type(screen.getByRole('spinbutton'), '50');
    await user.click(screen.getByRole('button', { name: 'Check answer' }));
    expect(await screen.findByText('Correct')).toBeInTheDocument();
    expect(screen.getByText('Correct answer: 50 shares')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'See my score' }));
    expect(await screen.findByText('Not passed')).toBeInTheDocument();
    expect(screen.getByText('50 %')).toBeInTheDocument();
    expect(screen.getByText(/1 of 2 correct\. You need 60 % to pass\./)).toBeInTheDocument();
    // The quiz's own Try again (the course page has others, e.g. the requirements panel's).
    const quiz = screen.getByText(/1 of 2 correct/).closest('section') as HTMLElement;
    expect(within(quiz).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
  it('a retry starts with nothing chosen, whatever the last attempt answered', async () => {
    let started = 0;
    const fresh: QuizAttempt = { ...attempt, id: 'a2', startedAt: '2026-01-01T10:06:00.000Z' };
    mockQuiz({
      'POST /courses/course1/quizzes/q1/attempts': () => {
        started += 1;
        return { status: 201, body: { success: true, data: started === 1 ? attempt : fresh } };
      },
      'GET /quiz-attempts/a2': { body: { success: true, data: fresh } },
    });
    const { user } = renderApp('/courseVideos/course1?quiz=q1', { auth: makeSession() });
    await user.click(await screen.findByRole('button', { name: 'Start quiz' }));
    await user.click(await screen.findByRole('radio', { name: /Fills at once at \$52/ }));
    await user.click(screen.getByRole('button', { name: 'Check answer' }));
    await screen.findByText('Question 2 of 2');
    await user.type(screen.getByRole('spinbutton'), '50');
    await user.click(screen.getByRole('button', { name: 'Check answer' }));
    await user.click(await screen.findByRole('button', { name: 'See my score' }));
    const quiz = (await screen.findByText(/1 of 2 correct/)).closest('section') as HTMLElement;
    await user.click(within(quiz).getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText(/0 of 2 answered/)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Fills at once at \$52/ })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Check answer' })).toBeDisabled();
  });
});
