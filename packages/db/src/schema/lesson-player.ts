import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { courses, videos } from './courses.ts';
import { users } from './users.ts';

/**
 * A learner's lesson-player preferences, kept on the server so they follow the learner across
 * lessons, reloads and devices. One row per learner, written on the first change.
 */
export const learnerPreferences = pgTable(
  'learner_preferences',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** YouTube's playback rates (0.5 … 2 in quarter steps, all exact in binary floating point). */
    playbackRate: doublePrecision('playback_rate').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'learner_preferences_playback_rate_allowed',
      sql`${table.playbackRate} in (0.5, 0.75, 1, 1.25, 1.5, 1.75, 2)`,
    ),
  ],
);

/**
 * A learner's private note on a lesson; with `at_seconds` it is a bookmark at that moment of the
 * video. The body is Markdown (at most 5,000 characters), rendered without raw HTML.
 */
export const lessonNotes = pgTable(
  'lesson_notes',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    videoId: bigint('video_id', { mode: 'number' })
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    /** The bookmarked second of the video; null for a note not tied to a moment. */
    atSeconds: integer('at_seconds'),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('lesson_notes_user_video_idx').on(table.userId, table.videoId),
    index('lesson_notes_user_course_idx').on(table.userId, table.courseId),
    check('lesson_notes_body_length', sql`char_length(${table.body}) <= 5000`),
    check('lesson_notes_at_seconds_positive', sql`${table.atSeconds} is null or ${table.atSeconds} >= 0`),
  ],
);
