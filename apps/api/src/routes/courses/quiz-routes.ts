import { quizContract } from '@candlewise/shared/courses/quiz-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  answerQuizQuestion,
  finishQuizAttempt,
  getCourseQuiz,
  getQuizAttempt,
  listCourseQuizzes,
  startQuizAttempt,
} from '../../services/courses/quizzes.ts';
import { answerReview, getReviewQuestion, listDueReviews } from '../../services/courses/reviews.ts';

const c = quizContract;

/** Quizzes, their attempts and the spaced-repetition queue (issue #42). */
export const quizRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticateRoute);
  const db = () => app.database.db;
  const tags = ['courses'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/courses/:courseId/quizzes',
    {
      schema: {
        tags,
        security,
        summary: 'A course’s quizzes in lesson order, with the caller’s best scores',
        params: c.listCourseQuizzes.params,
        response: { 200: c.listCourseQuizzes.response },
      },
    },
    async (request) => ({
      success: true as const,
      data: await listCourseQuizzes(db(), request.currentUser, request.params.courseId),
    }),
  );

  app.get(
    '/courses/:courseId/quizzes/:quizId',
    {
      schema: {
        tags,
        security,
        summary: 'One quiz with the caller’s past attempts (no questions: start an attempt to see them)',
        params: c.getCourseQuiz.params,
        response: { 200: c.getCourseQuiz.response },
      },
    },
    async (request) => ({
      success: true as const,
      data: await getCourseQuiz(db(), request.currentUser, request.params.courseId, request.params.quizId),
    }),
  );

  app.post(
    '/courses/:courseId/quizzes/:quizId/attempts',
    {
      schema: {
        tags,
        security,
        summary: 'Start an attempt: questions and choices shuffled, no answers included',
        params: c.startQuizAttempt.params,
        response: { 201: c.startQuizAttempt.response },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        success: true as const,
        data: await startQuizAttempt(
          db(),
          request.currentUser,
          request.params.courseId,
          request.params.quizId,
        ),
      }),
  );

  app.get(
    '/quiz-attempts/:attemptId',
    {
      schema: {
        tags,
        security,
        summary: 'One of the caller’s attempts (answered questions with their results)',
        params: c.getQuizAttempt.params,
        response: { 200: c.getQuizAttempt.response },
      },
    },
    async (request) => ({
      success: true as const,
      data: await getQuizAttempt(db(), request.currentUser, request.params.attemptId),
    }),
  );

  app.post(
    '/quiz-attempts/:attemptId/answers',
    {
      schema: {
        tags,
        security,
        summary:
          'Answer one question: right or not, the explanation and the key (a second answer gets the first one’s result)',
        params: c.answerQuizQuestion.params,
        body: c.answerQuizQuestion.body,
        response: { 200: c.answerQuizQuestion.response },
      },
    },
    async (request) => ({
      success: true as const,
      data: await answerQuizQuestion(db(), request.currentUser, request.params.attemptId, request.body),
    }),
  );

  app.post(
    '/quiz-attempts/:attemptId/finish',
    {
      schema: {
        tags,
        security,
        summary: 'Finish and score an attempt (unanswered questions count as wrong)',
        params: c.finishQuizAttempt.params,
        response: { 200: c.finishQuizAttempt.response },
      },
    },
    async (request) => ({
      success: true as const,
      data: await finishQuizAttempt(db(), request.currentUser, request.params.attemptId),
    }),
  );

  app.get(
    '/reviews/due',
    {
      schema: {
        tags,
        security,
        summary: 'The caller’s review items due now, and when the next one falls due',
        response: { 200: c.listDueReviews.response },
      },
    },
    async (request) => ({
      success: true as const,
      data: await listDueReviews(db(), request.currentUser.id),
    }),
  );

  app.get(
    '/reviews/:reviewId/question',
    {
      schema: {
        tags,
        security,
        summary: 'A queued question to answer again (no answer included)',
        params: c.getReviewQuestion.params,
        response: { 200: c.getReviewQuestion.response },
      },
    },
    async (request) => ({
      success: true as const,
      data: await getReviewQuestion(db(), request.currentUser, request.params.reviewId),
    }),
  );

  app.post(
    '/reviews/:reviewId/answer',
    {
      schema: {
        tags,
        security,
        summary:
          'Answer a due review: right moves it on (3, then 7 days, then done), wrong restarts it at 1 day',
        params: c.answerReview.params,
        body: c.answerReview.body,
        response: { 200: c.answerReview.response },
      },
    },
    async (request) => ({
      success: true as const,
      data: await answerReview(db(), request.currentUser, request.params.reviewId, request.body),
    }),
  );
};
