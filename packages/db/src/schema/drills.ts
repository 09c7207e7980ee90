import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { courses, videos } from './courses.ts';
import { exactNumeric } from './exact-numeric.ts';
import { practiceSessions } from './practice.ts';
import { instruments } from './trading.ts';
import { users } from './users.ts';

/** A drill attempt's kept result (packages/shared/src/courses/drill-scoring.ts). */
export type DrillAttemptResult = {
  rFinal: number | null;
  rBest: number | null;
  mae: number | null;
  mfe: number | null;
  initialRisk: number | null;
  realized: number;
  breaches: Array<{ rule: string; message: string }>;
};
export type DrillAttemptFill = {
  side: 'buy' | 'sell';
  quantity: number;
  price: number;
  realized: number;
  reason: string;
  replayedAt: number;
};
export type DrillAttemptCandle = { time: number; open: number; high: number; low: number; close: number };

/**
 * A trade drill (issue #42): a graded practice replay placed after a lesson. The learner trades the
 * day from `start_at` with the practice engine; the attempt is scored against these rules.
 */
export const drills = pgTable(
  'drills',
  {
    id: text('id').primaryKey(),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    afterVideoId: bigint('after_video_id', { mode: 'number' })
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    title: text('title').notNull(),
    symbol: text('symbol')
      .notNull()
      .references(() => instruments.symbol, { onDelete: 'cascade' }),
    /** The replayed UTC day, YYYY-MM-DD. */
    day: text('day').notNull(),
    /** Where the replay starts, HH:MM UTC. */
    startAt: text('start_at').notNull(),
    startingBalance: exactNumeric('starting_balance', { precision: 20, scale: 6 }).notNull(),
    task: text('task').notNull(),
    direction: text('direction', { enum: ['long', 'short', 'any'] }).notNull(),
    stopRequired: boolean('stop_required').notNull().default(true),
    /** Percent of the starting balance an entry may risk; null = no limit. */
    maxRiskPercent: exactNumeric('max_risk_percent', { precision: 8, scale: 4 }),
    targetR: exactNumeric('target_r', { precision: 8, scale: 4 }).notNull(),
    /** Replayed minutes from the start; null = the rest of the day. */
    timeLimitMinutes: integer('time_limit_minutes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('drills_course_idx').on(table.courseId, table.afterVideoId, table.position)],
);

/** One learner's try at a drill: its practice replay while running, its result once scored. */
export const drillAttempts = pgTable(
  'drill_attempts',
  {
    id: text('id').primaryKey(),
    drillId: text('drill_id')
      .notNull()
      .references(() => drills.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    sessionId: text('session_id').references(() => practiceSessions.id, { onDelete: 'set null' }),
    state: text('state', { enum: ['running', 'scored'] }).notNull(),
    passed: boolean('passed'),
    /** 0–100. */
    score: integer('score'),
    rBest: exactNumeric('r_best', { precision: 12, scale: 4 }),
    result: jsonb('result').$type<DrillAttemptResult>(),
    fills: jsonb('fills').$type<DrillAttemptFill[]>(),
    chart: jsonb('chart').$type<DrillAttemptCandle[]>(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    scoredAt: timestamp('scored_at', { withTimezone: true }),
  },
  (table) => [
    index('drill_attempts_user_drill_idx').on(table.userId, table.drillId, table.startedAt),
    uniqueIndex('drill_attempts_session_unique').on(table.sessionId),
  ],
);
