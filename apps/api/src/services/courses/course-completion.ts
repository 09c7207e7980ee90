import { randomBytes } from 'node:crypto';
import {
  type CertificateScoreSummary,
  certificates,
  courseEnrolments,
  courses,
  type DbExecutor,
  type UserRow,
  users,
  videos,
  videoWatch,
} from '@candlewise/db';
import { type CourseRequirement, missingRequirementsSentence, watchedSharePercent } from '@candlewise/shared';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { conflict, notFound } from '../../lib/app-error.ts';
import { drillRequirements, quizRequirements } from './requirement-sources.ts';

/**
 * Course completion (issue #42): every lesson watched (the course's watched share reached) and every
 * quiz and drill requirement met. A complete course issues one certificate per learner.
 */

/** Every requirement of the course for this learner: lessons in order, then quizzes, then drills. */
export async function courseRequirements(
  db: DbExecutor,
  userId: string,
  courseId: string,
): Promise<CourseRequirement[]> {
  const [course] = await db
    .select({ share: courses.watchedSharePercent })
    .from(courses)
    .where(eq(courses.id, courseId));
  if (!course) throw notFound('We could not find that course.');
  const [lessons, watched, quizzes, drills] = await Promise.all([
    db
      .select({ id: videos.id, title: videos.title, duration: videos.duration })
      .from(videos)
      .where(eq(videos.courseId, courseId))
      .orderBy(asc(videos.position), asc(videos.id)),
    db
      .select({ videoId: videoWatch.videoId, seconds: videoWatch.watchedSeconds })
      .from(videoWatch)
      .where(and(eq(videoWatch.userId, userId), eq(videoWatch.courseId, courseId))),
    quizRequirements(db, userId, courseId),
    drillRequirements(db, userId, courseId),
  ]);
  const seconds = new Map(watched.map((row) => [row.videoId, row.seconds]));
  const lessonRequirements = lessons.map((lesson): CourseRequirement => {
    const share = watchedSharePercent(seconds.get(lesson.id) ?? 0, lesson.duration);
    return {
      kind: 'lesson',
      id: String(lesson.id),
      title: lesson.title,
      met: share >= course.share,
      score: share,
    };
  });
  return [...lessonRequirements, ...quizzes, ...drills];
}

export const isComplete = (requirements: CourseRequirement[]) =>
  requirements.length > 0 && requirements.every((requirement) => requirement.met);

function learnerName(user: Pick<UserRow, 'firstName' | 'lastName' | 'email'>): string {
  const name = [user.firstName, user.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || user.email.split('@')[0];
}

function scoreSummary(requirements: CourseRequirement[]): CertificateScoreSummary {
  const lessons = requirements.filter((requirement) => requirement.kind === 'lesson');
  return {
    lessonsWatched: lessons.filter((lesson) => lesson.met).length,
    lessonCount: lessons.length,
    quizzes: requirements
      .filter((requirement) => requirement.kind === 'quiz')
      .map((quiz) => ({ title: quiz.title, bestPercent: quiz.score })),
    drills: requirements
      .filter((requirement) => requirement.kind === 'drill')
      .map((drill) => ({ title: drill.title, bestR: drill.score })),
  };
}

export type CertificateRow = typeof certificates.$inferSelect;

async function certificateOf(db: DbExecutor, userId: string, courseId: string) {
  const [row] = await db
    .select()
    .from(certificates)
    .where(and(eq(certificates.userId, userId), eq(certificates.courseId, courseId)));
  return row as CertificateRow | undefined;
}

/**
 * Issues the learner's certificate for a complete course, once: concurrent calls insert at most one
 * row (the unique index on user and course) and all answer that row. Null while incomplete.
 */
export async function issueCertificateIfComplete(
  db: DbExecutor,
  userId: string,
  courseId: string,
  now: Date,
): Promise<{ certificate: CertificateRow | null; requirements: CourseRequirement[] }> {
  const existing = await certificateOf(db, userId, courseId);
  const requirements = await courseRequirements(db, userId, courseId);
  if (existing) return { certificate: existing, requirements };
  if (!isComplete(requirements)) return { certificate: null, requirements };
  const [[user], [course]] = await Promise.all([
    db.select().from(users).where(eq(users.id, userId)),
    db.select({ title: courses.title }).from(courses).where(eq(courses.id, courseId)),
  ]);
  await db.transaction(async (tx) => {
    await tx
      .insert(certificates)
      .values({
        id: randomBytes(18).toString('base64url'),
        userId,
        courseId,
        learnerName: learnerName(user),
        courseTitle: course.title,
        scoreSummary: scoreSummary(requirements),
        issuedAt: now,
      })
      .onConflictDoNothing({ target: [certificates.userId, certificates.courseId] });
    await tx
      .insert(courseEnrolments)
      .values({ userId, courseId, enrolledAt: now, completedAt: now })
      .onConflictDoUpdate({
        target: [courseEnrolments.userId, courseEnrolments.courseId],
        set: { completedAt: now },
        setWhere: isNull(courseEnrolments.completedAt),
      });
  });
  return { certificate: (await certificateOf(db, userId, courseId)) ?? null, requirements };
}

/**
 * Checks completion after a requirement changed (a lesson watched, a quiz or drill passed) and
 * issues the certificate when the course is now complete. Quizzes and drills call this too.
 */
export async function checkCourseCompletion(
  db: DbExecutor,
  userId: string,
  courseId: string,
  now = new Date(),
) {
  return (await issueCertificateIfComplete(db, userId, courseId, now)).certificate;
}

/** POST /courses/:courseId/certificate: the certificate, or 409 listing what is missing. */
export async function requestCertificate(db: DbExecutor, user: UserRow, courseId: string, now: Date) {
  const { certificate, requirements } = await issueCertificateIfComplete(db, user.id, courseId, now);
  if (!certificate) {
    throw conflict(
      requirements.length === 0
        ? 'This course has nothing to complete yet, so it has no certificate.'
        : missingRequirementsSentence(requirements),
    );
  }
  return certificate;
}

/** GET /courses/:courseId/requirements. */
export async function requirementsOf(db: DbExecutor, user: UserRow, courseId: string) {
  const [requirements, certificate] = await Promise.all([
    courseRequirements(db, user.id, courseId),
    certificateOf(db, user.id, courseId),
  ]);
  return {
    courseId,
    requirements,
    complete: Boolean(certificate) || isComplete(requirements),
    certificateId: certificate?.id ?? null,
  };
}
