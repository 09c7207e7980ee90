import type { Database } from '@candlewise/db';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { AppConfig } from '../../config.ts';
import { type JobHandler, JobRunner, type JobRunnerOptions, pruneFinishedJobs } from '../../lib/job-queue.ts';
import type { BrokerAdapters } from '../../providers/broker/broker-adapter.ts';
import type { EventBus } from '../../providers/events/event-bus.ts';
import { runBrokerSyncJob } from '../broker/broker-sync-job.ts';
import type { NewsPoller } from '../news/news-poller.ts';
import { runPlanExpiryJob } from '../subscriptions/plan-expiry-job.ts';

const MINUTE = 60_000;
/** Finished jobs are kept this long for a look at what ran and what failed. */
const KEEP_FINISHED_MS = 7 * 24 * 60 * MINUTE;

export type BackgroundJobsDeps = {
  db: Database;
  pool?: pg.Pool;
  log: FastifyBaseLogger;
  config: Pick<AppConfig, 'appSecret' | 'broker'>;
  bus: EventBus;
  brokerAdapters: BrokerAdapters;
  newsPoller: NewsPoller;
  /** Drops a user from the identity caches of every process (`app.forgetUser`). */
  forgetUser: (userId: string) => Promise<void>;
};

/**
 * The server's scheduled work as durable, recurring jobs: one turn of each queued at a time across
 * all processes, run by whichever process claims it, tried again with backoff when it fails.
 */
export function backgroundJobHandlers(deps: BackgroundJobsDeps): Record<string, JobHandler> {
  const retry = { maxAttempts: 3, backoff: { baseMs: 30_000, maxMs: 5 * MINUTE } };
  return {
    // Ends expired plans and sends the 3-day notices: at start, then every minute (as before).
    'plan-expiry': {
      ...retry,
      every: { ms: MINUTE, startAt: 'now' },
      run: () => runPlanExpiryJob(deps.db, deps.bus, Date.now(), deps.forgetUser),
    },
    // Looks for feed sources that are due every minute; each source keeps its own schedule.
    'news-poll': {
      ...retry,
      every: { ms: MINUTE, startAt: 'now' },
      run: async () => {
        const results = await deps.newsPoller.pollDue();
        return { polled: results.length };
      },
    },
    // The periodic broker sync for Pro learners, first after one interval (as before).
    'broker-sync': {
      ...retry,
      every: { ms: deps.config.broker.syncIntervalMinutes * MINUTE, startAt: 'after-interval' },
      run: () =>
        runBrokerSyncJob({
          db: deps.db,
          pool: deps.pool,
          adapters: deps.brokerAdapters,
          appSecret: deps.config.appSecret,
          bus: deps.bus,
          log: deps.log,
        }),
    },
    'prune-background-jobs': {
      maxAttempts: 1,
      every: { ms: 24 * 60 * MINUTE, startAt: 'after-interval' },
      run: async () => ({
        deleted: await pruneFinishedJobs(deps.db, new Date(Date.now() - KEEP_FINISHED_MS)),
      }),
    },
  };
}

export function createBackgroundJobRunner(
  deps: BackgroundJobsDeps,
  options: Partial<Omit<JobRunnerOptions, 'db' | 'log' | 'handlers'>> = {},
): JobRunner {
  return new JobRunner({ db: deps.db, log: deps.log, handlers: backgroundJobHandlers(deps), ...options });
}
