import { type DbExecutor, drillAttempts, drills } from '@candlewise/db';
import type { CourseRequirement } from '@candlewise/shared';
import { and, asc, eq } from 'drizzle-orm';

/**
 * The course's drills as completion requirements (issue #42): met once an attempt passed, score the
 * best R reached by any scored attempt, to two decimals (null before any).
 */
export async function drillRequirements(
  db: DbExecutor,
  userId: string,
  courseId: string,
): Promise<CourseRequirement[]> {
  const rows = await db
    .select({ id: drills.id, title: drills.title })
    .from(drills)
    .where(eq(drills.courseId, courseId))
    .orderBy(asc(drills.afterVideoId), asc(drills.position), asc(drills.id));
  if (!rows.length) return [];
  const attempts = await db
    .select({ drillId: drillAttempts.drillId, passed: drillAttempts.passed, rBest: drillAttempts.rBest })
    .from(drillAttempts)
    .where(and(eq(drillAttempts.userId, userId), eq(drillAttempts.courseId, courseId)));
  return rows.map((row) => {
    const mine = attempts.filter((attempt) => attempt.drillId === row.id);
    // The requirement's score for a drill is the best R reached (course-requirements.ts), not the 0–100 score.
    const reached = mine.map((attempt) => attempt.rBest).filter((r): r is number => r !== null);
    return {
      kind: 'drill' as const,
      id: row.id,
      title: row.title,
      met: mine.some((attempt) => attempt.passed === true),
      score: reached.length ? Math.round(Math.max(...reached) * 100) / 100 : null,
    };
  });
}
