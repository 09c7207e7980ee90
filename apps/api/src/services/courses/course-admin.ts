import { courses, type Database, videos, videoTimestamps } from '@candlewise/db';
import { type ChapterInput, chapterProblems } from '@candlewise/shared';
import { eq, sql } from 'drizzle-orm';
import { AppError, conflict, notFound } from '../../lib/app-error.ts';
import type { EventBus } from '../../providers/events/event-bus.ts';
import { notify } from '../notifications/notify.ts';

export type CourseFields = {
  title: string;
  description: string;
  thumbnail: string;
  isPro: boolean;
  published: boolean;
};

export async function createCourse(
  db: Database,
  bus: EventBus,
  input: CourseFields & { id: string },
): Promise<typeof courses.$inferSelect> {
  const [{ next }] = await db
    .select({ next: sql<number>`coalesce(max(${courses.position}), -1)::int + 1` })
    .from(courses);
  const [created] = await db
    .insert(courses)
    .values({ ...input, position: next })
    .onConflictDoNothing()
    .returning();
  if (!created) throw conflict(`A course with the id "${input.id}" already exists.`);
  if (created.published) await announceCourse(db, bus, created);
  return created;
}

async function announceCourse(db: Database, bus: EventBus, course: { id: string; title: string }) {
  await notify(db, bus, {
    userId: null,
    kind: 'new_course',
    title: 'New course',
    message: `“${course.title}” is now available.`,
    link: `/courseVideos/${course.id}`,
  });
}

export async function updateCourse(
  db: Database,
  bus: EventBus,
  courseId: string,
  changes: Partial<CourseFields>,
) {
  const [before] = await db.select().from(courses).where(eq(courses.id, courseId));
  if (!before) throw notFound('We could not find that course.');
  const [updated] = await db
    .update(courses)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(courses.id, courseId))
    .returning();
  if (!before.published && updated.published) await announceCourse(db, bus, updated);
  return updated;
}

export async function deleteCourse(db: Database, courseId: string): Promise<void> {
  const deleted = await db.delete(courses).where(eq(courses.id, courseId)).returning({ id: courses.id });
  if (deleted.length === 0) throw notFound('We could not find that course.');
}

/** Sets the order of a list from the ids given; the list must name every item exactly once. */
async function reorder(
  db: Database,
  table: typeof courses | typeof videos,
  ids: Array<string | number>,
  existing: Array<string | number>,
  label: string,
) {
  const same =
    ids.length === existing.length &&
    new Set(ids).size === ids.length &&
    ids.every((id) => existing.includes(id));
  if (!same) throw new AppError(400, 'VALIDATION_FAILED', `Send every ${label} id exactly once.`);
  await db.transaction(async (tx) => {
    for (const [position, id] of ids.entries()) {
      await tx
        .update(table)
        .set({ position })
        .where(eq(table.id as typeof courses.id, id as string));
    }
  });
}

export async function reorderCourses(db: Database, courseIds: string[]) {
  const existing = (await db.select({ id: courses.id }).from(courses)).map((row) => row.id);
  await reorder(db, courses, courseIds, existing, 'course');
}

export async function reorderLessons(db: Database, courseId: string, videoIds: number[]) {
  const existing = (await db.select({ id: videos.id }).from(videos).where(eq(videos.courseId, courseId))).map(
    (row) => row.id,
  );
  await reorder(db, videos, videoIds, existing, 'lesson');
}

export type LessonFields = {
  title: string;
  description: string;
  thumbnail: string;
  duration: number;
  videoUrl: string;
};

export async function createLesson(db: Database, courseId: string, input: LessonFields) {
  const [course] = await db.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId));
  if (!course) throw notFound('We could not find that course.');
  const [{ next }] = await db
    .select({ next: sql<number>`coalesce(max(${videos.position}), -1)::int + 1` })
    .from(videos)
    .where(eq(videos.courseId, courseId));
  const [created] = await db
    .insert(videos)
    .values({ ...input, courseId, position: next })
    .returning();
  return created;
}

export async function updateLesson(db: Database, videoId: number, changes: Partial<LessonFields>) {
  return db.transaction(async (tx) => {
    const [updated] = await tx.update(videos).set(changes).where(eq(videos.id, videoId)).returning();
    if (!updated) throw notFound('We could not find that lesson.');
    if (changes.duration !== undefined) {
      const chapters = await tx.select().from(videoTimestamps).where(eq(videoTimestamps.videoId, videoId));
      const problems = chapterProblems(chapters, updated.duration);
      if (problems.length) {
        throw new AppError(409, 'CONFLICT', `The new duration cuts chapters short: ${problems[0].message}`);
      }
    }
    return updated;
  });
}

export async function deleteLesson(db: Database, videoId: number) {
  const deleted = await db.delete(videos).where(eq(videos.id, videoId)).returning({ id: videos.id });
  if (deleted.length === 0) throw notFound('We could not find that lesson.');
}

/** Replaces a lesson's chapters at once; they must lie inside the video and not overlap. */
export async function replaceChapters(db: Database, videoId: number, chapters: ChapterInput[]) {
  const [lesson] = await db.select().from(videos).where(eq(videos.id, videoId));
  if (!lesson) throw notFound('We could not find that lesson.');
  const problems = chapterProblems(chapters, lesson.duration);
  if (problems.length) {
    throw new AppError(
      400,
      'VALIDATION_FAILED',
      'Some chapters are not valid. Correct them and try again.',
      problems.map((problem) => ({ path: `chapters.${problem.index}`, message: problem.message })),
    );
  }
  return db.transaction(async (tx) => {
    await tx.delete(videoTimestamps).where(eq(videoTimestamps.videoId, videoId));
    if (chapters.length === 0) return [];
    return tx
      .insert(videoTimestamps)
      .values(chapters.map((chapter) => ({ ...chapter, videoId })))
      .returning();
  });
}
