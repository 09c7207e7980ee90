import { type DbExecutor, newId, reviewItems } from '@candlewise/db';
import { nextReview } from '@candlewise/shared';
import { and, eq } from 'drizzle-orm';

export type ReviewKind = 'question' | 'drill';

/**
 * The spaced-repetition queue (issue #42). A failure (re)starts the item at step 1, due in 1 day;
 * a success while queued moves it on (due in 3 days, then 7); the success at the 7-day step takes
 * it out of the queue. A success for something not queued changes nothing. Call it inside the
 * transaction that records the result; `now` is injected so tests can walk the days.
 */
export async function scheduleReview(
  tx: DbExecutor,
  input: { userId: string; kind: ReviewKind; refId: string; courseId: string; passed: boolean; now: Date },
): Promise<{ step: number; dueAt: Date } | null> {
  const where = and(
    eq(reviewItems.userId, input.userId),
    eq(reviewItems.kind, input.kind),
    eq(reviewItems.refId, input.refId),
  );
  const [current] = await tx.select({ step: reviewItems.step }).from(reviewItems).where(where).for('update');
  const next = nextReview(current ?? null, input.passed, input.now);
  if (!next) {
    if (current) await tx.delete(reviewItems).where(where);
    return null;
  }
  await tx
    .insert(reviewItems)
    .values({
      id: newId(input.now),
      userId: input.userId,
      kind: input.kind,
      refId: input.refId,
      courseId: input.courseId,
      dueAt: next.dueAt,
      step: next.step,
      updatedAt: input.now,
    })
    .onConflictDoUpdate({
      target: [reviewItems.userId, reviewItems.kind, reviewItems.refId],
      set: { dueAt: next.dueAt, step: next.step, courseId: input.courseId, updatedAt: input.now },
    });
  return next;
}
