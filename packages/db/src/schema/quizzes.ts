import {
  bigint,
  boolean,
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
import { exactNumeric } from './exact-numeric.ts';
import { users } from './users.ts';

/** Numbers a numeric question expects (a price, a position size): exact decimals. */
const answerNumber = (name: string) => exactNumeric(name, { precision: 28, scale: 10 });

/** A quiz placed after a lesson of a course (issue #42: `after_video_id`, `position` among items after it). */
export const quizzes = pgTable(
  'quizzes',
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
    /** Percent of questions right needed to pass, 1..100. */
    passMark: integer('pass_mark').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('quizzes_course_idx').on(table.courseId, table.afterVideoId, table.position)],
);

/** A choice of a single- or multiple-choice question; `correct` is the key and never leaves for a learner unanswered. */
export type QuizChoice = { id: string; text: string; correct: boolean };

export const quizQuestions = pgTable(
  'quiz_questions',
  {
    id: text('id').primaryKey(),
    quizId: text('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    kind: text('kind', { enum: ['single', 'multiple', 'numeric'] }).notNull(),
    prompt: text('prompt').notNull(),
    explanation: text('explanation').notNull(),
    /** Empty for numeric questions. */
    choices: jsonb('choices').$type<QuizChoice[]>().notNull().default([]),
    /** Numeric questions: the expected value, how far off still counts, and the unit shown beside the box. */
    numericValue: answerNumber('numeric_value'),
    tolerance: answerNumber('tolerance'),
    unit: text('unit'),
  },
  (table) => [index('quiz_questions_quiz_idx').on(table.quizId, table.position)],
);

/** The order an attempt shows: each question with its choices, shuffled when the attempt started. */
export type QuizAttemptOrder = Array<{ questionId: string; choiceIds: string[] }>;

export const quizAttempts = pgTable(
  'quiz_attempts',
  {
    id: text('id').primaryKey(),
    quizId: text('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    questionOrder: jsonb('question_order').$type<QuizAttemptOrder>().notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    correctCount: integer('correct_count'),
    totalCount: integer('total_count'),
    /** Exact percent, 2 decimals. */
    scorePercent: exactNumeric('score_percent', { precision: 5, scale: 2 }),
    passed: boolean('passed'),
  },
  (table) => [index('quiz_attempts_user_quiz_idx').on(table.userId, table.quizId, table.startedAt)],
);

/** One answer per attempt and question: the primary key makes a double answer count once. */
export const quizAnswers = pgTable(
  'quiz_answers',
  {
    attemptId: text('attempt_id')
      .notNull()
      .references(() => quizAttempts.id, { onDelete: 'cascade' }),
    questionId: text('question_id')
      .notNull()
      .references(() => quizQuestions.id, { onDelete: 'cascade' }),
    choiceIds: jsonb('choice_ids').$type<string[]>(),
    numericAnswer: answerNumber('numeric_answer'),
    correct: boolean('correct').notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.attemptId, table.questionId] })],
);

/**
 * The spaced-repetition queue (issue #42): a failed question or drill comes back after 1, then 3,
 * then 7 days; `step` is 1..3 while queued (0 is never stored: leaving the queue deletes the row).
 */
export const reviewItems = pgTable(
  'review_items',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['question', 'drill'] }).notNull(),
    refId: text('ref_id').notNull(),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    step: integer('step').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('review_items_user_kind_ref_unique').on(table.userId, table.kind, table.refId),
    index('review_items_user_due_idx').on(table.userId, table.dueAt),
  ],
);
