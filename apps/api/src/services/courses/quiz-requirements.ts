import type { DbExecutor } from '@candlewise/db';
import { courseQuizSummaries } from './quizzes.ts';

/**
 * A requirement for finishing a course. TODO(lead): H3 defines this type in
 * packages/shared/src/courses/course-requirements.ts; import it from there once merged.
 */
export type CourseRequirement = {
  kind: 'lesson' | 'quiz' | 'drill';
  id: string;
  title: string;
  met: boolean;
  score: number | null;
};

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
