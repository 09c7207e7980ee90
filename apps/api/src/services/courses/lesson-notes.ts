import { type Database, type DbExecutor, lessonNotes, newId, type UserRow, videos } from '@candlewise/db';
import { NOTES_PER_LESSON, TOO_MANY_NOTES_SENTENCE } from '@candlewise/shared/courses/lesson-player-rules';
import { and, asc, desc, eq, ilike, sql } from 'drizzle-orm';
import { AppError, notFound } from '../../lib/app-error.ts';
import { getOpenableCourse } from './course-catalogue.ts';

type NoteRow = typeof lessonNotes.$inferSelect;

export type LessonNoteView = {
  id: string;
  courseId: string;
  videoId: number;
  atSeconds: number | null;
  body: string;
  createdAt: string;
  updatedAt: string;
};

function noteView(row: NoteRow): LessonNoteView {
  return {
    id: row.id,
    courseId: row.courseId,
    videoId: row.videoId,
    atSeconds: row.atSeconds,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The course is one the caller may open (404/403 otherwise) and the lesson is in it (404 otherwise). */
async function assertLessonOpenable(db: DbExecutor, user: UserRow, courseId: string, videoId: number) {
  await getOpenableCourse(db, user, courseId);
  const [lesson] = await db
    .select({ id: videos.id })
    .from(videos)
    .where(and(eq(videos.id, videoId), eq(videos.courseId, courseId)));
  if (!lesson) throw notFound('That lesson is not part of this course.');
}

const NOTE_NOT_FOUND = 'We could not find that note. It may have been deleted.';

/** The caller's notes on a lesson: bookmarks in time order, then notes without a time, newest first. */
export async function listLessonNotes(
  db: DbExecutor,
  user: UserRow,
  courseId: string,
  videoId: number,
): Promise<LessonNoteView[]> {
  await assertLessonOpenable(db, user, courseId, videoId);
  const rows = await db
    .select()
    .from(lessonNotes)
    .where(and(eq(lessonNotes.userId, user.id), eq(lessonNotes.videoId, videoId)))
    .orderBy(sql`${lessonNotes.atSeconds} asc nulls last`, desc(lessonNotes.createdAt), asc(lessonNotes.id));
  return rows.map(noteView);
}

/**
 * Adds a note (a bookmark with atSeconds). At most NOTES_PER_LESSON per learner and lesson: the
 * count and the insert run in one transaction behind an advisory lock, so two racing requests
 * cannot both take the last place.
 */
export async function createLessonNote(
  db: Database,
  user: UserRow,
  courseId: string,
  videoId: number,
  input: { body: string; atSeconds?: number | null },
): Promise<LessonNoteView> {
  await assertLessonOpenable(db, user, courseId, videoId);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`lesson-notes:${user.id}:${videoId}`}))`);
    const [{ count }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(lessonNotes)
      .where(and(eq(lessonNotes.userId, user.id), eq(lessonNotes.videoId, videoId)));
    if (count >= NOTES_PER_LESSON) throw new AppError(409, 'CONFLICT', TOO_MANY_NOTES_SENTENCE);
    const now = new Date();
    const [row] = await tx
      .insert(lessonNotes)
      .values({
        id: newId(now),
        userId: user.id,
        courseId,
        videoId,
        atSeconds: input.atSeconds ?? null,
        body: input.body,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return noteView(row);
  });
}

/** Edits the caller's note; another learner's note, or one on another lesson, is 404. */
export async function updateLessonNote(
  db: DbExecutor,
  user: UserRow,
  courseId: string,
  videoId: number,
  noteId: string,
  changes: { body?: string; atSeconds?: number | null },
): Promise<LessonNoteView> {
  await assertLessonOpenable(db, user, courseId, videoId);
  const set: Partial<NoteRow> = { updatedAt: new Date() };
  if (changes.body !== undefined) set.body = changes.body;
  if (changes.atSeconds !== undefined) set.atSeconds = changes.atSeconds;
  const [row] = await db
    .update(lessonNotes)
    .set(set)
    .where(and(eq(lessonNotes.id, noteId), eq(lessonNotes.userId, user.id), eq(lessonNotes.videoId, videoId)))
    .returning();
  if (!row) throw notFound(NOTE_NOT_FOUND);
  return noteView(row);
}

/** Deletes the caller's note; another learner's note is 404. */
export async function deleteLessonNote(
  db: DbExecutor,
  user: UserRow,
  courseId: string,
  videoId: number,
  noteId: string,
): Promise<{ id: string }> {
  await assertLessonOpenable(db, user, courseId, videoId);
  const [row] = await db
    .delete(lessonNotes)
    .where(and(eq(lessonNotes.id, noteId), eq(lessonNotes.userId, user.id), eq(lessonNotes.videoId, videoId)))
    .returning({ id: lessonNotes.id });
  if (!row) throw notFound(NOTE_NOT_FOUND);
  return row;
}

/** `%` and `_` typed by the learner are searched for literally. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * The caller's notes in a course whose text contains q in any case (all of them for an empty q),
 * with each lesson's title, in lesson order and then by time; at most 100.
 */
export async function searchCourseNotes(db: DbExecutor, user: UserRow, courseId: string, q: string) {
  await getOpenableCourse(db, user, courseId);
  const rows = await db
    .select({ note: lessonNotes, lessonTitle: videos.title })
    .from(lessonNotes)
    .innerJoin(videos, eq(videos.id, lessonNotes.videoId))
    .where(
      and(
        eq(lessonNotes.userId, user.id),
        eq(lessonNotes.courseId, courseId),
        q ? ilike(lessonNotes.body, likePattern(q)) : undefined,
      ),
    )
    .orderBy(
      asc(videos.position),
      asc(videos.id),
      sql`${lessonNotes.atSeconds} asc nulls last`,
      desc(lessonNotes.createdAt),
    )
    .limit(100);
  return rows.map(({ note, lessonTitle }) => ({ ...noteView(note), lessonTitle }));
}
