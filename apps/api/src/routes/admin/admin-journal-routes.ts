import { journalQuestionFieldsSchema } from '@candlewise/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
  const params = z.object({ id: z.string().min(1).max(64) });
  const db = () => app.database.db;

  app.get(
    '/admin/journal/questions',
    { schema: { tags, security, summary: 'Every journal question, retired ones too' } },
    async () => ({
      success: true as const,
      data: await listAllQuestions(db()),
    }),
  );

  app.post(
    '/admin/journal/questions',
    { schema: { tags, security, summary: 'Add a journal question', body: journalQuestionFieldsSchema } },
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
        params,
        body: journalQuestionFieldsSchema,
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
    { schema: { tags, security, summary: 'Delete a journal question (past answers keep its text)', params } },
    async (request) => {
      await deleteQuestion(db(), request.params.id);
      return { success: true as const, message: 'Question deleted.', data: null };
    },
  );
};
