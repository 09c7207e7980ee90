import { adminJournalContract as c } from '@candlewise/shared/journal/journal-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createQuestion,
  deleteQuestion,
  listAllQuestions,
  updateQuestion,
} from '../../services/journal/journal-questions-admin.ts';

/** Admins edit the journal's reflective questions (docs/architecture.md §Admin). */
export const adminJournalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', app.requireAdmin);
  const tags = ['admin'];
  const security = [{ bearerAuth: [] }];
  const db = () => app.database.db;

  app.get(
    '/admin/journal/questions',
    {
      schema: {
        tags,
        security,
        summary: 'Every journal question, retired ones too',
        response: { 200: c.listQuestions.response },
      },
    },
    async () => ({
      success: true as const,
      data: await listAllQuestions(db()),
    }),
  );

  app.post(
    '/admin/journal/questions',
    {
      schema: {
        tags,
        security,
        summary: 'Add a journal question',
        body: c.createQuestion.body,
        response: { 201: c.createQuestion.response },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        success: true as const,
        message: 'Question added.',
        data: await createQuestion(db(), request.body),
      }),
  );

  app.put(
    '/admin/journal/questions/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Edit a journal question',
        params: c.updateQuestion.params,
        body: c.updateQuestion.body,
        response: { 200: c.updateQuestion.response },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Question saved.',
      data: await updateQuestion(db(), request.params.id, request.body),
    }),
  );

  app.delete(
    '/admin/journal/questions/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a journal question (past answers keep its text)',
        params: c.deleteQuestion.params,
        response: { 200: c.deleteQuestion.response },
      },
    },
    async (request) => {
      await deleteQuestion(db(), request.params.id);
      return { success: true as const, message: 'Question deleted.', data: null };
    },
  );
};
