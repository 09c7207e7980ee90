import {
  courses,
  type DbExecutor,
  type UserRow,
  videoCompletions,
  videoPositions,
  videos,
  videoTimestamps,
  videoWatch,
} from '@candlewise/db';
import { courseProgressPercent, hasPro, watchedSharePercent } from '@candlewise/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { AppError, notFound } from '../../lib/app-error.ts';
import {
  assertLessonOpen,
  assertPrerequisitesMet,
  ensureEnrolment,
  lessonReleases,
} from './course-access.ts';

export type CourseSummary = {
  _id: string;
  title: string;
  description: string;
  thumbnail: string;
  isPro: boolean;
  published: boolean;
  locked: boolean;
  videoCount: number;
  totalDuration: number;
  completedCount: number;
  progress: number;
  /** The first lesson not yet completed (the "Continue" target), or the first lesson when all are done. */
  continueVideoId: number | null;
};

/** Every published course with the caller's progress (the spec's formula), in catalogue order. */
export async function listCoursesWithProgress(db: DbExecutor, user: UserRow): Promise<CourseSummary[]> {
  const isAdmin = user.role === 'admin';
  const [courseRows, lessonRows, completionRows] = await Promise.all([
    db
      .select()
      .from(courses)
      .where(isAdmin ? undefined : eq(courses.published, true))
      .orderBy(asc(courses.position), asc(courses.id)),
    db
      .select({ id: videos.id, courseId: videos.courseId, duration: videos.duration })
      .from(videos)
      .orderBy(asc(videos.position), asc(videos.id)),
    db
      .select({ videoId: videoCompletions.videoId })
      .from(videoCompletions)
      .where(eq(videoCompletions.userId, user.id)),
  ]);
  const completed = new Set(completionRows.map((row) => row.videoId));
  const pro = hasPro(user) || isAdmin;
  return courseRows.map((course) => {
    const lessons = lessonRows.filter((lesson) => lesson.courseId === course.id);
    const completedCount = lessons.filter((lesson) => completed.has(lesson.id)).length;
    return {
      ...courseView(course),
      published: course.published,
      locked: course.isPro && !pro,
      videoCount: lessons.length,
      totalDuration: lessons.reduce((sum, lesson) => sum + lesson.duration, 0),
      completedCount,
      progress: courseProgressPercent(completedCount, lessons.length),
      continueVideoId: (lessons.find((lesson) => !completed.has(lesson.id)) ?? lessons[0])?.id ?? null,
    };
  });
}

export type LessonView = {
  id: number;
  title: string;
  description: string;
  courseId: string;
  thumbnail: string;
  duration: number;
  videoUrl: string;
  position: number;
  timestamps: Array<{ id: number; videoId: number; name: string; startTime: number; endTime: number }>;
  completed: boolean;
  positionSeconds: number;
  watchedShare: number;
  furthestSeconds: number;
  released: boolean;
  releaseAt: string;
  noSkipping: boolean;
};

/** A course the caller may see: published, or any course for an admin; otherwise 404. */
async function findVisibleCourse(db: DbExecutor, user: UserRow, courseId: string) {
  const [course] = await db.select().from(courses).where(eq(courses.id, courseId));
  if (!course || (!course.published && user.role !== 'admin'))
    throw notFound('We could not find that course.');
  return course;
}

/** The course fields every course answer shares. */
function courseView(course: typeof courses.$inferSelect) {
  return {
    _id: course.id,
    title: course.title,
    description: course.description,
    thumbnail: course.thumbnail,
    isPro: course.isPro,
  };
}

/** A course the caller may open, found or refused: unknown → 404, Pro without Pro → 403. */
export async function getOpenableCourse(db: DbExecutor, user: UserRow, courseId: string) {
  const course = await findVisibleCourse(db, user, courseId);
  if (course.isPro && !hasPro(user) && user.role !== 'admin') {
    throw new AppError(
      403,
      'FORBIDDEN',
      'This course is part of Pro. Upgrade on the Pricing page to open it.',
    );
  }
  return course;
}

/**
 * What a course teaches, for anyone signed in, Pro or not: its title, description and the titles and
 * lengths of its lessons (no videos). A Pro-locked course shows this beside the way to Pro.
 */
export async function getCourseOutline(db: DbExecutor, user: UserRow, courseId: string) {
  const course = await findVisibleCourse(db, user, courseId);
  const lessons = await db
    .select({ id: videos.id, title: videos.title, duration: videos.duration })
    .from(videos)
    .where(eq(videos.courseId, courseId))
    .orderBy(asc(videos.position), asc(videos.id));
  return { course: courseView(course), lessons };
}

/**
 * One course with its lessons, chapters, and the caller's completions, saved positions, watched
 * shares and drip release. Opening it enrols the learner (issue #42); unmet prerequisites are a 403
 * naming the courses to finish first.
 */
export async function getCourseWithLessons(
  db: DbExecutor,
  user: UserRow,
  courseId: string,
  now: Date = new Date(),
) {
  const course = await getOpenableCourse(db, user, courseId);
  await assertPrerequisitesMet(db, user, courseId);
  const enrolment = await ensureEnrolment(db, user.id, courseId, now);
  const lessons = await db
    .select()
    .from(videos)
    .where(eq(videos.courseId, courseId))
    .orderBy(asc(videos.position), asc(videos.id));
  const ids = lessons.map((lesson) => lesson.id);
  const [chapters, completions, positions, watches] = ids.length
    ? await Promise.all([
        db
          .select()
          .from(videoTimestamps)
          .where(inArray(videoTimestamps.videoId, ids))
          .orderBy(asc(videoTimestamps.startTime)),
        db
          .select({ videoId: videoCompletions.videoId })
          .from(videoCompletions)
          .where(and(eq(videoCompletions.userId, user.id), eq(videoCompletions.courseId, courseId))),
        db
          .select({ videoId: videoPositions.videoId, seconds: videoPositions.positionSeconds })
          .from(videoPositions)
          .where(and(eq(videoPositions.userId, user.id), eq(videoPositions.courseId, courseId))),
        db
          .select({
            videoId: videoWatch.videoId,
            seconds: videoWatch.watchedSeconds,
            furthest: videoWatch.furthestSeconds,
          })
          .from(videoWatch)
          .where(and(eq(videoWatch.userId, user.id), eq(videoWatch.courseId, courseId))),
      ])
    : [[], [], [], []];
  const watched = new Map(watches.map((row) => [row.videoId, row]));
  const releases = lessonReleases(course, enrolment.enrolledAt, lessons.length, now, user.role === 'admin');
  const completed = new Set(completions.map((row) => row.videoId));
  const saved = new Map(positions.map((row) => [row.videoId, row.seconds]));
  const lessonViews: LessonView[] = lessons.map((lesson, index) => ({
    id: lesson.id,
    title: lesson.title,
    description: lesson.description,
    courseId: lesson.courseId,
    thumbnail: lesson.thumbnail,
    duration: lesson.duration,
    videoUrl: lesson.videoUrl,
    position: lesson.position,
    timestamps: chapters
      .filter((chapter) => chapter.videoId === lesson.id)
      .map(({ id, videoId, name, startTime, endTime }) => ({ id, videoId, name, startTime, endTime })),
    completed: completed.has(lesson.id),
    positionSeconds: saved.get(lesson.id) ?? 0,
    watchedShare: watchedSharePercent(watched.get(lesson.id)?.seconds ?? 0, lesson.duration),
    furthestSeconds: watched.get(lesson.id)?.furthest ?? 0,
    released: releases[index].released,
    releaseAt: releases[index].releaseAt.toISOString(),
    noSkipping: course.noSkipping,
  }));
  return {
    course: { ...courseView(course), published: course.published },
    videos: lessonViews,
    completedVideoIds: lessonViews.filter((lesson) => lesson.completed).map((lesson) => lesson.id),
    progress: courseProgressPercent(completed.size, lessonViews.length),
  };
}

async function lessonInCourse(db: DbExecutor, courseId: string, videoId: number) {
  const [lesson] = await db
    .select({ id: videos.id, duration: videos.duration })
    .from(videos)
    .where(and(eq(videos.id, videoId), eq(videos.courseId, courseId)));
  if (!lesson) throw notFound('That lesson is not part of this course.');
  return lesson;
}

async function progressOf(db: DbExecutor, userId: string, courseId: string): Promise<number> {
  const [{ done, total }] = await db
    .select({
      done: sql<number>`(select count(*)::int from video_completions where user_id = ${userId} and course_id = ${courseId})`,
      total: sql<number>`(select count(*)::int from videos where course_id = ${courseId})`,
    })
    .from(sql`(select 1) as one`);
  return courseProgressPercent(done, total);
}

/** Mark or unmark a lesson; idempotent (the unique index keeps one record however many requests race). */
export async function setLessonCompleted(
  db: DbExecutor,
  user: UserRow,
  courseId: string,
  videoId: number,
  completed: boolean,
  now: Date = new Date(),
): Promise<{ videoId: number; completed: boolean; progress: number }> {
  const course = await getOpenableCourse(db, user, courseId);
  await lessonInCourse(db, courseId, videoId);
  await assertLessonOpen(db, user, course, videoId, now);
  if (completed) {
    await db
      .insert(videoCompletions)
      .values({ id: `${user.id}-${videoId}`, userId: user.id, videoId, courseId })
      .onConflictDoNothing();
  } else {
    await db
      .delete(videoCompletions)
      .where(and(eq(videoCompletions.userId, user.id), eq(videoCompletions.videoId, videoId)));
  }
  return { videoId, completed, progress: await progressOf(db, user.id, courseId) };
}

/** Saves where playback stopped (clamped to the lesson), for resuming on any device. */
export async function savePlaybackPosition(
  db: DbExecutor,
  user: UserRow,
  courseId: string,
  videoId: number,
  seconds: number,
  now: Date = new Date(),
): Promise<{ positionSeconds: number }> {
  const course = await getOpenableCourse(db, user, courseId);
  const lesson = await lessonInCourse(db, courseId, videoId);
  await assertLessonOpen(db, user, course, videoId, now);
  const positionSeconds = Math.min(Math.max(0, Math.floor(seconds)), lesson.duration);
  await db
    .insert(videoPositions)
    .values({ userId: user.id, videoId, courseId, positionSeconds, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: [videoPositions.userId, videoPositions.videoId],
      set: { positionSeconds, updatedAt: new Date() },
    });
  return { positionSeconds };
}
