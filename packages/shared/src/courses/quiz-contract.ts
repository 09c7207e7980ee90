import { z } from 'zod';
import { apiData, apiSuccess, defineContract } from '../api/contract.ts';
import {
  quizAttemptAnswerSchema,
  quizFieldsSchema,
  quizQuestionSchema,
  quizResponseSchema,
} from './quiz-schemas.ts';

/** Quizzes and the spaced-repetition queue (issue #42). The key never reaches a learner before they answer. */
const courseQuizParams = z.object({
  courseId: z.string().min(1).max(64),
  quizId: z.string().min(1).max(64),
});
const attemptParams = z.object({ attemptId: z.string().min(1).max(64) });
const reviewParams = z.object({ reviewId: z.string().min(1).max(64) });
const adminCourseParams = z.object({ courseId: z.string().min(1).max(64) });
const adminQuizParams = z.object({ quizId: z.string().min(1).max(64) });
const adminQuestionParams = z.object({ questionId: z.string().min(1).max(64) });

const kindSchema = z.enum(['single', 'multiple', 'numeric']);

/** The key, sent only with an answer (or to an admin). */
export const quizCorrectAnswerSchema = z.object({
  choiceIds: z.array(z.string()),
  value: z.number().nullable(),
  tolerance: z.number().nullable(),
});

/** The result of answering one question. */
export const quizAnswerResultSchema = z.object({
  questionId: z.string(),
  correct: z.boolean(),
  explanation: z.string(),
  correctAnswer: quizCorrectAnswerSchema,
  /** What was answered (the first answer, when the same question was answered twice at once). */
  given: z.object({ choiceIds: z.array(z.string()), value: z.number().nullable() }),
});

/** A question as a learner sees it: no key until answered. */
export const learnerQuestionSchema = z.object({
  id: z.string(),
  kind: kindSchema,
  prompt: z.string(),
  unit: z.string().nullable(),
  choices: z.array(z.object({ id: z.string(), text: z.string() })),
  /** Null until answered in this attempt. */
  answer: quizAnswerResultSchema.nullable(),
});

export const quizAttemptSchema = z.object({
  id: z.string(),
  quizId: z.string(),
  courseId: z.string(),
  title: z.string(),
  passMark: z.number(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  questions: z.array(learnerQuestionSchema),
  correctCount: z.number().nullable(),
  totalCount: z.number(),
  scorePercent: z.number().nullable(),
  passed: z.boolean().nullable(),
});

export const quizAttemptSummarySchema = z.object({
  id: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  scorePercent: z.number().nullable(),
  passed: z.boolean().nullable(),
});

/** A quiz of a course as its lesson list shows it, with the caller's best score. */
export const courseQuizSummarySchema = z.object({
  id: z.string(),
  courseId: z.string(),
  title: z.string(),
  afterVideoId: z.number(),
  position: z.number(),
  passMark: z.number(),
  questionCount: z.number(),
  /** Best finished score in percent, null before a finished attempt. */
  bestScore: z.number().nullable(),
  passed: z.boolean(),
});

export const courseQuizDetailSchema = courseQuizSummarySchema.extend({
  attempts: z.array(quizAttemptSummarySchema),
});

export const reviewItemSchema = z.object({
  id: z.string(),
  kind: z.enum(['question', 'drill']),
  refId: z.string(),
  /** The question's prompt or the drill's title. */
  title: z.string(),
  courseId: z.string(),
  courseTitle: z.string(),
  /** Where to practise it: the quiz for a question. */
  link: z.string(),
  dueAt: z.string(),
  step: z.number(),
});

export const reviewAnswerResultSchema = quizAnswerResultSchema.extend({
  /** When it comes back; null once it has left the queue. */
  nextDueAt: z.string().nullable(),
  step: z.number().nullable(),
});

/** A question as an admin writes it (with its key). */
export const adminQuizQuestionSchema = z.object({
  id: z.string(),
  quizId: z.string(),
  position: z.number(),
  kind: kindSchema,
  prompt: z.string(),
  explanation: z.string(),
  choices: z.array(z.object({ id: z.string(), text: z.string(), correct: z.boolean() })),
  value: z.number().nullable(),
  tolerance: z.number().nullable(),
  unit: z.string().nullable(),
});

export const adminQuizSchema = z.object({
  id: z.string(),
  courseId: z.string(),
  afterVideoId: z.number(),
  position: z.number(),
  title: z.string(),
  passMark: z.number(),
  questions: z.array(adminQuizQuestionSchema),
});

export const quizContract = defineContract({
  listCourseQuizzes: {
    method: 'GET',
    path: '/courses/:courseId/quizzes',
    params: adminCourseParams,
    response: apiData(z.array(courseQuizSummarySchema)),
  },
  getCourseQuiz: {
    method: 'GET',
    path: '/courses/:courseId/quizzes/:quizId',
    params: courseQuizParams,
    response: apiData(courseQuizDetailSchema),
  },
  startQuizAttempt: {
    method: 'POST',
    path: '/courses/:courseId/quizzes/:quizId/attempts',
    params: courseQuizParams,
    status: 201,
    response: apiData(quizAttemptSchema),
  },
  getQuizAttempt: {
    method: 'GET',
    path: '/quiz-attempts/:attemptId',
    params: attemptParams,
    response: apiData(quizAttemptSchema),
  },
  answerQuizQuestion: {
    method: 'POST',
    path: '/quiz-attempts/:attemptId/answers',
    params: attemptParams,
    body: quizAttemptAnswerSchema,
    response: apiData(quizAnswerResultSchema),
  },
  finishQuizAttempt: {
    method: 'POST',
    path: '/quiz-attempts/:attemptId/finish',
    params: attemptParams,
    response: apiData(quizAttemptSchema),
  },
  listDueReviews: {
    method: 'GET',
    path: '/reviews/due',
    response: apiData(
      z.object({
        due: z.array(reviewItemSchema),
        /** When the next queued item falls due (null with an empty queue). */
        nextDueAt: z.string().nullable(),
      }),
    ),
  },
  getReviewQuestion: {
    method: 'GET',
    path: '/reviews/:reviewId/question',
    params: reviewParams,
    response: apiData(learnerQuestionSchema.extend({ reviewId: z.string(), dueAt: z.string() })),
  },
  answerReview: {
    method: 'POST',
    path: '/reviews/:reviewId/answer',
    params: reviewParams,
    body: quizResponseSchema,
    response: apiData(reviewAnswerResultSchema),
  },
});

export const adminQuizContract = defineContract({
  listQuizzes: {
    method: 'GET',
    path: '/admin/courses/:courseId/quizzes',
    params: adminCourseParams,
    response: apiData(z.array(adminQuizSchema)),
  },
  createQuiz: {
    method: 'POST',
    path: '/admin/courses/:courseId/quizzes',
    params: adminCourseParams,
    body: quizFieldsSchema,
    status: 201,
    response: apiSuccess(adminQuizSchema),
  },
  updateQuiz: {
    method: 'PATCH',
    path: '/admin/quizzes/:quizId',
    params: adminQuizParams,
    body: quizFieldsSchema.partial(),
    response: apiSuccess(adminQuizSchema),
  },
  deleteQuiz: {
    method: 'DELETE',
    path: '/admin/quizzes/:quizId',
    params: adminQuizParams,
    response: apiSuccess(z.null()),
  },
  createQuestion: {
    method: 'POST',
    path: '/admin/quizzes/:quizId/questions',
    params: adminQuizParams,
    body: quizQuestionSchema,
    status: 201,
    response: apiSuccess(adminQuizQuestionSchema),
  },
  updateQuestion: {
    method: 'PUT',
    path: '/admin/quiz-questions/:questionId',
    params: adminQuestionParams,
    body: quizQuestionSchema,
    response: apiSuccess(adminQuizQuestionSchema),
  },
  deleteQuestion: {
    method: 'DELETE',
    path: '/admin/quiz-questions/:questionId',
    params: adminQuestionParams,
    response: apiSuccess(z.null()),
  },
});
