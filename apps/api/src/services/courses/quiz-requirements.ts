import type { DbExecutor } from '@candlewise/db';
import type { CourseRequirement } from '@candlewise/shared';
import { courseQuizSummaries } from './quizzes.ts';

/** Each quiz of a course, in lesson order: met once passed at least once; score is the best percent. */
export async function quizRequirements(
  db: DbExecutor,
  userId: string,
  courseId: string,
): Promise<CourseRequirement[]> {
  const quizzes = await courseQuizSummaries(db, userId, courseId);
  return quizzes.map((quiz) => ({
    kind: 'quiz',
    id: quiz.id,
    title: quiz.title,
    met: quiz.passed,
    score: quiz.bestScore,
  }));
}
