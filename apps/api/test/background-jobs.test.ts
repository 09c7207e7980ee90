import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { backgroundJobs, type DatabaseHandle, openDatabase, users } from '@candlewise/db';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { enqueueJob, getJob, type JobHandler, JobRunner } from '../src/lib/job-queue.ts';
import { createBackgroundJobRunner } from '../src/services/jobs/background-jobs.ts';
import { NewsPoller } from '../src/services/news/news-poller.ts';
import { createOnboardedUser } from '../src/services/users/create-onboarded-user.ts';
import { createTestApp, createTestDatabase, type TestApp } from './helper.ts';

const log = pino({ level: 'silent' });
const MINUTE = 60_000;

/** A clock the test moves by hand: due times, leases and backoff are reckoned on it. */
function manualClock(start = Date.now()) {
  let now = start;
  return {
    clock: () => new Date(now),
    advance: (ms: number) => {
      now += ms;
    },
    at: (ms: number) => new Date(start + ms),
  };
}

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});
afterEach(async () => {
  await database.db.delete(backgroundJobs);
});

const runner = (handlers: Record<string, JobHandler>, clock: () => Date, workerId = 'test-runner') =>
  new JobRunner({ db: database.db, log, handlers, clock, workerId, leaseMs: MINUTE });

describe('retries', () => {
  it('tries a failed job again after a wait that doubles, until it succeeds', async () => {
    const time = manualClock();
    let calls = 0;
    const jobs = runner(
      {
        flaky: {
          backoff: { baseMs: 10_000, maxMs: MINUTE },
          run: async () => {
            calls += 1;
            if (calls < 3) throw new Error(`the feed answered 503 (try ${calls})`);
            return { imported: 12 };
          },
        },
      },
      time.clock,
    );
    const id = (await enqueueJob(database.db, 'flaky', {}, { runAt: time.clock() }))!;

    expect(await jobs.runDue()).toEqual([{ id, kind: 'flaky', status: 'retry' }]);
    expect(await getJob(database.db, id)).toMatchObject({
      status: 'queued',
      attempts: 1,
      runAt: time.at(10_000),
      lastError: 'the feed answered 503 (try 1)',
    });

    time.advance(9_999);
    expect(await jobs.runDue()).toEqual([]); // not before its backoff
    time.advance(1);
    expect(await jobs.runDue()).toEqual([{ id, kind: 'flaky', status: 'retry' }]);
    // The second wait is twice the first.
    expect((await getJob(database.db, id))?.runAt).toEqual(time.at(10_000 + 20_000));

    time.advance(20_000);
    expect(await jobs.runDue()).toEqual([{ id, kind: 'flaky', status: 'done' }]);
    expect(await getJob(database.db, id)).toMatchObject({
      status: 'done',
      attempts: 3,
      result: { imported: 12 },
      lockedBy: null,
    });
    expect(calls).toBe(3);
  });

  it('marks a job failed after its last attempt and keeps the reason', async () => {
    const time = manualClock();
    const jobs = runner(
      {
        broken: {
          maxAttempts: 2,
          backoff: { baseMs: 1000, maxMs: 1000 },
          run: async () => {
            throw new Error('the broker refused the token');
          },
        },
      },
      time.clock,
    );
    const id = (await jobs.enqueue('broken', {}, { maxAttempts: 2 }))!;
    expect((await jobs.runDue()).map((outcome) => outcome.status)).toEqual(['retry']);
    time.advance(1000);
    expect((await jobs.runDue()).map((outcome) => outcome.status)).toEqual(['failed']);
    time.advance(MINUTE);
    expect(await jobs.runDue()).toEqual([]);
    expect(await getJob(database.db, id)).toMatchObject({
      status: 'failed',
      attempts: 2,
      lastError: 'the broker refused the token',
      finishedAt: time.at(1000),
    });
  });
});

describe('claims', () => {
  it('takes over a job whose process stopped renewing its claim, and only after the claim lapsed', async () => {
    const time = manualClock();
    const ran: string[] = [];
    const handlers = {
      step: { run: async (_: unknown, c: { attempt: number }) => ran.push(`try ${c.attempt}`) },
    };
    const crashed = runner(handlers, time.clock, 'crashed');
    const successor = runner(handlers, time.clock, 'successor');
    const id = (await enqueueJob(database.db, 'step', {}, { runAt: time.clock() }))!;

    // The first process claims the job and then dies without a word (it never runs or renews it).
    expect((await crashed.claim())?.id).toBe(id);
    expect(await successor.runDue()).toEqual([]);
    time.advance(MINUTE - 1);
    expect(await successor.runDue()).toEqual([]);
    time.advance(2);
    expect(await successor.runDue()).toEqual([{ id, kind: 'step', status: 'done' }]);
    expect(ran).toEqual(['try 2']);
    expect(await getJob(database.db, id)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('queues one turn of a recurring job however many processes start, and the next turn when one ends', async () => {
    const time = manualClock();
    const handlers: Record<string, JobHandler> = {
      sweep: { every: { ms: MINUTE, startAt: 'now' }, run: async () => ({ ended: 0 }) },
      sync: { every: { ms: 30 * MINUTE, startAt: 'after-interval' }, run: async () => null },
    };
    const first = runner(handlers, time.clock, 'first');
    const second = runner(handlers, time.clock, 'second');
    await Promise.all([first.ensureRecurring(), second.ensureRecurring()]);
    await first.ensureRecurring(); // a restart
    const queued = await database.db.select().from(backgroundJobs).orderBy(backgroundJobs.runAt);
    expect(queued.map((job) => [job.kind, job.status, job.runAt])).toEqual([
      ['sweep', 'queued', time.at(0)],
      ['sync', 'queued', time.at(30 * MINUTE)],
    ]);

    expect((await second.runDue()).map((outcome) => outcome.kind)).toEqual(['sweep']);
    expect(await first.runDue()).toEqual([]);
    const next = await database.db
      .select()
      .from(backgroundJobs)
      .where(eq(backgroundJobs.status, 'queued'))
      .orderBy(backgroundJobs.runAt);
    expect(next.map((job) => [job.kind, job.runAt])).toEqual([
      ['sweep', time.at(MINUTE)],
      ['sync', time.at(30 * MINUTE)],
    ]);
  });

  it('gives a job stopped by a graceful shutdown back to the queue without counting the try', async () => {
    let started!: () => void;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const jobs = new JobRunner({
      db: database.db,
      log,
      stopGraceMs: 0,
      handlers: {
        'long-import': {
          run: (_payload, { signal }) =>
            new Promise((_, reject) => {
              started();
              signal.addEventListener('abort', () => reject(signal.reason));
            }),
        },
      },
    });
    await jobs.start();
    const id = (await jobs.enqueue('long-import', { rows: 50_000 }))!;
    await running;
    await jobs.stop();
    expect(await getJob(database.db, id)).toMatchObject({ status: 'queued', attempts: 0, lockedBy: null });
  });
});

describe('the server’s scheduled work', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('queues plan expiry and the news poll at start and the broker sync after its interval, then runs what is due', async () => {
    const poller = new NewsPoller({
      db: t.database.db,
      log: t.app.log,
      settings: { intervalMinutes: 15, timeoutMs: 5000, maxBytes: 1_000_000, allowHosts: [] },
    });
    const jobs = createBackgroundJobRunner({
      db: t.database.db,
      log: t.app.log,
      config: t.app.config,
      bus: t.app.eventBus,
      brokerAdapters: t.app.brokerAdapters,
      newsPoller: poller,
      forgetUser: t.app.forgetUser,
    });
    const created = await createOnboardedUser(t.database.db, {
      email: 'lapsed@example.com',
      password: 'a long enough password',
      firstName: 'Lapsed',
      lastName: 'Learner',
    });
    const [learner] = await t.database.db
      .update(users)
      .set({ planStatus: 'active', planExpirationDate: Math.floor(Date.now() / 1000) - 60 })
      .where(eq(users.id, created.id))
      .returning();

    await jobs.ensureRecurring();
    const outcomes = await jobs.runDue();
    expect(outcomes.map((outcome) => [outcome.kind, outcome.status]).sort()).toEqual([
      ['news-poll', 'done'],
      ['plan-expiry', 'done'],
    ]);
    const [after] = await t.database.db.select().from(users).where(eq(users.id, learner.id));
    expect(after.planStatus).toBe('Not Subscribed');
    const waiting = await t.database.db
      .select({ kind: backgroundJobs.kind })
      .from(backgroundJobs)
      .where(eq(backgroundJobs.status, 'queued'));
    expect(waiting.map((job) => job.kind).sort()).toEqual([
      'broker-sync',
      'news-poll',
      'plan-expiry',
      'prune-background-jobs',
    ]);
    await t.database.db.delete(backgroundJobs);
  });
});

describe.runIf(process.env.DATABASE_URL)('two runners on PostgreSQL', () => {
  let other: DatabaseHandle;
  beforeAll(async () => {
    other = await openDatabase({ databaseUrl: database.url!, poolSize: 4 });
  });
  afterAll(async () => {
    await other.close();
  });

  it('never run one job twice', async () => {
    const runs = new Map<string, string[]>();
    const handler = (worker: string): JobHandler => ({
      run: async (payload) => {
        const { n } = payload as { n: number };
        runs.set(String(n), [...(runs.get(String(n)) ?? []), worker]);
        await new Promise((resolve) => setImmediate(resolve));
      },
    });
    for (let n = 0; n < 40; n++) await enqueueJob(database.db, 'count', { n });
    const a = new JobRunner({ db: database.db, log, handlers: { count: handler('a') }, workerId: 'a' });
    const b = new JobRunner({ db: other.db, log, handlers: { count: handler('b') }, workerId: 'b' });
    const c = new JobRunner({ db: other.db, log, handlers: { count: handler('c') }, workerId: 'c' });
    await Promise.all([a.runDue(), b.runDue(), c.runDue()]);
    expect(runs.size).toBe(40);
    expect([...runs.values()].every((workers) => workers.length === 1)).toBe(true);
    // Each runner took some: they ran side by side.
    expect(new Set([...runs.values()].flat()).size).toBeGreaterThan(1);
  });
});

// A job queued, the process killed with SIGKILL while one job runs and another waits, a new
// process on the same data: both run to the end there.
const root = fileURLToPath(new URL('../../..', import.meta.url));
const fixture = 'apps/api/test/fixtures/jobs/job-process.ts';

type Child = { process: ChildProcess; lines: string[]; waitFor(prefix: string): Promise<string> };

function startJobProcess(env: Record<string, string>): Child {
  const child = spawn(process.execPath, ['--import', 'tsx', fixture], {
    cwd: root,
    env: { ...process.env, ...env, NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let errors = '';
  const waiters: Array<() => void> = [];
  let buffer = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    const parts = buffer.split('\n');
    buffer = parts.pop() ?? '';
    lines.push(...parts);
    for (const wake of waiters.splice(0)) wake();
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  child.on('exit', () => {
    for (const wake of waiters.splice(0)) wake();
  });
  return {
    process: child,
    lines,
    async waitFor(prefix) {
      // Generous: a fresh embedded database starts slowly on a busy machine.
      const deadline = Date.now() + 150_000;
      for (;;) {
        const line = lines.find((entry) => entry.startsWith(prefix));
        if (line) return line;
        if (child.exitCode !== null || Date.now() > deadline) {
          throw new Error(`no "${prefix}" from the job process; it said:\n${lines.join('\n')}\n${errors}`);
        }
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 1000).unref();
        });
      }
    },
  };
}

async function kill(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

async function survivesKill9(env: Record<string, string>) {
  const first = startJobProcess({ ...env, ENQUEUE: '1' });
  try {
    const hangsId = (await first.waitFor('enqueued hangs-once ')).split(' ')[2];
    const waitsId = (await first.waitFor('enqueued waits ')).split(' ')[2];
    await first.waitFor(`running hangs-once ${hangsId} 1`);
    await kill(first.process, 'SIGKILL');
    expect(first.lines.some((line) => line.startsWith('done'))).toBe(false);

    const second = startJobProcess(env);
    try {
      // The job that never started runs, and the one cut short runs again once its claim lapses.
      await second.waitFor(`done waits ${waitsId} 1`);
      await second.waitFor(`done hangs-once ${hangsId} 2`);
    } finally {
      await kill(second.process, 'SIGKILL');
    }
  } finally {
    await kill(first.process, 'SIGKILL');
  }
}

describe('a job and a kill -9', () => {
  it.runIf(!process.env.DATABASE_URL)(
    'runs after a restart on the same DATA_DIR (embedded database)',
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'candlewise-jobs-'));
      try {
        await survivesKill9({ DATA_DIR: dataDir, DATABASE_URL: '' });
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    400_000,
  );

  it.runIf(process.env.DATABASE_URL)(
    'runs after a restart on the same PostgreSQL database',
    async () => {
      await survivesKill9({ DATABASE_URL: database.url! });
    },
    400_000,
  );
});
