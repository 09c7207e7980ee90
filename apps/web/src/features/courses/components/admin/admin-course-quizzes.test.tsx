import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderPage } from '@/testing/render-page';
import { makeSession } from '@/testing/test-data';
import type { AdminQuiz } from '../../api/admin-quiz-api';
import { makeCourseDetail } from '../../testing/course-fixtures';
import { DueReviewsCard } from '../quiz/due-reviews-card';
import { AdminCourseQuizzes } from './admin-course-quizzes';

const quiz: AdminQuiz = {
  id: 'q1',
  courseId: 'course1',
  afterVideoId: 101,
  position: 0,
  title: 'Check: order types',
  passMark: 70,
  questions: [
    {
      id: 'qq1',
      quizId: 'q1',
      position: 0,
      kind: 'single',
      prompt: 'What does a buy limit do?',
      explanation: 'It fills at its price or better.',
      choices: [
        { id: 'c1', text: 'Fills at once', correct: false },
        { id: 'c2', text: 'Waits for its price', correct: true },
      ],
      value: null,
      tolerance: null,
      unit: null,
    },
  ],
};

describe('admin quiz authoring', { timeout: 20_000 }, () => {
  it('checks a question with the shared schema, sends a valid one and previews the quiz with its key', async () => {
    const api = mockApi({
      'GET /courses/course1': { body: { success: true, data: makeCourseDetail() } },
      'GET /admin/courses/course1/quizzes': { body: { success: true, data: [quiz] } },
      'POST /admin/quizzes/q1/questions': ({ body }) => ({
        status: 201,
        body: {
          success: true,
          data: {
            ...quiz.questions[0],
            id: 'qq2',
            kind: 'numeric',
            choices: [],
            value: 50,
            tolerance: 0,
            unit: 'shares',
            ...(body as object),
          },
        },
      }),
    });
    const { user } = renderPage(
      () => <AdminCourseQuizzes courseId="course1" courseTitle="Stock Market Fundamentals" />,
      {
        path: '/admin',
        session: makeSession(),
      },
    );
    expect(await screen.findByText('Check: order types')).toBeInTheDocument();
    expect(
      screen.getByText(/After lesson 1, How the Stock Market Works · pass mark 70 %/),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add question' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Question'), 'Which order waits for its price?');
    await user.type(within(dialog).getByLabelText('Explanation'), 'A limit order waits for its price.');
    await user.type(within(dialog).getByLabelText('Choice 1'), 'Limit');
    await user.type(within(dialog).getByLabelText('Choice 2'), 'Market');
    await user.click(within(dialog).getByLabelText('Choice 1 is correct'));
    await user.click(within(dialog).getByRole('button', { name: 'Add question' }));
    expect(await within(dialog).findByText('Mark the correct choice.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/admin/quizzes/q1/questions')).toHaveLength(0);

    // A numeric question with a negative tolerance is refused in the same words as the API.
    await user.click(within(dialog).getByLabelText('Kind'));
    await user.click(await screen.findByText('Numeric (value ± tolerance)'));
    await user.type(within(dialog).getByLabelText('Correct value'), '50');
    await user.clear(within(dialog).getByLabelText('Tolerance (±)'));
    await user.type(within(dialog).getByLabelText('Tolerance (±)'), '-1');
    await user.click(within(dialog).getByRole('button', { name: 'Add question' }));
    expect(await within(dialog).findByText(/The tolerance cannot be negative/)).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Tolerance (±)'));
    await user.type(within(dialog).getByLabelText('Tolerance (±)'), '0.5');
    await user.click(within(dialog).getByRole('button', { name: 'Add question' }));
    await screen.findByText('Check: order types');
    expect(api.callsTo('POST', '/admin/quizzes/q1/questions')[0]?.body).toMatchObject({
      kind: 'numeric',
      value: 50,
      tolerance: 0.5,
      prompt: 'Which order waits for its price?',
    });

    await user.click(screen.getByRole('button', { name: 'Preview Check: order types' }));
    const preview = await screen.findByRole('dialog', { name: 'Preview: Check: order types' });
    expect(within(preview).getByText(/Waits for its price/).textContent).toMatch(/Correct answer/);
    expect(within(preview).getByText('It fills at its price or better.')).toBeInTheDocument();
  });
});

describe('the Due for review card', { timeout: 20_000 }, () => {
  it('lists due questions and answers one again in a dialog: right moves it on to its next date', async () => {
    mockApi({
      'GET /reviews/due': {
        body: {
          success: true,
          data: {
            due: [
              {
                id: 'r1',
                kind: 'question',
                refId: 'qq1',
                title: 'What does a buy limit do?',
                courseId: 'course1',
                courseTitle: 'Stock Market Fundamentals',
                link: '/courseVideos/course1?quiz=q1',
                dueAt: '2026-01-02T10:00:00.000Z',
                step: 1,
              },
            ],
            nextDueAt: null,
          },
        },
      },
      'GET /reviews/r1/question': {
        body: {
          success: true,
          data: {
            id: 'qq1',
            kind: 'single',
            prompt: 'What does a buy limit do?',
            unit: null,
            choices: [
              { id: 'c2', text: 'Waits for its price' },
              { id: 'c1', text: 'Fills at once' },
            ],
            answer: null,
            reviewId: 'r1',
            dueAt: '2026-01-02T10:00:00.000Z',
          },
        },
      },
      'POST /reviews/r1/answer': {
        body: {
          success: true,
          data: {
            questionId: 'qq1',
            correct: true,
            explanation: 'It fills at its price or better.',
            correctAnswer: { choiceIds: ['c2'], value: null, tolerance: null },
            given: { choiceIds: ['c2'], value: null },
            nextDueAt: '2026-01-05T10:00:00.000Z',
            step: 2,
          },
        },
      },
    });
    const { user } = renderPage(DueReviewsCard, { path: '/home2', session: makeSession() });
    expect(await screen.findByText('What does a buy limit do?')).toBeInTheDocument();
    expect(screen.getByText(/Stock Market Fundamentals · due/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Review' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('radio', { name: /Waits for its price/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Check answer' }));
    expect(await within(dialog).findByText('Correct')).toBeInTheDocument();
    expect(within(dialog).getByText(/Next review on/)).toBeInTheDocument();
  });
});
