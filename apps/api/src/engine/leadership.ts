import type { Database } from '@candlewise/db';
import type { FastifyBaseLogger } from 'fastify';
import { LostLeadershipError } from '../lib/advisory-leader.ts';
import { CompetitionLeases, type LeaseHooks, MARKET_SCOPE } from './competition-leases.ts';

export type { LeaseHooks };
export { LostLeadershipError, MARKET_SCOPE };

/**
 * The engine's right to write, as the engine sees it: a lease per competition and one for the
 * market (competition-leases.ts). `isLeading(groupId)` says what to tick, `fence(tx, scopes)` runs
 * before writing them and each write carries `epochOf(groupId)`, which the database checks.
 */
export type EngineLease = {
  /** True while this process holds this competition's lease (without an id: the market's). */
  isLeading(groupId?: string): boolean;
  /** The epoch a scope is held under (undefined: not held). */
  epochOf(scope: string): number | undefined;
  /** The market lease's epoch (status, logs; 0 when not held). */
  readonly epoch: number;
  /** The competitions this process holds. */
  competitions(): string[];
  /** Live engine processes at the last round. */
  readonly liveProcesses: number;
  /** A round now, then one every second: heartbeat, renewals, an even spread. */
  start(): Promise<void>;
  /** One round now (tests; `start` keeps going); true when this process holds the market. */
  tryLead(): Promise<boolean>;
  /** Takes one competition now if it is free (a new competition created by this process). */
  take(groupId: string): Promise<boolean>;
  /** Inside a transaction, before it writes: throws LostLeadershipError unless each scope is still held. */
  fence(tx: Parameters<CompetitionLeases['fence']>[0], scopes: Iterable<string>): Promise<void>;
  /** Gives everything back (shutdown). */
  stop(): Promise<void>;
};

export type EngineLeadershipOptions = {
  db: Database;
  log: FastifyBaseLogger;
  /** How often leases are renewed and spread. Default 1 s. */
  retryMs?: number;
  /** How long a lease outlives its last renewal. Default 3 s (at least three rounds). */
  ttlMs?: number;
};

/** The engine's leases: the same code on the embedded database (one process holds all) and on PostgreSQL. */
export class EngineLeadership extends CompetitionLeases implements EngineLease {
  constructor(options: EngineLeadershipOptions, hooks: LeaseHooks) {
    super({ db: options.db, log: options.log, roundMs: options.retryMs, ttlMs: options.ttlMs }, hooks);
  }

  isLeading(groupId?: string): boolean {
    return this.holds(groupId ?? MARKET_SCOPE);
  }

  get epoch(): number {
    return this.epochOf(MARKET_SCOPE) ?? 0;
  }

  async tryLead(): Promise<boolean> {
    await this.round();
    return this.isLeading();
  }
}
