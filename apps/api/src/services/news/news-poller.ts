import { type Database, newsSources } from '@candlewise/db';
import { and, asc, eq, isNull, lte, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { AdvisoryLeader } from '../../lib/advisory-leader.ts';
import { type FeedPollSettings, type PollOutcome, pollNewsSource } from './poll-news-source.ts';

/** Session advisory lock held by the one process that polls (the engine holds 727003). */
const POLLER_LOCK_KEY = 727_004;
/** How often the leader looks for sources that are due; each source keeps its own schedule. */
const CHECK_EVERY_MS = 60_000;
const PARALLEL_FETCHES = 4;

export type NewsPollerOptions = {
  db: Database;
  /** The PostgreSQL pool when several processes may run: one of them polls (advisory lock). */
  pool?: pg.Pool;
  log: FastifyBaseLogger;
  settings: FeedPollSettings;
};

/**
 * Polls the enabled feed sources on their schedule. With several API processes exactly one polls:
 * the one holding the advisory lock; the others retry for it, so another takes over when it stops.
 */
export class NewsPoller {
  private readonly leadership: AdvisoryLeader;
  private timer: NodeJS.Timeout | null = null;
  private round: Promise<unknown> | null = null;
  private stopped = false;

  constructor(private readonly options: NewsPollerOptions) {
    this.leadership = new AdvisoryLeader({
      name: 'news-poller',
      lockKey: POLLER_LOCK_KEY,
      db: options.db,
      pool: options.pool,
      log: options.log,
      retryMs: 30_000,
    });
  }

  get isLeader(): boolean {
    return this.leadership.isLeader;
  }

  /**
   * Competes for the lead, polls what is due at once, then checks every minute. The server does not
   * call this: its 'news-poll' job (services/jobs/background-jobs.ts) runs pollDue() instead.
   */
  async start(): Promise<void> {
    await this.leadership.start();
    const check = () => {
      if (this.isLeader)
        void this.pollDue().catch((error) => this.options.log.error({ err: error }, 'news poll failed'));
    };
    check();
    this.timer = setInterval(check, CHECK_EVERY_MS);
    this.timer.unref();
  }

  tryLead(): Promise<boolean> {
    return this.leadership.tryLead();
  }

  /**
   * Polls every enabled source whose time has come, a few at a time; one round at a time. Tests call
   * this directly with their own clock. Each source's failure is recorded on it and stops nothing.
   */
  async pollDue(now: Date = new Date()): Promise<Array<{ sourceId: string; outcome: PollOutcome }>> {
    if (this.round) await this.round.catch(() => undefined);
    const round = this.runRound(now);
    this.round = round;
    try {
      return await round;
    } finally {
      if (this.round === round) this.round = null;
    }
  }

  private async runRound(now: Date) {
    const { db, settings, log } = this.options;
    const due = await db
      .select()
      .from(newsSources)
      .where(
        and(
          eq(newsSources.enabled, true),
          or(isNull(newsSources.nextPollAt), lte(newsSources.nextPollAt, now)),
        ),
      )
      .orderBy(asc(newsSources.nextPollAt));
    const results: Array<{ sourceId: string; outcome: PollOutcome }> = [];
    let next = 0;
    const worker = async () => {
      while (next < due.length && !this.stopped) {
        const source = due[next++];
        const outcome = await pollNewsSource(db, source, settings, now).catch(
          (error): PollOutcome => ({ status: 'failed', error: String((error as Error)?.message ?? error) }),
        );
        if (outcome.status === 'failed')
          log.warn({ source: source.url, error: outcome.error }, 'news source failed');
        results.push({ sourceId: source.id, outcome });
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_FETCHES, due.length) }, worker));
    return results;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.round?.catch(() => undefined);
    await this.leadership.stop();
  }
}
