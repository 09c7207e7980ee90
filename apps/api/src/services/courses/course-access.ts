import {
  courseEnrolments,
  coursePrerequisites,
  courses,
  type DbExecutor,
  type UserRow,
  videos,
} from '@candlewise/db';
import { isLessonReleased, lessonReleaseAt } from '@candlewise/shared';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';

/**
 * Who may read or write a course's lessons under its progress rules (issue #42): prerequisites must
 * be complete, and a dripped lesson opens n × interval days after enrolment. Admins are not held back.
 */

type CourseRow = typeof courses.$inferSelect;

/** The prerequisites of `courseId` the user has not completed, in catalogue order. */
export async function unmetPrerequisites(db: DbExecutor, userId: string, courseId: string) {
  const required = await db
    .select({ id: courses.id, title: courses.title })
    .from(coursePrerequisites)
    .innerJoin(courses, eq(courses.id, coursePrerequisites.prerequisiteId))
    .where(eq(coursePrerequisites.courseId, courseId))
    .orderBy(asc(courses.position), asc(courses.id));
  if (required.length === 0) return [];
  const done = await db
    .select({ courseId: courseEnrolments.courseId })
    .from(courseEnrolments)
    .where(
      and(
        eq(courseEnrolments.userId, userId),
        inArray(
          courseEnrolments.courseId,
          required.map((course) => course.id),
        ),
        isNotNull(courseEnrolments.completedAt),
      ),
    );
  const completed = new Set(done.map((row) => row.courseId));
  return required.filter((course) => !completed.has(course.id));
}

/** "Finish “A” and “B” first to open this course." */
export function prerequisitesSentence(titles: string[]): string {
  const quoted = titles.map((title) => `“${title}”`);
  const list =
    quoted.length <= 1 ? quoted.join('') : `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}`;
  return `Finish ${list} first to open this course.`;
}

/** 403 with the sentence naming the courses to finish first, unless they are all complete. */
export async function assertPrerequisitesMet(db: DbExecutor, user: UserRow, courseId: string) {
  if (user.role === 'admin') return;
  const missing = await unmetPrerequisites(db, user.id, courseId);
  if (missing.length > 0) {
    throw new AppError(
      403,
      'FORBIDDEN',
      prerequisitesSentence(missing.map((course) => course.title)),
      // One detail per course to finish, so the course page can link to each.
      missing.map((course) => ({
        path: `prerequisites.${course.id}`,
        message: `Finish “${course.title}” first.`,
      })),
    );
  }
}

/** The learner's enrolment, made the first time (idempotent: the unique index keeps one). */
export async function ensureEnrolment(db: DbExecutor, userId: string, courseId: string, now: Date) {
  await db.insert(courseEnrolments).values({ userId, courseId, enrolledAt: now }).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(courseEnrolments)
    .where(and(eq(courseEnrolments.userId, userId), eq(courseEnrolments.courseId, courseId)));
  return row;
}

/** "This lesson opens on 5 Dec 2026." (UTC day) */
export function releaseSentence(releaseAt: Date): string {
  const day = releaseAt.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return `This lesson opens on ${day}. Come back then to watch it.`;
}

export type LessonRelease = { released: boolean; releaseAt: Date };

/** Release of each lesson (in course order) for this user; everything is open for admins and without drip. */
export function lessonReleases(
  course: Pick<CourseRow, 'dripIntervalDays'>,
  enrolledAt: Date,
  lessonCount: number,
  now: Date,
  isAdmin: boolean,
): LessonRelease[] {
  return Array.from({ length: lessonCount }, (_, index) => {
    const releaseAt = lessonReleaseAt(enrolledAt, index, course.dripIntervalDays);
    return {
      releaseAt,
      released: isAdmin || isLessonReleased(enrolledAt, index, course.dripIntervalDays, now),
    };
  });
}

/**
 * For a write to one lesson: prerequisites met, enrolled, and the lesson released (403 with the
 * opening day otherwise). Answers the lesson and its index in the course.
 */
export async function assertLessonOpen(
  db: DbExecutor,
  user: UserRow,
  course: CourseRow,
  videoId: number,
  now: Date,
) {
  await assertPrerequisitesMet(db, user, course.id);
  const lessons = await db
    .select({ id: videos.id, duration: videos.duration, title: videos.title })
    .from(videos)
    .where(eq(videos.courseId, course.id))
    .orderBy(asc(videos.position), asc(videos.id));
  const index = lessons.findIndex((lesson) => lesson.id === videoId);
  if (index < 0) return null;
  if (user.role !== 'admin' && course.dripIntervalDays > 0) {
    const enrolment = await ensureEnrolment(db, user.id, course.id, now);
    const releaseAt = lessonReleaseAt(enrolment.enrolledAt, index, course.dripIntervalDays);
    if (releaseAt.getTime() > now.getTime()) throw new AppError(403, 'FORBIDDEN', releaseSentence(releaseAt));
  }
  return { lesson: lessons[index], index };
}
