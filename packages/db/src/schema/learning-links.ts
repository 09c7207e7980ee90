import { bigint, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { courses, videos } from './courses.ts';

/**
 * The loop from a learner's mistakes back to teaching (docs/courses.md "What to practise next"): a
 * journal mistake tag or a competition rule maps to a lesson and, when there is one, a drill. Keys
 * are stored normalised (lower case, single spaces), so "Moved stop", "moved-stop" and "MOVED  STOP"
 * are one mistake. Admins edit the mapping; the sample courses ship with one.
 */
export const learningLinks = pgTable(
  'learning_links',
  {
    id: text('id').primaryKey(),
    sourceKind: text('source_kind', { enum: ['mistake', 'rule'] }).notNull(),
    sourceKey: text('source_key').notNull(),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    videoId: bigint('video_id', { mode: 'number' }).references(() => videos.id, { onDelete: 'set null' }),
    /** A drill of the same course (no foreign key: drills may be deleted; a missing drill is shown as none). */
    drillId: text('drill_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('learning_links_source_unique').on(table.sourceKind, table.sourceKey),
    index('learning_links_course_idx').on(table.courseId),
  ],
);
