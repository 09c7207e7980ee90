import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { backgroundJobs, type Database, type DbExecutor, newId } from '@candlewise/db';
import { and, asc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Durable background jobs on our own table (docs/decisions/025-durable-jobs.md): the same code on
 * PGlite and PostgreSQL. A job is a row; a process claims it with `FOR UPDATE SKIP LOCKED` and a
 * lease it renews while the job runs, so two processes never run one job at once, and a job whose
 * process died (kill -9) is taken over once its lease lapses. A failed try waits longer each time.
 */

export type JobRow = typeof backgroundJobs.$inferSelect;

export type JobContext = {
  jobId: string;
  /** 1 for the first try. */
  attempt: number;
  /** Aborted when the claim is lost or the runner stops: a long job should stop and throw. */
  signal: AbortSignal;
  /** Records how far a long job has come (read back with getJob). */
  progress(value: unknown): Promise<void>;
};

export type JobHandler = {
  run(payload: unknown, context: JobContext): Promise<unknown>;
  /** Tries before the job is marked failed (default 5). */
  maxAttempts?: number;
  /** The wait after the n-th failed try: baseMs · 2^(n−1), at most maxMs (default 30 s … 30 min). */
  backoff?: { baseMs: number; maxMs: number };
  /**
   * A recurring job: one queued or running at a time (whatever the number of processes); each
   * finished turn queues the next one `everyMs` later. `startAt` is the first turn ever queued.
   */
  every?: { ms: number; startAt: 'now' | 'after-interval' };
};

export type EnqueueOptions = {
  runAt?: Date;
  maxAttempts?: number;
  /** At most one queued or running job with this key: a second enqueue returns null. */
  singletonKey?: string;
};

const DEFAULT_MAX_ATTEMPTS = 5;
const DEFAULT_BACKOFF = { baseMs: 30_000, maxMs: 30 * 60_000 };

/** Queues a job; returns its id, or null when a job with the same singleton key is waiting or running. */
export async function enqueueJob(
  db: DbExecutor,
  kind: string,
  payload: unknown = {},
  options: EnqueueOptions = {},
): Promise<string | null> {
  const id = newId();
  const inserted = await db
    .insert(backgroundJobs)
    .values({
      id,
      kind,
      payload: payload as object,
      runAt: options.runAt ?? new Date(),
      maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      singletonKey: options.singletonKey ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: backgroundJobs.id });
  return inserted[0]?.id ?? null;
}

export async function getJob(db: DbExecutor, id: string): Promise<JobRow | undefined> {
  const [row] = await db.select().from(backgroundJobs).where(eq(backgroundJobs.id, id));
  return row;
}

/** The wait before try n+1 after n failed tries. */
export function backoffMs(failedTries: number, backoff = DEFAULT_BACKOFF): number {
  return Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.max(0, failedTries - 1));
}

export type JobRunnerOptions = {
  db: Database;
  log: FastifyBaseLogger;
  handlers: Record<string, JobHandler>;
  /** Jobs run at once in this process (default 2). */
  concurrency?: number;
  /** How often an idle runner looks for due jobs (default 2 s); an enqueue here wakes it at once. */
  pollMs?: number;
  /** How long a claim holds without renewal; renewed every third of it while the job runs (default 60 s). */
  leaseMs?: number;
  /** How long stop() waits for running jobs before aborting them (default 5 s). */
  stopGraceMs?: number;
  /** Tests pass their own clock; due times, leases and backoff are all reckoned on it. */
  clock?: () => Date;
  workerId?: string;
};

export type JobOutcome = {
  id: string;
  kind: string;
  status: 'done' | 'retry' | 'failed' | 'released' | 'lost';
};

/** Claims and runs the jobs whose kinds it has handlers for; one per process (the server starts it). */
export class JobRunner {
  readonly workerId: string;
  private readonly running = new Map<string, { promise: Promise<JobOutcome>; abort: AbortController }>();
  private readonly counts = { done: 0, retried: 0, failed: 0 };
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  private started = false;
  private stopping = false;

  constructor(private readonly options: JobRunnerOptions) {
    this.workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  }

  private now(): Date {
    return this.options.clock?.() ?? new Date();
  }

  private get leaseMs(): number {
    return this.options.leaseMs ?? 60_000;
  }

  /** Queues the first turn of each recurring job (once across processes), then runs due jobs as they come. */
  async start(): Promise<void> {
    await this.ensureRecurring();
    this.started = true;
    const counts = await this.options.db
      .select({ status: backgroundJobs.status, count: sql<number>`count(*)::int` })
      .from(backgroundJobs)
      .where(inArray(backgroundJobs.status, ['queued', 'running']))
      .groupBy(backgroundJobs.status);
    this.options.log.info(
      { worker: this.workerId, jobs: Object.fromEntries(counts.map((row) => [row.status, row.count])) },
      'background jobs: runner started',
    );
    this.wake();
  }

  /** Queues a job and, when this runner handles its kind, looks for it at once. */
  async enqueue(kind: string, payload: unknown = {}, options: EnqueueOptions = {}): Promise<string | null> {
    const id = await enqueueJob(this.options.db, kind, payload, { runAt: this.now(), ...options });
    if (id) this.wake();
    return id;
  }

  async ensureRecurring(): Promise<void> {
    const now = this.now();
    for (const [kind, handler] of Object.entries(this.options.handlers)) {
      if (!handler.every) continue;
      const runAt = handler.every.startAt === 'now' ? now : new Date(now.getTime() + handler.every.ms);
      await enqueueJob(
        this.options.db,
        kind,
        {},
        { runAt, singletonKey: kind, maxAttempts: handler.maxAttempts },
      );
    }
  }

  /** What this process has done since it started (for logs and a future health field). */
  status() {
    return { worker: this.workerId, running: this.running.size, ...this.counts };
  }

  /** Looks for due jobs now (after an enqueue, a finished job, or the poll interval). */
  wake(): void {
    if (!this.started || this.stopping) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.ticking ??= this.fill()
      .catch((error) => this.options.log.error({ err: error }, 'background jobs: could not claim jobs'))
      .finally(() => {
        this.ticking = null;
        if (!this.started || this.stopping) return;
        this.timer = setTimeout(() => this.wake(), this.options.pollMs ?? 2000);
        this.timer.unref();
      });
  }

  /** Claims jobs up to the concurrency limit and starts them. */
  private async fill(): Promise<void> {
    const limit = this.options.concurrency ?? 2;
    while (this.running.size < limit && !this.stopping) {
      const job = await this.claim();
      if (!job) return;
      this.track(job);
    }
  }

  private track(job: JobRow): Promise<JobOutcome> {
    const abort = new AbortController();
    const promise = this.execute(job, abort)
      .catch((error): JobOutcome => {
        // The end could not be written (database gone): the lease lapses and the job runs again.
        this.options.log.error(
          { err: error, job: job.id, kind: job.kind },
          'background jobs: could not record a job’s end',
        );
        return { id: job.id, kind: job.kind, status: 'lost' };
      })
      .finally(() => {
        this.running.delete(job.id);
        this.wake();
      });
    this.running.set(job.id, { promise, abort });
    return promise;
  }

  /**
   * Runs every job due now, one after another, until none is left (tests and the CLI; the server
   * uses start()). Returns what happened to each.
   */
  async runDue(): Promise<JobOutcome[]> {
    const outcomes: JobOutcome[] = [];
    for (;;) {
      const job = await this.claim();
      if (!job) return outcomes;
      outcomes.push(await this.track(job));
    }
  }

  /** Takes one due job (or one whose claim lapsed) for this process, or null. */
  async claim(): Promise<JobRow | null> {
    const kinds = Object.keys(this.options.handlers);
    if (!kinds.length) return null;
    const now = this.now();
    return this.options.db.transaction(async (tx) => {
      const [candidate] = await tx
        .select({ id: backgroundJobs.id })
        .from(backgroundJobs)
        .where(
          and(
            inArray(backgroundJobs.kind, kinds),
            or(
              and(eq(backgroundJobs.status, 'queued'), lte(backgroundJobs.runAt, now)),
              and(eq(backgroundJobs.status, 'running'), lt(backgroundJobs.lockedUntil, now)),
            ),
          ),
        )
        .orderBy(asc(backgroundJobs.runAt))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!candidate) return null;
      const [claimed] = await tx
        .update(backgroundJobs)
        .set({
          status: 'running',
          attempts: sql`${backgroundJobs.attempts} + 1`,
          lockedBy: this.workerId,
          lockedUntil: new Date(now.getTime() + this.leaseMs),
          startedAt: now,
        })
        .where(eq(backgroundJobs.id, candidate.id))
        .returning();
      return claimed ?? null;
    });
  }

  private async execute(job: JobRow, abort: AbortController): Promise<JobOutcome> {
    const { log } = this.options;
    const handler = this.options.handlers[job.kind];
    if (job.attempts > job.maxAttempts) {
      // Its last try was cut short (the process died): nothing is left to try.
      return this.finish(job, handler, { error: new Error('the last try stopped without finishing') });
    }
    const renew = setInterval(() => void this.renew(job.id, abort), Math.max(50, this.leaseMs / 3));
    renew.unref();
    try {
      const result = await handler.run(job.payload, {
        jobId: job.id,
        attempt: job.attempts,
        signal: abort.signal,
        progress: async (value) => {
          await this.options.db
            .update(backgroundJobs)
            .set({ progress: value as object })
            .where(and(eq(backgroundJobs.id, job.id), eq(backgroundJobs.lockedBy, this.workerId)));
        },
      });
      return await this.finish(job, handler, { result });
    } catch (error) {
      if (abort.signal.aborted && this.stopping) return this.release(job);
      if (abort.signal.aborted) return { id: job.id, kind: job.kind, status: 'lost' };
      log.debug({ err: error, job: job.id, kind: job.kind }, 'background job try failed');
      return this.finish(job, handler, { error });
    } finally {
      clearInterval(renew);
    }
  }

  /** Extends the claim; if another process has taken the job over, tells the handler to stop. */
  private async renew(id: string, abort: AbortController): Promise<void> {
    try {
      const renewed = await this.options.db
        .update(backgroundJobs)
        .set({ lockedUntil: new Date(this.now().getTime() + this.leaseMs) })
        .where(
          and(
            eq(backgroundJobs.id, id),
            eq(backgroundJobs.lockedBy, this.workerId),
            eq(backgroundJobs.status, 'running'),
          ),
        )
        .returning({ id: backgroundJobs.id });
      if (!renewed.length) abort.abort(new Error('the claim on this job was lost'));
    } catch (error) {
      this.options.log.warn({ err: error, job: id }, 'background jobs: could not renew a claim');
    }
  }

  /** Records a try's end (only while this process still holds the claim) and queues a recurring job's next turn. */
  private async finish(
    job: JobRow,
    handler: JobHandler,
    end: { result?: unknown; error?: unknown },
  ): Promise<JobOutcome> {
    const now = this.now();
    const failed = 'error' in end;
    const message = failed ? String((end.error as Error)?.message ?? end.error).slice(0, 2000) : null;
    const retry = failed && job.attempts < job.maxAttempts;
    const status: JobOutcome['status'] = failed ? (retry ? 'retry' : 'failed') : 'done';
    const updated = await this.options.db.transaction(async (tx) => {
      const rows = await tx
        .update(backgroundJobs)
        .set(
          retry
            ? {
                status: 'queued',
                runAt: new Date(now.getTime() + backoffMs(job.attempts, handler.backoff)),
                lastError: message,
                lockedBy: null,
                lockedUntil: null,
              }
            : {
                status: failed ? 'failed' : 'done',
                lastError: message,
                result: failed ? null : ((end.result ?? null) as object | null),
                finishedAt: now,
                lockedBy: null,
                lockedUntil: null,
              },
        )
        .where(
          and(
            eq(backgroundJobs.id, job.id),
            eq(backgroundJobs.lockedBy, this.workerId),
            eq(backgroundJobs.status, 'running'),
          ),
        )
        .returning({ id: backgroundJobs.id });
      if (rows.length && !retry && handler.every) {
        await enqueueJob(
          tx,
          job.kind,
          {},
          {
            runAt: new Date(now.getTime() + handler.every.ms),
            singletonKey: job.kind,
            maxAttempts: handler.maxAttempts,
          },
        );
      }
      return rows.length > 0;
    });
    if (!updated) return { id: job.id, kind: job.kind, status: 'lost' };
    const fields = { job: job.id, kind: job.kind, attempt: job.attempts, error: message ?? undefined };
    if (status === 'done') this.counts.done++;
    else if (status === 'retry') {
      this.counts.retried++;
      this.options.log.warn(fields, 'background job failed; it will be tried again');
    } else {
      this.counts.failed++;
      this.options.log.error(fields, `background job failed after ${job.attempts} tries`);
    }
    return { id: job.id, kind: job.kind, status };
  }

  /** A try stopped by shutdown is no failure: the job goes back to the queue for the next process. */
  private async release(job: JobRow): Promise<JobOutcome> {
    await this.options.db
      .update(backgroundJobs)
      .set({
        status: 'queued',
        attempts: sql`greatest(${backgroundJobs.attempts} - 1, 0)`,
        runAt: this.now(),
        lockedBy: null,
        lockedUntil: null,
      })
      .where(and(eq(backgroundJobs.id, job.id), eq(backgroundJobs.lockedBy, this.workerId)));
    return { id: job.id, kind: job.kind, status: 'released' };
  }

  /**
   * Graceful stop: claims nothing more, waits for running jobs (stopGraceMs), then aborts those
   * still running; one that stops on its signal goes back to the queue, one that does not is left to
   * its lease (another process takes it over when it lapses, as after a crash).
   */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.ticking?.catch(() => undefined);
    const all = () => Promise.allSettled([...this.running.values()].map((entry) => entry.promise));
    const grace = this.options.stopGraceMs ?? 5000;
    const waited = await Promise.race([
      all().then(() => true),
      new Promise<false>((resolve) => setTimeout(() => resolve(false), grace).unref()),
    ]);
    if (waited) return;
    for (const entry of this.running.values()) entry.abort.abort(new Error('the server is stopping'));
    await Promise.race([all(), new Promise((resolve) => setTimeout(resolve, 1000).unref())]);
  }
}

/** Deletes jobs that finished before `before` (recurring jobs add a few rows a minute). */
export async function pruneFinishedJobs(db: DbExecutor, before: Date): Promise<number> {
  const deleted = await db
    .delete(backgroundJobs)
    .where(and(inArray(backgroundJobs.status, ['done', 'failed']), lt(backgroundJobs.finishedAt, before)))
    .returning({ id: backgroundJobs.id });
  return deleted.length;
}
