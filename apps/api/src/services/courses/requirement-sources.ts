import type { DbExecutor } from '@candlewise/db';
import type { CourseRequirement } from '@candlewise/shared';

/**
 * STUBS until the quiz (H1) and drill (H2) parts are merged — TODO(lead): replace the two bodies
 * with re-exports of `quizRequirements` from ./quiz-requirements.ts and `drillRequirements` from
 * ./drill-requirements.ts. Course completion (./course-completion.ts) calls only these two names.
 */
export async function quizRequirements(
  _db: DbExecutor,
  _userId: string,
  _courseId: string,
): Promise<CourseRequirement[]> {
  return [];
}

export async function drillRequirements(
  _db: DbExecutor,
  _userId: string,
  _courseId: string,
): Promise<CourseRequirement[]> {
  return [];
}
