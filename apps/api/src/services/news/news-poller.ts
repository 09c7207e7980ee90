import { type Database, newsSources } from '@candlewise/db';
import { and, asc, eq, isNull, lte, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
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
  private leader = false;
  private leaderClient: pg.PoolClient | null = null;
  private timer: NodeJS.Timeout | null = null;
  private leaderRetry: NodeJS.Timeout | null = null;
  private round: Promise<unknown> | null = null;
  private stopped = false;

  constructor(private readonly options: NewsPollerOptions) {}

  get isLeader(): boolean {
    return this.leader;
  }

  /** Competes for the lead, polls what is due at once, then checks every minute (the server calls this). */
  async start(): Promise<void> {
    await this.tryLead();
    const check = () => {
      if (this.leader)
        void this.pollDue().catch((error) => this.options.log.error({ err: error }, 'news poll failed'));
    };
    check();
    this.timer = setInterval(check, CHECK_EVERY_MS);
    this.timer.unref();
  }

  async tryLead(): Promise<boolean> {
    if (this.leader || this.stopped) return this.leader;
    if (this.options.pool) {
      const client = await this.options.pool.connect();
      const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
        POLLER_LOCK_KEY,
      ]);
      if (!rows[0]?.locked) {
        client.release();
        this.leaderRetry ??= setInterval(() => void this.tryLead().catch(() => undefined), 30_000);
        this.leaderRetry.unref();
        return false;
      }
      this.leaderClient = client;
    }
    if (this.leaderRetry) clearInterval(this.leaderRetry);
    this.leaderRetry = null;
    this.leader = true;
    this.options.log.info('news poller: this process polls the feed sources');
    return true;
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
    if (this.leaderRetry) clearInterval(this.leaderRetry);
    await this.round?.catch(() => undefined);
    if (this.leaderClient) {
      await this.leaderClient
        .query('select pg_advisory_unlock($1)', [POLLER_LOCK_KEY])
        .catch(() => undefined);
      this.leaderClient.release();
      this.leaderClient = null;
    }
    this.leader = false;
  }
}
