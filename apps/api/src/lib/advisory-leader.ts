import { type Database, type DbExecutor, leaderEpochs } from '@candlewise/db';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';

/** Thrown by `fence()` when another process has become the leader since this one did. */
export class LostLeadershipError extends Error {
  constructor(name: string) {
    super(`${name}: another process has taken the lead; this one stops writing.`);
    this.name = 'LostLeadershipError';
  }
}

export type AdvisoryLeaderOptions = {
  /** Names the leadership in logs and in the leader_epochs table ('trading-engine', …). */
  name: string;
  /** The PostgreSQL advisory lock key (one per kind of leader). */
  lockKey: number;
  db: Database;
  /** The PostgreSQL pool; without one (the embedded database, one process) this process leads. */
  pool?: pg.Pool;
  log: FastifyBaseLogger;
  /** How often a follower tries to take the lead, and the leader checks its lock connection. */
  retryMs: number;
  /** Called once this process holds the lock, with its epoch; a throw gives the lead back. */
  onLead?: (epoch: number) => Promise<void>;
  /** Called when the lead is lost (connection gone) or given back; never while still leading. */
  onLose?: (reason: string) => Promise<void> | void;
};

/**
 * One background leader among several API processes (the trading engine, the news poller, the
 * broker sync): a session advisory lock on a dedicated connection. Each new leader bumps an epoch
 * in `leader_epochs`; `fence(tx)` at the start of a leader's transaction checks the epoch is still
 * its own (holding a share lock on the row until commit), so a former leader that lost its lock —
 * connection cut, process paused — cannot write after the new one took over. A broken lock
 * connection makes the leader step down and try again; it never crashes the process.
 */
export class AdvisoryLeader {
  private leading = false;
  private currentEpoch = 0;
  private client: pg.PoolClient | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private attempt: Promise<boolean> | null = null;

  constructor(private readonly options: AdvisoryLeaderOptions) {}

  get isLeader(): boolean {
    return this.leading;
  }

  get epoch(): number {
    return this.currentEpoch;
  }

  /** Tries for the lead now, then keeps trying (as a follower) or watching the lock (as the leader). */
  async start(): Promise<boolean> {
    const led = await this.tryLead();
    this.timer ??= setInterval(() => {
      if (this.leading) void this.checkLock();
      else void this.tryLead().catch(() => undefined);
    }, this.options.retryMs);
    this.timer.unref();
    return led;
  }

  /** One attempt at the lead (concurrent calls share it). */
  tryLead(): Promise<boolean> {
    if (this.leading || this.stopped) return Promise.resolve(this.leading);
    this.attempt ??= this.acquire().finally(() => {
      this.attempt = null;
    });
    return this.attempt;
  }

  private async acquire(): Promise<boolean> {
    const { pool, name, lockKey, log } = this.options;
    let epoch: number;
    if (pool) {
      const client = await pool.connect();
      const onError = (error: Error) => void this.lose(`lock connection failed: ${error.message}`);
      client.on('error', onError);
      let locked = false;
      try {
        const { rows } = await client.query<{ locked: boolean }>(
          'select pg_try_advisory_lock($1) as locked',
          [lockKey],
        );
        locked = Boolean(rows[0]?.locked);
        if (!locked) return false;
        // Waits for a former leader's fenced transaction still in flight, then fences it out.
        epoch = await bumpEpoch(client, name);
      } catch (error) {
        log.warn({ err: error, leader: name }, 'could not take the lead');
        locked = false;
        return false;
      } finally {
        if (!locked) {
          client.off('error', onError);
          client.release();
        }
      }
      this.client = client;
    } else {
      const [row] = await this.options.db
        .insert(leaderEpochs)
        .values({ name, epoch: 1 })
        .onConflictDoUpdate({
          target: leaderEpochs.name,
          set: { epoch: sql`${leaderEpochs.epoch} + 1`, acquiredAt: new Date() },
        })
        .returning({ epoch: leaderEpochs.epoch });
      epoch = row.epoch;
    }
    if (this.stopped) {
      await this.release();
      return false;
    }
    this.currentEpoch = epoch;
    this.leading = true;
    try {
      await this.options.onLead?.(epoch);
    } catch (error) {
      log.error({ err: error, leader: name }, 'could not start leading; giving the lead back');
      this.leading = false;
      await this.release();
      return false;
    }
    log.info({ leader: name, epoch }, `${name}: this process leads`);
    return true;
  }

  /** The lock connection still answers; if not, the lead is gone (the server released the lock). */
  private async checkLock(): Promise<void> {
    const client = this.client;
    if (!client) return;
    try {
      await Promise.race([
        client.query('select 1'),
        new Promise((_, reject) => setTimeout(() => reject(new Error('no answer within 5 s')), 5000).unref()),
      ]);
    } catch (error) {
      await this.lose(`lock connection failed: ${(error as Error).message}`);
    }
  }

  /**
   * Inside a leader's transaction, before it writes: refuses (LostLeadershipError) unless this
   * process still holds the current epoch. The share lock it takes makes a new leader's epoch bump
   * wait for this transaction, so no write of the old epoch lands after the new epoch exists.
   */
  async fence(tx: DbExecutor): Promise<void> {
    if (!this.leading) throw new LostLeadershipError(this.options.name);
    const [row] = await tx
      .select({ epoch: leaderEpochs.epoch })
      .from(leaderEpochs)
      .where(eq(leaderEpochs.name, this.options.name))
      .for('share');
    if (!row || row.epoch !== this.currentEpoch) {
      void this.lose('a newer leader holds the epoch');
      throw new LostLeadershipError(this.options.name);
    }
  }

  /** Steps down after a failure; a follower again, it keeps trying for the lead. */
  async lose(reason: string): Promise<void> {
    if (!this.leading) return;
    this.leading = false;
    this.options.log.warn({ leader: this.options.name, reason }, `${this.options.name}: stepped down`);
    const client = this.client;
    this.client = null;
    // Destroy rather than return the connection: its session (and any lock it still had) must end.
    client?.release(new Error(reason));
    await this.options.onLose?.(reason);
  }

  private async release(): Promise<void> {
    const client = this.client;
    this.client = null;
    if (!client) return;
    await client.query('select pg_advisory_unlock($1)', [this.options.lockKey]).catch(() => undefined);
    client.release();
  }

  /** Gives the lead back (shutdown): another process can take it at once. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.attempt?.catch(() => undefined);
    const wasLeading = this.leading;
    this.leading = false;
    await this.release();
    if (wasLeading) await this.options.onLose?.('stopped');
  }
}

async function bumpEpoch(client: pg.PoolClient, name: string): Promise<number> {
  const { rows } = await client.query<{ epoch: string }>(
    `insert into leader_epochs (name, epoch, acquired_at) values ($1, 1, now())
     on conflict (name) do update set epoch = leader_epochs.epoch + 1, acquired_at = now()
     returning epoch`,
    [name],
  );
  return Number(rows[0].epoch);
}
