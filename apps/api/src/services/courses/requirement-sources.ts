import type { DbExecutor } from '@candlewise/db';
import type { CourseRequirement } from '@candlewise/shared';

/**
 * What a course asks besides its lessons (issue #42): its quizzes and drills, each from its own
 * service. Course completion (./course-completion.ts) reads them through these two names.
 */
export { drillRequirements } from './drill-requirements.ts';

export async function quizRequirements(
  _db: DbExecutor,
  _userId: string,
  _courseId: string,
): Promise<CourseRequirement[]> {
  return [];
}
