import { adminQuizContract } from '@candlewise/shared/courses/quiz-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createQuestion,
  createQuiz,
  deleteQuestion,
  deleteQuiz,
  listAdminQuizzes,
  updateQuestion,
  updateQuiz,
} from '../../services/courses/quiz-admin.ts';

const c = adminQuizContract;

/** Admin → Courses → Quizzes: quizzes and questions with their keys (issue #42). */
export const adminQuizRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', app.requireAdmin);
  const db = () => app.database.db;
  const tags = ['admin'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/admin/courses/:courseId/quizzes',
    {
      schema: {
        tags,
        security,
        summary: 'A course’s quizzes with their questions and keys',
        params: c.listQuizzes.params,
        response: { 200: c.listQuizzes.response },
      },
    },
    async (request) => ({
      success: true as const,
      data: await listAdminQuizzes(db(), request.params.courseId),
    }),
  );
  app.post(
    '/admin/courses/:courseId/quizzes',
    {
      schema: {
        tags,
        security,
        summary: 'Add a quiz after a lesson',
        params: c.createQuiz.params,
        body: c.createQuiz.body,
        response: { 201: c.createQuiz.response },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        success: true as const,
        message: 'Quiz added.',
        data: await createQuiz(db(), request.params.courseId, request.body),
      }),
  );
  app.patch(
    '/admin/quizzes/:quizId',
    {
      schema: {
        tags,
        security,
        summary: 'Edit a quiz’s title, pass mark or lesson',
        params: c.updateQuiz.params,
        body: c.updateQuiz.body,
        response: { 200: c.updateQuiz.response },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Quiz saved.',
      data: await updateQuiz(db(), request.params.quizId, request.body),
    }),
  );
  app.delete(
    '/admin/quizzes/:quizId',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a quiz, its questions and attempts',
        params: c.deleteQuiz.params,
        response: { 200: c.deleteQuiz.response },
      },
    },
    async (request) => {
      await deleteQuiz(db(), request.params.quizId);
      return { success: true as const, message: 'Quiz deleted.', data: null };
    },
  );
  app.post(
    '/admin/quizzes/:quizId/questions',
    {
      schema: {
        tags,
        security,
        summary: 'Add a question (single choice, multiple choice or numeric)',
        params: c.createQuestion.params,
        body: c.createQuestion.body,
        response: { 201: c.createQuestion.response },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        success: true as const,
        message: 'Question added.',
        data: await createQuestion(db(), request.params.quizId, request.body),
      }),
  );
  app.put(
    '/admin/quiz-questions/:questionId',
    {
      schema: {
        tags,
        security,
        summary: 'Replace a question',
        params: c.updateQuestion.params,
        body: c.updateQuestion.body,
        response: { 200: c.updateQuestion.response },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Question saved.',
      data: await updateQuestion(db(), request.params.questionId, request.body),
    }),
  );
  app.delete(
    '/admin/quiz-questions/:questionId',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a question',
        params: c.deleteQuestion.params,
        response: { 200: c.deleteQuestion.response },
      },
    },
    async (request) => {
      await deleteQuestion(db(), request.params.questionId);
      return { success: true as const, message: 'Question deleted.', data: null };
    },
  );
};
