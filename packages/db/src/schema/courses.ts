import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const courses = pgTable('courses', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  thumbnail: text('thumbnail').notNull(),
  isPro: boolean('is_pro').notNull().default(false),
  published: boolean('published').notNull().default(true),
  position: integer('position').notNull().default(0),
  // Progress rules (issue #42, docs/courses.md "Progress and certificates").
  /** Percent of a lesson a learner must watch for it to count as watched (50..100). */
  watchedSharePercent: integer('watched_share_percent').notNull().default(90),
  /** Watching a range that starts beyond the furthest point reached (+5 s) does not count. */
  noSkipping: boolean('no_skipping').notNull().default(false),
  /** 0: every lesson at once; otherwise lesson n (0-based) opens n × this many days after enrolment. */
  dripIntervalDays: integer('drip_interval_days').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Lessons. Ids are big integers (the spec's Video.id), served as JSON numbers. */
export const videos = pgTable(
  'videos',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    thumbnail: text('thumbnail').notNull(),
    /** Seconds. */
    duration: integer('duration').notNull(),
    videoUrl: text('video_url').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('videos_course_idx').on(table.courseId, table.position)],
);

/** Chapters within a video (the spec's Timestamp), in seconds. */
export const videoTimestamps = pgTable(
  'video_timestamps',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    videoId: bigint('video_id', { mode: 'number' })
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    startTime: integer('start_time').notNull(),
    endTime: integer('end_time').notNull(),
  },
  (table) => [uniqueIndex('video_timestamps_video_start_unique').on(table.videoId, table.startTime)],
);

/** The spec's Completion record: one per user and lesson (the unique index makes marking idempotent). */
export const videoCompletions = pgTable(
  'video_completions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    videoId: bigint('video_id', { mode: 'number' })
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('video_completions_user_video_unique').on(table.userId, table.videoId),
    index('video_completions_user_course_idx').on(table.userId, table.courseId),
  ],
);

/** Where the user stopped in a lesson, so playback resumes there on any device. */
export const videoPositions = pgTable(
  'video_positions',
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
    positionSeconds: integer('position_seconds').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.videoId] }),
    index('video_positions_user_idx').on(table.userId, table.updatedAt),
  ],
);
