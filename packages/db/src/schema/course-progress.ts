import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { courses, videos } from './courses.ts';
import { users } from './users.ts';

/** Progress rules and certificates (issue #42): prerequisites, enrolments, watch tracking, certificates. */

/** A course that must be complete before another opens (no cycles: the API refuses them). */
export const coursePrerequisites = pgTable(
  'course_prerequisites',
  {
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    prerequisiteId: text('prerequisite_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.courseId, table.prerequisiteId] }),
    check('course_prerequisites_not_self', sql`${table.courseId} <> ${table.prerequisiteId}`),
  ],
);

/** A learner's enrolment, made when they first open a course; drip release counts from enrolledAt. */
export const courseEnrolments = pgTable(
  'course_enrolments',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    enrolledAt: timestamp('enrolled_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('course_enrolments_user_course_unique').on(table.userId, table.courseId)],
);

/** What a learner has watched of a lesson: merged [start, end) ranges in seconds. */
export const videoWatch = pgTable(
  'video_watch',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    videoId: bigint('video_id', { mode: 'number' })
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    ranges: jsonb('ranges').$type<Array<[number, number]>>().notNull().default(sql`'[]'::jsonb`),
    watchedSeconds: integer('watched_seconds').notNull().default(0),
    furthestSeconds: integer('furthest_seconds').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.videoId] }),
    index('video_watch_user_course_idx').on(table.userId, table.courseId),
  ],
);

/** The score summary a certificate carries, as it stood when issued. */
export type CertificateScoreSummary = {
  lessonsWatched: number;
  lessonCount: number;
  quizzes: Array<{ title: string; bestPercent: number | null }>;
  drills: Array<{ title: string; bestR: number | null }>;
};

/** One per learner and course, issued once; the id is random and is the public address. */
export const certificates = pgTable(
  'certificates',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    learnerName: text('learner_name').notNull(),
    courseTitle: text('course_title').notNull(),
    scoreSummary: jsonb('score_summary').$type<CertificateScoreSummary>().notNull(),
    nameHidden: boolean('name_hidden').notNull().default(false),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (table) => [
    uniqueIndex('certificates_user_course_unique').on(table.userId, table.courseId),
    index('certificates_course_idx').on(table.courseId),
  ],
);
