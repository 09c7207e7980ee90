import type { Database, DbExecutor } from '@candlewise/db';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { AdvisoryLeader, LostLeadershipError } from '../lib/advisory-leader.ts';

export { LostLeadershipError };

/** What the engine does when it gains or loses the lead. */
export type LeaseHooks = {
  /** This process may now write: load what it leads (a throw gives the lead back). */
  onAcquire: () => Promise<void>;
  /** The lead is gone (lost or given back): stop writing, drop what only a leader holds. */
  onLose: (reason: string) => Promise<void> | void;
};

/**
 * The engine's right to write, as the engine sees it. Today one lease covers every competition
 * (one advisory lock, see lib/advisory-leader.ts); `groupId` is there so a lease per competition
 * (issue #40) can replace this one without changing the engine: `isLeading(groupId)` for what to
 * tick, `fence(tx, groupId)` before writing it.
 */
export type EngineLease = {
  /** True while this process may write this competition (any competition without an id). */
  isLeading(groupId?: string): boolean;
  /** The current lease's epoch (status, logs). */
  readonly epoch: number;
  /** Tries for the lead now, then keeps trying (a follower) or watching it (the leader). */
  start(): Promise<boolean>;
  /** One attempt now (tests; `start` keeps trying). */
  tryLead(): Promise<boolean>;
  /** Inside a transaction, before it writes: throws LostLeadershipError unless still leading. */
  fence(tx: DbExecutor, groupId?: string): Promise<void>;
  /** Gives the lead back (shutdown). */
  stop(): Promise<void>;
};

export type EngineLeadershipOptions = {
  db: Database;
  log: FastifyBaseLogger;
  /** The PostgreSQL pool, when several processes may run: one of them leads (advisory lock). */
  pool?: pg.Pool;
  /** How often a follower tries for the lead (and the leader checks its lock). Default 2 s. */
  retryMs?: number;
};

export const ENGINE_LEADER_NAME = 'trading-engine';
export const ENGINE_LOCK_KEY = 727_003;

/** The one engine-wide lease: a session advisory lock with an epoch fence (AdvisoryLeader). */
export class EngineLeadership implements EngineLease {
  /** The lock holder underneath (tests reach its connection to simulate a lost lock). */
  readonly leader: AdvisoryLeader;

  constructor(options: EngineLeadershipOptions, hooks: LeaseHooks) {
    this.leader = new AdvisoryLeader({
      name: ENGINE_LEADER_NAME,
      lockKey: ENGINE_LOCK_KEY,
      db: options.db,
      pool: options.pool,
      log: options.log,
      retryMs: options.retryMs ?? 2000,
      onLead: () => hooks.onAcquire(),
      onLose: (reason) => hooks.onLose(reason),
    });
  }

  isLeading(_groupId?: string): boolean {
    return this.leader.isLeader;
  }

  get epoch(): number {
    return this.leader.epoch;
  }

  start(): Promise<boolean> {
    return this.leader.start();
  }

  tryLead(): Promise<boolean> {
    return this.leader.tryLead();
  }

  fence(tx: DbExecutor, _groupId?: string): Promise<void> {
    return this.leader.fence(tx);
  }

  stop(): Promise<void> {
    return this.leader.stop();
  }
}
