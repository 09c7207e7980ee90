import { coursePrerequisites, courses, type DbExecutor } from '@candlewise/db';
import { type CourseProgressRules, findPrerequisiteCycle } from '@candlewise/shared';
import { asc, eq, sql } from 'drizzle-orm';
import { AppError, notFound } from '../../lib/app-error.ts';

/** A course's progress rules as Admin → Courses edits them (issue #42). */
export async function getCourseRules(db: DbExecutor, courseId: string): Promise<CourseProgressRules> {
  const [course] = await db.select().from(courses).where(eq(courses.id, courseId));
  if (!course) throw notFound('We could not find that course.');
  const prerequisites = await db
    .select({ id: coursePrerequisites.prerequisiteId })
    .from(coursePrerequisites)
    .innerJoin(courses, eq(courses.id, coursePrerequisites.prerequisiteId))
    .where(eq(coursePrerequisites.courseId, courseId))
    .orderBy(asc(courses.position), asc(courses.id));
  return {
    watchedSharePercent: course.watchedSharePercent,
    noSkipping: course.noSkipping,
    dripIntervalDays: course.dripIntervalDays,
    prerequisiteIds: prerequisites.map((row) => row.id),
  };
}

const invalid = (message: string, path = 'prerequisiteIds') =>
  new AppError(400, 'VALIDATION_FAILED', message, [{ path, message }]);

/**
 * Replaces the rules at once. Prerequisites must be other existing courses and must not make a
 * cycle (A needs B needs A): 400 with the cycle spelled out, and nothing is written.
 */
export async function replaceCourseRules(db: DbExecutor, courseId: string, rules: CourseProgressRules) {
  const prerequisiteIds = [...new Set(rules.prerequisiteIds)];
  await db.transaction(async (tx) => {
    // One prerequisite edit at a time, so two edits cannot each close half of a cycle.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('course_prerequisites'))`);
    const [course] = await tx.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId));
    if (!course) throw notFound('We could not find that course.');
    if (prerequisiteIds.includes(courseId)) throw invalid('A course cannot be its own prerequisite.');
    const all = await tx.select({ id: courses.id, title: courses.title }).from(courses);
    const titles = new Map(all.map((row) => [row.id, row.title]));
    const unknown = prerequisiteIds.find((id) => !titles.has(id));
    if (unknown) throw invalid(`We could not find the course “${unknown}” to require first.`);
    const edges = await tx.select().from(coursePrerequisites);
    const graph = new Map<string, string[]>();
    for (const edge of edges) {
      if (edge.courseId === courseId) continue;
      graph.set(edge.courseId, [...(graph.get(edge.courseId) ?? []), edge.prerequisiteId]);
    }
    const cycle = findPrerequisiteCycle(courseId, prerequisiteIds, graph);
    if (cycle) {
      const path = cycle.map((id) => `“${titles.get(id) ?? id}”`).join(' → ');
      throw invalid(
        `These prerequisites would make a loop no learner could start: ${path}. Remove one of them.`,
      );
    }
    await tx
      .update(courses)
      .set({
        watchedSharePercent: rules.watchedSharePercent,
        noSkipping: rules.noSkipping,
        dripIntervalDays: rules.dripIntervalDays,
        updatedAt: new Date(),
      })
      .where(eq(courses.id, courseId));
    await tx.delete(coursePrerequisites).where(eq(coursePrerequisites.courseId, courseId));
    if (prerequisiteIds.length > 0) {
      await tx
        .insert(coursePrerequisites)
        .values(prerequisiteIds.map((prerequisiteId) => ({ courseId, prerequisiteId })));
    }
  });
  return getCourseRules(db, courseId);
}
