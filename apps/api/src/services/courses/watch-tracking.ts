import { type DbExecutor, type UserRow, videoWatch } from '@candlewise/db';
import { addWatchedRanges, coveredSeconds, type WatchRange, watchedSharePercent } from '@candlewise/shared';
import { and, eq } from 'drizzle-orm';
import { AppError, notFound } from '../../lib/app-error.ts';
import { assertLessonOpen } from './course-access.ts';
import { getOpenableCourse } from './course-catalogue.ts';
import { checkCourseCompletion } from './course-completion.ts';

/**
 * PUT /courses/:courseId/videos/:videoId/watched (issue #42): the player reports the stretches it
 * played; the server merges them with what is stored, so the share watched only grows and a range
 * reported twice counts once. With "no skipping ahead" a range starting beyond furthest + 5 s is
 * not counted.
 */
export async function recordWatchedRanges(
  db: DbExecutor,
  user: UserRow,
  courseId: string,
  videoId: number,
  reported: WatchRange[],
  now: Date,
) {
  const course = await getOpenableCourse(db, user, courseId);
  const open = await assertLessonOpen(db, user, course, videoId, now);
  if (!open) throw notFound('That lesson is not part of this course.');
  const { duration } = open.lesson;
  const outside = reported.findIndex(([, end]) => end > duration);
  if (outside >= 0) {
    throw new AppError(
      400,
      'VALIDATION_FAILED',
      `A watched range ends after the lesson does (${duration} s). Send ranges within the lesson.`,
      [{ path: `ranges.${outside}`, message: `End the range at ${duration} s or earlier.` }],
    );
  }
  const result = await db.transaction(async (tx) => {
    await tx
      .insert(videoWatch)
      .values({ userId: user.id, videoId, courseId, updatedAt: now })
      .onConflictDoNothing();
    const [stored] = await tx
      .select()
      .from(videoWatch)
      .where(and(eq(videoWatch.userId, user.id), eq(videoWatch.videoId, videoId)))
      .for('update');
    const merged = addWatchedRanges(stored, reported, { noSkipping: course.noSkipping });
    const watchedSeconds = Math.round(coveredSeconds(merged.ranges));
    const furthestSeconds = Math.round(merged.furthestSeconds);
    await tx
      .update(videoWatch)
      .set({ ranges: merged.ranges, watchedSeconds, furthestSeconds, updatedAt: now })
      .where(and(eq(videoWatch.userId, user.id), eq(videoWatch.videoId, videoId)));
    const share = watchedSharePercent(watchedSeconds, duration);
    const wasWatched = watchedSharePercent(stored.watchedSeconds, duration) >= course.watchedSharePercent;
    return {
      watchedSeconds,
      watchedShare: share,
      furthestSeconds,
      watched: share >= course.watchedSharePercent,
      newlyWatched: !wasWatched && share >= course.watchedSharePercent,
    };
  });
  // A lesson newly watched may complete the course: the certificate is issued then.
  if (result.newlyWatched) await checkCourseCompletion(db, user.id, courseId, now);
  const { newlyWatched: _newly, ...answer } = result;
  return answer;
}
