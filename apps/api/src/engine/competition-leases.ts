import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { Database, DbExecutor } from '@candlewise/db';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { LostLeadershipError } from '../lib/advisory-leader.ts';

/** The market's lease: live providers, the simulated feed and the candles (one process at a time). */
export const MARKET_SCOPE = 'market';

export type LeaseHooks = {
  /** This process now holds `scope` (the market or a competition id): load it (a throw gives it back). */
  onAcquire: (scope: string) => Promise<void>;
  /** `scope` is gone (lost, given back, or the process stops): stop writing it, drop what it held. */
  onLose: (scope: string, reason: string) => Promise<void> | void;
  /**
   * Several competitions taken at once (a process died: its share is taken in one statement): load
   * them all, answering the ones that could not be loaded (given back). Without it, onAcquire each.
   */
  onAcquireMany?: (scopes: string[]) => Promise<string[]>;
};

export type CompetitionLeasesOptions = {
  db: Database;
  log: FastifyBaseLogger;
  /** How often leases are renewed and spread (the heartbeat). Default 0.5 s. */
  roundMs?: number;
  /** How long a lease lasts without renewal: another process takes it over after this. Default 3 s. */
  ttlMs?: number;
  /** This process's name in the lease table (default: host, pid and a random suffix). */
  holder?: string;
};

const rowsOf = (result: unknown): Array<Record<string, unknown>> =>
  Array.isArray(result) ? result : ((result as { rows?: Array<Record<string, unknown>> }).rows ?? []);

/** A PostgreSQL refusal from the lease fence trigger (migration lease_fence). */
export function isStaleLeaseError(error: unknown): boolean {
  for (let cause: unknown = error; cause; cause = (cause as { cause?: unknown }).cause) {
    const { message, hint } = cause as { message?: string; hint?: string };
    if (hint === 'candlewise:stale-lease' || message?.includes('stale lease epoch')) return true;
  }
  return false;
}

/**
 * The engine's leases (issue #40, docs/architecture.md §Leases): a row per competition and one for
 * the market in `engine_leases`, each with a holder, an epoch and an expiry. Every round (1 s) the
 * process says it is alive (`engine_processes`), renews what it holds in one autocommit statement —
 * no session lock, so it works through a transaction-mode pooler — and spreads the competitions:
 * at most ceil(competitions ÷ live processes) each; it gives back the extra ones and takes expired
 * or free ones up to its share. Taking a lease bumps its epoch; `fence(tx, scopes)` reads the
 * epochs under a key-share lock (a taker waits for a transaction in flight, the holder's renewal
 * does not) and the database itself
 * refuses a ledger write carrying a stale epoch (trigger refuse_stale_lease_epoch). On the embedded
 * database the same code runs with one process, which holds everything.
 */
export class CompetitionLeases {
  readonly holder: string;
  /** scope → the epoch this process holds it under. */
  private readonly held = new Map<string, number>();
  private readonly roundMs: number;
  private readonly ttlMs: number;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private renewing: Promise<void> | null = null;
  private stopped = false;
  private lastLive = 1;

  constructor(
    private readonly options: CompetitionLeasesOptions,
    private readonly hooks: LeaseHooks,
  ) {
    this.holder = options.holder ?? `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
    this.roundMs = options.roundMs ?? 500;
    this.ttlMs = options.ttlMs ?? Math.max(3000, 3 * this.roundMs);
  }

  holds(scope: string): boolean {
    return this.held.has(scope);
  }

  epochOf(scope: string): number | undefined {
    return this.held.get(scope);
  }

  /** The competitions this process holds (not the market). */
  competitions(): string[] {
    return [...this.held.keys()].filter((scope) => scope !== MARKET_SCOPE);
  }

  /** Live processes at the last round (status). */
  get liveProcesses(): number {
    return this.lastLive;
  }

  /** One round now, then one every `roundMs`. */
  async start(): Promise<void> {
    await this.round();
    // Renewal runs on its own beat, not inside the round: a round that loads a competition it took
    // (seconds for a large one) must not let everything else this process holds lapse meanwhile.
    this.timer ??= setInterval(() => {
      void this.renewSoon();
      void this.round().catch(() => undefined);
    }, this.roundMs);
    this.timer.unref();
  }

  /** One round: heartbeat, renew, spread (concurrent calls share it). */
  round(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    this.running ??= this.runRound()
      .catch((error) => this.options.log.warn({ err: error }, 'engine leases: a round failed'))
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  private async runRound(): Promise<void> {
    const { db } = this.options;
    const ttl = `${this.ttlMs} milliseconds`;
    await this.renewSoon();
    const live = Number(
      rowsOf(
        await db.execute(
          sql`select count(*)::int as live from engine_processes where seen_at > now() - ${ttl}::interval`,
        ),
      )[0]?.live ?? 1,
    );
    this.lastLive = Math.max(1, live);
    // Processes gone for a minute are forgotten.
    await db.execute(sql`delete from engine_processes where seen_at < now() - interval '1 minute'`);

    const candidates = await this.liveCompetitions();
    const wanted = new Set(candidates);
    // A competition that ended (finalised) or was deleted is given back.
    for (const scope of this.competitions())
      if (!wanted.has(scope)) await this.giveBack(scope, 'the competition ended');

    const share = Math.ceil(candidates.length / this.lastLive);
    const mine = this.competitions();
    if (mine.length > share) {
      // Too many (a process joined): give back the ones last in this process's order.
      const order = this.orderFor(mine);
      for (const scope of order.slice(share)) await this.giveBack(scope, 'spread to another process');
    }
    if (!this.held.has(MARKET_SCOPE)) await this.take(MARKET_SCOPE);
    const room = share - this.competitions().length;
    if (room <= 0) return;
    const free = new Set(
      rowsOf(
        await db.execute(
          sql`select scope from engine_leases where expires_at < now() and scope <> ${MARKET_SCOPE}`,
        ),
      ).map((row) => row.scope as string),
    );
    const leased = new Set(
      rowsOf(await db.execute(sql`select scope from engine_leases where scope <> ${MARKET_SCOPE}`)).map(
        (row) => row.scope as string,
      ),
    );
    const wantedNow: string[] = [];
    for (const scope of this.orderFor(candidates)) {
      if (wantedNow.length >= room || this.stopped) break;
      if (this.held.has(scope) || (leased.has(scope) && !free.has(scope))) continue;
      wantedNow.push(scope);
    }
    await this.takeMany(wantedNow);
  }

  /**
   * Takes the free or expired ones of `scopes` in one statement (a dead process's share: one at a
   * time, each waiting for the tick in flight before loading, made a failover of 51 competitions of
   * 1,000 members take 12–16 s), then loads them together. Answers the scopes taken and loaded.
   */
  private async takeMany(scopes: string[]): Promise<string[]> {
    if (this.stopped || !scopes.length) return [];
    const ttl = `${this.ttlMs} milliseconds`;
    // Sorted: two processes taking overlapping sets lock the rows in the same order.
    const rows = rowsOf(
      await this.options.db.execute(sql`insert into engine_leases (scope, holder, epoch, expires_at, acquired_at)
        values ${sql.join(
          [...scopes]
            .sort()
            .map((scope) => sql`(${scope}, ${this.holder}, 1, now() + ${ttl}::interval, now())`),
          sql`, `,
        )}
        on conflict (scope) do update set holder = excluded.holder, epoch = engine_leases.epoch + 1,
          expires_at = excluded.expires_at, acquired_at = now()
        where engine_leases.expires_at < now()
        returning scope, epoch`),
    );
    if (!rows.length) return [];
    const epochs = new Map(rows.map((row) => [row.scope as string, Number(row.epoch)]));
    for (const [scope, epoch] of epochs) this.held.set(scope, epoch);
    const failed = await this.load([...epochs.keys()]);
    for (const scope of failed) await this.giveBack(scope, 'it could not be loaded');
    const loaded = [...epochs].filter(([scope]) => !failed.includes(scope));
    if (loaded.length)
      this.options.log.info(
        {
          scopes: loaded.map(([scope]) => scope),
          epochs: loaded.map(([, epoch]) => epoch),
          holder: this.holder,
        },
        'engine leases: taken',
      );
    return loaded.map(([scope]) => scope);
  }

  /**
   * Loads what was just taken: the competitions together (onAcquireMany, where given), the rest one
   * by one. Answers the scopes that could not be loaded.
   */
  private async load(taken: string[]): Promise<string[]> {
    const { onAcquire, onAcquireMany } = this.hooks;
    const together = onAcquireMany ? taken.filter((scope) => scope !== MARKET_SCOPE) : [];
    const failed: string[] = [];
    if (onAcquireMany && together.length) {
      failed.push(
        ...(await onAcquireMany(together).catch((error) => {
          this.options.log.error(
            { err: error, scopes: together },
            'engine leases: could not load what was taken',
          );
          return together;
        })),
      );
    }
    for (const scope of taken) {
      if (together.includes(scope)) continue;
      await onAcquire(scope).catch((error) => {
        this.options.log.error({ err: error, scope }, 'engine leases: could not load what was taken');
        failed.push(scope);
      });
    }
    return failed;
  }

  /** The heartbeat and the renewal, one at a time (the round and the timer share one in flight). */
  private renewSoon(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    this.renewing ??= this.renew()
      .catch((error) => this.options.log.warn({ err: error }, 'engine leases: a renewal failed'))
      .finally(() => {
        this.renewing = null;
      });
    return this.renewing;
  }

  /**
   * Says this process is alive and renews every lease held, in one statement each; a lease not
   * renewed was taken by another process. Its row lock (FOR NO KEY UPDATE) does not wait for this
   * process's own tick in flight, whose fence holds FOR KEY SHARE.
   */
  private async renew(): Promise<void> {
    await this.options.db.execute(sql`insert into engine_processes (holder, seen_at) values (${this.holder}, now())
      on conflict (holder) do update set seen_at = now()`);
    if (!this.held.size) return;
    // What is held now: a lease taken or given back while this statement runs is not judged by it.
    const asked = new Map(this.held);
    const scopes = [...asked.keys()].sort();
    const ttl = `${this.ttlMs} milliseconds`;
    const renewed = new Map(
      rowsOf(
        await this.options.db.execute(sql`update engine_leases set expires_at = now() + ${ttl}::interval
          where scope in (select scope from engine_leases where holder = ${this.holder}
            and scope in ${sql`(${sql.join(
              scopes.map((scope) => sql`${scope}`),
              sql`, `,
            )})`} order by scope for no key update)
          returning scope, epoch`),
      ).map((row) => [row.scope as string, Number(row.epoch)]),
    );
    for (const [scope, epoch] of asked) {
      if (this.held.get(scope) === epoch && renewed.get(scope) !== epoch)
        await this.lose(scope, 'its lease expired and another process took it');
    }
  }

  /** Takes `scope` when it is free or expired (bumping its epoch), then loads it. */
  async take(scope: string): Promise<boolean> {
    if (this.held.has(scope)) return true;
    return (await this.takeMany([scope])).includes(scope);
  }

  /** Gives a lease back at once (another process may take it now). */
  async giveBack(scope: string, reason: string): Promise<void> {
    const epoch = this.held.get(scope);
    if (epoch === undefined) return;
    await this.lose(scope, reason, 'info');
    await this.options.db
      .execute(sql`update engine_leases set expires_at = now() - interval '1 millisecond'
        where scope = ${scope} and holder = ${this.holder} and epoch = ${epoch}`)
      .catch(() => undefined);
  }

  /**
   * Lets go of `scope`: a warning when it was lost (expired and taken, or a newer epoch), a plain
   * record when this process gave it back (it ended, spread, could not load, or the server stops).
   */
  private async lose(scope: string, reason: string, level: 'info' | 'warn' = 'warn'): Promise<void> {
    if (!this.held.delete(scope)) return;
    this.options.log[level]({ scope, reason, holder: this.holder }, 'engine leases: no longer held');
    await this.hooks.onLose(scope, reason);
  }

  /**
   * Inside a transaction, before it writes `scopes`: refuses (LostLeadershipError) unless this
   * process holds each at its current epoch. The lock (FOR KEY SHARE; the epoch is a key column,
   * unique with the scope) makes a taker's epoch bump wait for this transaction, so no write of an
   * old epoch lands once a new one exists, while the holder's own renewal, which changes no key,
   * goes through: a tick longer than the TTL does not lose its leases.
   */
  async fence(tx: DbExecutor, scopes: Iterable<string>): Promise<void> {
    const wanted = [...new Set(scopes)].sort();
    if (!wanted.length) return;
    for (const scope of wanted)
      if (!this.held.has(scope)) throw new LostLeadershipError(`engine lease ${scope}`);
    const rows = rowsOf(
      await tx.execute(sql`select scope, epoch, holder from engine_leases
        where scope in ${sql`(${sql.join(
          wanted.map((scope) => sql`${scope}`),
          sql`, `,
        )})`} order by scope for key share`),
    );
    const current = new Map(rows.map((row) => [row.scope as string, Number(row.epoch)]));
    const stale = wanted.filter((scope) => current.get(scope) !== this.held.get(scope));
    if (stale.length) {
      for (const scope of stale) void this.lose(scope, 'a newer epoch holds it');
      throw new LostLeadershipError(`engine lease ${stale.join(', ')}`);
    }
  }

  /** Competitions under way or not yet finalised, with their dates set (what the engine runs). */
  private async liveCompetitions(): Promise<string[]> {
    return rowsOf(
      await this.options.db.execute(sql`select g.id from groups g
        left join group_engine_state s on s.group_id = g.id
        where g.start_date is not null and g.end_date is not null and s.finalized_at is null
        order by g.id`),
    ).map((row) => row.id as string);
  }

  /** A stable order per process (a hash of holder and scope): processes prefer different competitions. */
  private orderFor(scopes: string[]): string[] {
    const weight = (scope: string) => {
      let hash = 2166136261;
      for (const char of `${this.holder}|${scope}`) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
      return hash >>> 0;
    };
    return [...scopes].sort((a, b) => weight(a) - weight(b) || a.localeCompare(b));
  }

  /** Gives everything back (shutdown): other processes take over at once. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
    await this.renewing?.catch(() => undefined);
    for (const scope of [...this.held.keys()]) await this.giveBack(scope, 'stopped');
    await this.options.db
      .execute(sql`delete from engine_processes where holder = ${this.holder}`)
      .catch(() => undefined);
  }
}
