import { randomBytes } from 'node:crypto';
import {
  courses,
  type Database,
  type DbExecutor,
  newId,
  type QuizChoice,
  quizQuestions,
  quizzes,
  videos,
} from '@candlewise/db';
import type { QuizFields, QuizQuestionFields } from '@candlewise/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { AppError, notFound } from '../../lib/app-error.ts';

type QuestionRow = typeof quizQuestions.$inferSelect;
type QuizRow = typeof quizzes.$inferSelect;

const quizNotFound = () => notFound('We could not find that quiz.');

/** A question with its key, as the admin screens edit and preview it. */
export function adminQuestionView(question: QuestionRow) {
  return {
    id: question.id,
    quizId: question.quizId,
    position: question.position,
    kind: question.kind,
    prompt: question.prompt,
    explanation: question.explanation,
    choices: question.choices,
    value: question.kind === 'numeric' ? question.numericValue : null,
    tolerance: question.kind === 'numeric' ? question.tolerance : null,
    unit: question.unit || null,
  };
}

function adminQuizView(quiz: QuizRow, questions: QuestionRow[]) {
  return {
    id: quiz.id,
    courseId: quiz.courseId,
    afterVideoId: quiz.afterVideoId,
    position: quiz.position,
    title: quiz.title,
    passMark: quiz.passMark,
    questions: questions
      .filter((question) => question.quizId === quiz.id)
      .sort((a, b) => a.position - b.position || a.id.localeCompare(b.id))
      .map(adminQuestionView),
  };
}

async function courseExists(db: DbExecutor, courseId: string) {
  const [course] = await db.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId));
  if (!course) throw notFound('We could not find that course.');
}

async function lessonOfCourse(db: DbExecutor, courseId: string, videoId: number) {
  const [lesson] = await db
    .select({ id: videos.id })
    .from(videos)
    .where(and(eq(videos.id, videoId), eq(videos.courseId, courseId)));
  if (!lesson) {
    const message = 'Choose a lesson of this course for the quiz to come after.';
    throw new AppError(400, 'VALIDATION_FAILED', message, [{ path: 'afterVideoId', message }]);
  }
}

/** Every quiz of a course with its questions and keys, in lesson order. */
export async function listAdminQuizzes(db: DbExecutor, courseId: string) {
  await courseExists(db, courseId);
  const rows = await db
    .select({ quiz: quizzes })
    .from(quizzes)
    .innerJoin(videos, eq(videos.id, quizzes.afterVideoId))
    .where(eq(quizzes.courseId, courseId))
    .orderBy(asc(videos.position), asc(videos.id), asc(quizzes.position), asc(quizzes.id));
  const ids = rows.map((row) => row.quiz.id);
  const questions = ids.length
    ? await db.select().from(quizQuestions).where(inArray(quizQuestions.quizId, ids))
    : [];
  return rows.map((row) => adminQuizView(row.quiz, questions));
}

async function loadAdminQuiz(db: DbExecutor, quizId: string) {
  const [quiz] = await db.select().from(quizzes).where(eq(quizzes.id, quizId));
  if (!quiz) throw quizNotFound();
  const questions = await db.select().from(quizQuestions).where(eq(quizQuestions.quizId, quizId));
  return adminQuizView(quiz, questions);
}

async function nextQuizPosition(db: DbExecutor, afterVideoId: number) {
  const [{ next }] = await db
    .select({ next: sql<number>`coalesce(max(${quizzes.position}), -1)::int + 1` })
    .from(quizzes)
    .where(eq(quizzes.afterVideoId, afterVideoId));
  return next;
}

export async function createQuiz(db: Database, courseId: string, fields: QuizFields) {
  await courseExists(db, courseId);
  await lessonOfCourse(db, courseId, fields.afterVideoId);
  const [quiz] = await db
    .insert(quizzes)
    .values({
      id: newId(),
      courseId,
      afterVideoId: fields.afterVideoId,
      position: await nextQuizPosition(db, fields.afterVideoId),
      title: fields.title,
      passMark: fields.passMark,
    })
    .returning();
  return adminQuizView(quiz, []);
}

export async function updateQuiz(db: Database, quizId: string, changes: Partial<QuizFields>) {
  const [before] = await db.select().from(quizzes).where(eq(quizzes.id, quizId));
  if (!before) throw quizNotFound();
  const moved = changes.afterVideoId !== undefined && changes.afterVideoId !== before.afterVideoId;
  if (moved && changes.afterVideoId !== undefined)
    await lessonOfCourse(db, before.courseId, changes.afterVideoId);
  await db
    .update(quizzes)
    .set({
      ...changes,
      ...(moved && changes.afterVideoId !== undefined
        ? { position: await nextQuizPosition(db, changes.afterVideoId) }
        : {}),
      updatedAt: new Date(),
    })
    .where(eq(quizzes.id, quizId));
  return loadAdminQuiz(db, quizId);
}

export async function deleteQuiz(db: Database, quizId: string) {
  const deleted = await db.delete(quizzes).where(eq(quizzes.id, quizId)).returning({ id: quizzes.id });
  if (deleted.length === 0) throw quizNotFound();
}

/** The stored columns of a question; a choice keeps its id when its text is unchanged (attempts in progress still match). */
function questionColumns(fields: QuizQuestionFields, previous: QuizChoice[] = []) {
  const base = { kind: fields.kind, prompt: fields.prompt, explanation: fields.explanation };
  if (fields.kind === 'numeric')
    return {
      ...base,
      choices: [],
      numericValue: fields.value,
      tolerance: fields.tolerance,
      unit: fields.unit,
    };
  const used = new Set<string>();
  const choices = fields.choices.map((choice) => {
    const kept = previous.find((old) => old.text === choice.text && !used.has(old.id));
    const id = kept?.id ?? randomBytes(6).toString('hex');
    used.add(id);
    return { id, text: choice.text, correct: choice.correct };
  });
  return { ...base, choices, numericValue: null, tolerance: null, unit: null };
}

export async function createQuestion(db: Database, quizId: string, fields: QuizQuestionFields) {
  const [quiz] = await db.select({ id: quizzes.id }).from(quizzes).where(eq(quizzes.id, quizId));
  if (!quiz) throw quizNotFound();
  const [{ next }] = await db
    .select({ next: sql<number>`coalesce(max(${quizQuestions.position}), -1)::int + 1` })
    .from(quizQuestions)
    .where(eq(quizQuestions.quizId, quizId));
  const [created] = await db
    .insert(quizQuestions)
    .values({ id: newId(), quizId, position: next, ...questionColumns(fields) })
    .returning();
  return adminQuestionView(created);
}

export async function updateQuestion(db: Database, questionId: string, fields: QuizQuestionFields) {
  const [before] = await db.select().from(quizQuestions).where(eq(quizQuestions.id, questionId));
  if (!before) throw notFound('We could not find that question.');
  const [updated] = await db
    .update(quizQuestions)
    .set(questionColumns(fields, before.choices))
    .where(eq(quizQuestions.id, questionId))
    .returning();
  return adminQuestionView(updated);
}

export async function deleteQuestion(db: Database, questionId: string) {
  const deleted = await db
    .delete(quizQuestions)
    .where(eq(quizQuestions.id, questionId))
    .returning({ id: quizQuestions.id });
  if (deleted.length === 0) throw notFound('We could not find that question.');
}
