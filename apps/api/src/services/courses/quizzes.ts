import { randomInt } from 'node:crypto';
import {
  type Database,
  type DbExecutor,
  newId,
  quizAnswers,
  quizAttempts,
  quizQuestions,
  quizzes,
  type UserRow,
  videos,
} from '@candlewise/db';
import { isAnswerCorrect, type QuizResponse, scoreAttempt } from '@candlewise/shared';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { AppError, conflict, notFound } from '../../lib/app-error.ts';
import { getOpenableCourse } from './course-catalogue.ts';
import { checkCourseCompletion } from './course-completion.ts';
import { checkedResponse, correctAnswerOf, keyOf, shuffled } from './quiz-keys.ts';
import { scheduleReview } from './review-queue.ts';

type QuestionRow = typeof quizQuestions.$inferSelect;
type AnswerRow = typeof quizAnswers.$inferSelect;
type AttemptRow = typeof quizAttempts.$inferSelect;

const attemptNotFound = () => notFound('We could not find that quiz attempt.');

/** The result of one answer as the learner sees it: right or not, why, and the key. */
export function answerResult(question: QuestionRow, answer: AnswerRow) {
  return {
    questionId: question.id,
    correct: answer.correct,
    explanation: question.explanation,
    correctAnswer: correctAnswerOf(question),
    given: { choiceIds: answer.choiceIds ?? [], value: answer.numericAnswer ?? null },
  };
}

/** A question for a learner, choices in the given order, without the key. */
export function learnerQuestion(question: QuestionRow, choiceOrder: string[], answer: AnswerRow | null) {
  const byId = new Map(question.choices.map((choice) => [choice.id, choice]));
  return {
    id: question.id,
    kind: question.kind,
    prompt: question.prompt,
    unit: question.unit || null,
    choices: choiceOrder.flatMap((id) => {
      const choice = byId.get(id);
      return choice ? [{ id: choice.id, text: choice.text }] : [];
    }),
    answer: answer ? answerResult(question, answer) : null,
  };
}

/** Bests per quiz for one learner: the highest finished score and whether any attempt passed. */
async function bestsOf(db: DbExecutor, userId: string, quizIds: string[]) {
  if (quizIds.length === 0) return new Map<string, { best: number | null; passed: boolean }>();
  const rows = await db
    .select({
      quizId: quizAttempts.quizId,
      best: sql<string | null>`max(${quizAttempts.scorePercent})::text`,
      passed: sql<boolean>`coalesce(bool_or(${quizAttempts.passed}), false)`,
    })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.userId, userId), inArray(quizAttempts.quizId, quizIds)))
    .groupBy(quizAttempts.quizId);
  return new Map(
    rows.map((row) => [
      row.quizId,
      { best: row.best === null ? null : Number(row.best), passed: row.passed },
    ]),
  );
}

/** A course's quizzes in lesson order (then their position after the lesson), with the learner's bests. */
export async function courseQuizSummaries(db: DbExecutor, userId: string, courseId: string) {
  const rows = await db
    .select({
      quiz: quizzes,
      questionCount: sql<number>`(select count(*)::int from quiz_questions q where q.quiz_id = ${quizzes.id})`,
    })
    .from(quizzes)
    .innerJoin(videos, eq(videos.id, quizzes.afterVideoId))
    .where(eq(quizzes.courseId, courseId))
    .orderBy(asc(videos.position), asc(videos.id), asc(quizzes.position), asc(quizzes.id));
  const bests = await bestsOf(
    db,
    userId,
    rows.map((row) => row.quiz.id),
  );
  return rows.map(({ quiz, questionCount }) => ({
    id: quiz.id,
    courseId: quiz.courseId,
    title: quiz.title,
    afterVideoId: quiz.afterVideoId,
    position: quiz.position,
    passMark: quiz.passMark,
    questionCount,
    bestScore: bests.get(quiz.id)?.best ?? null,
    passed: bests.get(quiz.id)?.passed ?? false,
  }));
}

export async function listCourseQuizzes(db: DbExecutor, user: UserRow, courseId: string) {
  await getOpenableCourse(db, user, courseId);
  return courseQuizSummaries(db, user.id, courseId);
}

async function quizInCourse(db: DbExecutor, courseId: string, quizId: string) {
  const [quiz] = await db
    .select()
    .from(quizzes)
    .where(and(eq(quizzes.id, quizId), eq(quizzes.courseId, courseId)));
  if (!quiz) throw notFound('We could not find that quiz in this course.');
  return quiz;
}

const attemptSummary = (attempt: AttemptRow) => ({
  id: attempt.id,
  startedAt: attempt.startedAt.toISOString(),
  finishedAt: attempt.finishedAt?.toISOString() ?? null,
  scorePercent: attempt.scorePercent,
  passed: attempt.passed,
});

/** One quiz with the learner's past attempts, newest first. */
export async function getCourseQuiz(db: DbExecutor, user: UserRow, courseId: string, quizId: string) {
  await getOpenableCourse(db, user, courseId);
  await quizInCourse(db, courseId, quizId);
  const summary = (await courseQuizSummaries(db, user.id, courseId)).find((quiz) => quiz.id === quizId);
  if (!summary) throw notFound('We could not find that quiz in this course.');
  const attempts = await db
    .select()
    .from(quizAttempts)
    .where(and(eq(quizAttempts.userId, user.id), eq(quizAttempts.quizId, quizId)))
    .orderBy(desc(quizAttempts.startedAt), desc(quizAttempts.id));
  return { ...summary, attempts: attempts.map(attemptSummary) };
}

/** An attempt as its learner sees it: the stored order, answered questions with their results. */
async function attemptView(db: DbExecutor, attempt: AttemptRow) {
  const [quiz] = await db.select().from(quizzes).where(eq(quizzes.id, attempt.quizId));
  const ids = attempt.questionOrder.map((entry) => entry.questionId);
  const [questions, answers] = await Promise.all([
    ids.length ? db.select().from(quizQuestions).where(inArray(quizQuestions.id, ids)) : [],
    db.select().from(quizAnswers).where(eq(quizAnswers.attemptId, attempt.id)),
  ]);
  const byId = new Map(questions.map((question) => [question.id, question]));
  const answerOf = new Map(answers.map((answer) => [answer.questionId, answer]));
  // A question an admin removed since the attempt started is left out.
  const shown = attempt.questionOrder.flatMap((entry) => {
    const question = byId.get(entry.questionId);
    return question ? [learnerQuestion(question, entry.choiceIds, answerOf.get(question.id) ?? null)] : [];
  });
  return {
    id: attempt.id,
    quizId: attempt.quizId,
    courseId: attempt.courseId,
    title: quiz.title,
    passMark: quiz.passMark,
    startedAt: attempt.startedAt.toISOString(),
    finishedAt: attempt.finishedAt?.toISOString() ?? null,
    questions: shown,
    correctCount: attempt.correctCount,
    totalCount: attempt.totalCount ?? shown.length,
    scorePercent: attempt.scorePercent,
    passed: attempt.passed,
  };
}

/** Starts an attempt: questions and their choices shuffled, the order kept on the attempt. */
export async function startQuizAttempt(
  db: DbExecutor,
  user: UserRow,
  courseId: string,
  quizId: string,
  now: Date = new Date(),
) {
  await getOpenableCourse(db, user, courseId);
  await quizInCourse(db, courseId, quizId);
  const questions = await db.select().from(quizQuestions).where(eq(quizQuestions.quizId, quizId));
  if (questions.length === 0) throw conflict('This quiz has no questions yet. Try again later.');
  const questionOrder = shuffled(questions, randomInt).map((question) => ({
    questionId: question.id,
    choiceIds: shuffled(
      question.choices.map((choice) => choice.id),
      randomInt,
    ),
  }));
  const [attempt] = await db
    .insert(quizAttempts)
    .values({ id: newId(now), quizId, userId: user.id, courseId, questionOrder, startedAt: now })
    .returning();
  return attemptView(db, attempt);
}

async function ownAttempt(db: DbExecutor, userId: string, attemptId: string, lock = false) {
  const query = db
    .select()
    .from(quizAttempts)
    .where(and(eq(quizAttempts.id, attemptId), eq(quizAttempts.userId, userId)));
  const [attempt] = lock ? await query.for('update') : await query;
  if (!attempt) throw attemptNotFound();
  return attempt;
}

export async function getQuizAttempt(db: DbExecutor, user: UserRow, attemptId: string) {
  return attemptView(db, await ownAttempt(db, user.id, attemptId));
}

/**
 * Answers one question of an attempt. The (attempt, question) key keeps one answer however many
 * requests race: a second answer gets the first one's result. A wrong answer queues the question
 * for review (1 day, then 3, then 7).
 */
export async function answerQuizQuestion(
  db: Database,
  user: UserRow,
  attemptId: string,
  input: QuizResponse & { questionId: string },
  now: Date = new Date(),
) {
  return db.transaction(async (tx) => {
    const attempt = await ownAttempt(tx, user.id, attemptId, true);
    const inAttempt = attempt.questionOrder.some((entry) => entry.questionId === input.questionId);
    if (!inAttempt)
      throw new AppError(400, 'VALIDATION_FAILED', 'That question is not part of this attempt.');
    const [question] = await tx.select().from(quizQuestions).where(eq(quizQuestions.id, input.questionId));
    if (!question)
      throw new AppError(400, 'VALIDATION_FAILED', 'That question was removed from the quiz; skip it.');
    const [earlier] = await tx
      .select()
      .from(quizAnswers)
      .where(and(eq(quizAnswers.attemptId, attemptId), eq(quizAnswers.questionId, question.id)));
    if (earlier) return answerResult(question, earlier);
    if (attempt.finishedAt) throw conflict('This attempt is finished. Start a new attempt to answer again.');
    const response = checkedResponse(question, input);
    const correct = isAnswerCorrect(keyOf(question), response);
    const [inserted] = await tx
      .insert(quizAnswers)
      .values({
        attemptId,
        questionId: question.id,
        choiceIds: response.choiceIds ?? null,
        numericAnswer: response.value ?? null,
        correct,
        answeredAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!inserted) {
      const [first] = await tx
        .select()
        .from(quizAnswers)
        .where(and(eq(quizAnswers.attemptId, attemptId), eq(quizAnswers.questionId, question.id)));
      return answerResult(question, first);
    }
    if (!correct)
      await scheduleReview(tx, {
        userId: user.id,
        kind: 'question',
        refId: question.id,
        courseId: attempt.courseId,
        passed: false,
        now,
      });
    return answerResult(question, inserted);
  });
}

/** Scores an attempt (unanswered questions count as wrong); finishing twice answers the same score. */
export async function finishQuizAttempt(
  db: Database,
  user: UserRow,
  attemptId: string,
  now: Date = new Date(),
) {
  const view = await db.transaction(async (tx) => {
    const attempt = await ownAttempt(tx, user.id, attemptId, true);
    if (attempt.finishedAt) return attemptView(tx, attempt);
    const [quiz] = await tx.select().from(quizzes).where(eq(quizzes.id, attempt.quizId));
    const ids = attempt.questionOrder.map((entry) => entry.questionId);
    const existing = await tx
      .select({ id: quizQuestions.id })
      .from(quizQuestions)
      .where(inArray(quizQuestions.id, ids));
    const live = new Set(existing.map((row) => row.id));
    const answers = await tx.select().from(quizAnswers).where(eq(quizAnswers.attemptId, attemptId));
    const correctCount = answers.filter((answer) => answer.correct && live.has(answer.questionId)).length;
    const { percent, passed } = scoreAttempt(correctCount, live.size, quiz.passMark);
    const [finished] = await tx
      .update(quizAttempts)
      .set({ finishedAt: now, correctCount, totalCount: live.size, scorePercent: percent, passed })
      .where(eq(quizAttempts.id, attemptId))
      .returning();
    return attemptView(tx, finished);
  });
  // A passed quiz may be the course's last requirement: its certificate is issued now.
  if (view.passed) await checkCourseCompletion(db, user.id, view.courseId, now);
  return view;
}
