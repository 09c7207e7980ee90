import { type DbExecutor, journalQuestions, newId } from '@candlewise/db';
import { asc, eq } from 'drizzle-orm';
import { notFound } from '../../lib/app-error.ts';

type QuestionFields = { text: string; position: number; active: boolean };

const toQuestion = (row: typeof journalQuestions.$inferSelect) => ({
  _id: row.id,
  text: row.text,
  position: row.position,
  active: row.active,
  updatedAt: row.updatedAt.toISOString(),
});

export async function listAllQuestions(db: DbExecutor) {
  const rows = await db
    .select()
    .from(journalQuestions)
    .orderBy(asc(journalQuestions.position), asc(journalQuestions.createdAt));
  return rows.map(toQuestion);
}

export async function createQuestion(db: DbExecutor, fields: QuestionFields) {
  const [row] = await db
    .insert(journalQuestions)
    .values({ id: newId(), ...fields })
    .returning();
  return toQuestion(row);
}

export async function updateQuestion(db: DbExecutor, id: string, fields: QuestionFields) {
  const [row] = await db
    .update(journalQuestions)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(journalQuestions.id, id))
    .returning();
  if (!row) throw notFound('That question does not exist.');
  return toQuestion(row);
}

/** Past answers keep the question's text, so deleting a question loses nothing already written. */
export async function deleteQuestion(db: DbExecutor, id: string) {
  const deleted = await db
    .delete(journalQuestions)
    .where(eq(journalQuestions.id, id))
    .returning({ id: journalQuestions.id });
  if (deleted.length === 0) throw notFound('That question does not exist.');
}
