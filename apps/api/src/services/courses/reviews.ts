import { randomInt } from 'node:crypto';
import {
  courses,
  type Database,
  type DbExecutor,
  drills,
  quizQuestions,
  reviewItems,
  type UserRow,
} from '@candlewise/db';
import { isAnswerCorrect, type QuizResponse } from '@candlewise/shared';
import { and, asc, eq, gt, lte, min } from 'drizzle-orm';
import { conflict, notFound } from '../../lib/app-error.ts';
import { checkedResponse, correctAnswerOf, keyOf, shuffled } from './quiz-keys.ts';
import { learnerQuestion } from './quizzes.ts';
import { scheduleReview } from './review-queue.ts';

const reviewNotFound = () => notFound('We could not find that review in your queue.');

/** The learner's review items due by `now`, oldest first, and when the next one falls due. */
export async function listDueReviews(db: DbExecutor, userId: string, now: Date = new Date()) {
  const rows = await db
    .select({
      item: reviewItems,
      courseTitle: courses.title,
      prompt: quizQuestions.prompt,
      quizId: quizQuestions.quizId,
      drillTitle: drills.title,
    })
    .from(reviewItems)
    .innerJoin(courses, eq(courses.id, reviewItems.courseId))
    .leftJoin(quizQuestions, and(eq(reviewItems.kind, 'question'), eq(quizQuestions.id, reviewItems.refId)))
    .leftJoin(drills, and(eq(reviewItems.kind, 'drill'), eq(drills.id, reviewItems.refId)))
    .where(and(eq(reviewItems.userId, userId), lte(reviewItems.dueAt, now)))
    .orderBy(asc(reviewItems.dueAt), asc(reviewItems.id));
  const [{ next }] = await db
    .select({ next: min(reviewItems.dueAt) })
    .from(reviewItems)
    .where(and(eq(reviewItems.userId, userId), gt(reviewItems.dueAt, now)));
  const due = rows.flatMap(({ item, courseTitle, prompt, quizId, drillTitle }) => {
    // A question deleted from its quiz, or a deleted drill, has nothing left to review.
    if (item.kind === 'question' && prompt === null) return [];
    if (item.kind === 'drill' && drillTitle === null) return [];
    return [
      {
        id: item.id,
        kind: item.kind,
        refId: item.refId,
        title: item.kind === 'question' ? (prompt ?? '') : (drillTitle ?? ''),
        courseId: item.courseId,
        courseTitle,
        link:
          item.kind === 'question'
            ? `/courseVideos/${item.courseId}?quiz=${quizId}`
            : `/courseVideos/${item.courseId}?drill=${item.refId}`,
        dueAt: item.dueAt.toISOString(),
        step: item.step,
      },
    ];
  });
  return { due, nextDueAt: next ? new Date(next).toISOString() : null };
}

async function ownQuestionReview(db: DbExecutor, userId: string, reviewId: string, lock = false) {
  const query = db
    .select({ item: reviewItems, question: quizQuestions })
    .from(reviewItems)
    .innerJoin(quizQuestions, eq(quizQuestions.id, reviewItems.refId))
    .where(
      and(eq(reviewItems.id, reviewId), eq(reviewItems.userId, userId), eq(reviewItems.kind, 'question')),
    );
  const [found] = lock ? await query.for('update', { of: reviewItems }) : await query;
  if (!found) throw reviewNotFound();
  return found;
}

/** A queued question to answer again: choices shuffled, no key. */
export async function getReviewQuestion(db: DbExecutor, user: UserRow, reviewId: string) {
  const { item, question } = await ownQuestionReview(db, user.id, reviewId);
  const order = shuffled(
    question.choices.map((choice) => choice.id),
    randomInt,
  );
  return { ...learnerQuestion(question, order, null), reviewId: item.id, dueAt: item.dueAt.toISOString() };
}

/**
 * Checks a queued question answered again: right moves it on (3 days, then 7, then out of the queue),
 * wrong restarts it at 1 day. Only a due item can be answered.
 */
export async function answerReview(
  db: Database,
  user: UserRow,
  reviewId: string,
  response: QuizResponse,
  now: Date = new Date(),
) {
  return db.transaction(async (tx) => {
    const { item, question } = await ownQuestionReview(tx, user.id, reviewId, true);
    if (item.dueAt > now)
      throw conflict(
        `This review is due on ${item.dueAt.toISOString().slice(0, 10)}; answer it then (spacing is what makes it stick).`,
      );
    const checked = checkedResponse(question, response);
    const correct = isAnswerCorrect(keyOf(question), checked);
    const next = await scheduleReview(tx, {
      userId: user.id,
      kind: 'question',
      refId: question.id,
      courseId: item.courseId,
      passed: correct,
      now,
    });
    return {
      questionId: question.id,
      correct,
      explanation: question.explanation,
      correctAnswer: correctAnswerOf(question),
      given: { choiceIds: checked.choiceIds ?? [], value: checked.value ?? null },
      nextDueAt: next?.dueAt.toISOString() ?? null,
      step: next?.step ?? null,
    };
  });
}
