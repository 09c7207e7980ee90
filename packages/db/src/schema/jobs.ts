import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Durable background work (docs/decisions/025-durable-jobs.md): a row per job, claimed by one
 * process at a time under a lease (`locked_until`), so a job outlives a crash of the process that
 * queued or ran it, and a failure is tried again later with a growing wait.
 */
export const backgroundJobs = pgTable(
  'background_jobs',
  {
    id: text('id').primaryKey(),
    /** What to run: the name a handler is registered under ('news-poll', 'plan-expiry', …). */
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull().default({}),
    /** queued → running → done | failed; a failed try goes back to queued until its last attempt. */
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    /** Not before this time (a retry's backoff, a recurring job's next turn). */
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    /** Tries started so far (a try cut short by a crash counts). */
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    /** The process running it, and until when its claim holds; a lapsed claim may be taken over. */
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /**
     * At most one queued or running job per key (partial unique index): recurring jobs use their
     * kind, so two processes starting together queue one, not two.
     */
    singletonKey: text('singleton_key'),
    lastError: text('last_error'),
    /** What a long job has done so far (an import's rows), written while it runs. */
    progress: jsonb('progress'),
    result: jsonb('result'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('background_jobs_due_idx').on(table.status, table.runAt),
    uniqueIndex('background_jobs_singleton_idx')
      .on(table.singletonKey)
      .where(sql`${table.status} in ('queued', 'running')`),
    index('background_jobs_finished_idx').on(table.finishedAt),
  ],
);
