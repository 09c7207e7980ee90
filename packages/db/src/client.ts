import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type ExtractTablesWithRelations, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** Either engine through one type: PGlite and node-postgres both extend drizzle's PgDatabase. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** What a service takes: the database or a transaction inside it. */
export type DbExecutor = Database | Transaction;

export type DatabaseEngine = 'pglite' | 'postgres';

export type DatabaseHandle = {
  db: Database;
  engine: DatabaseEngine;
  /** The raw node-postgres pool, when on PostgreSQL (migrations take an advisory lock on one client). */
  pool?: pg.Pool;
  /** The raw PGlite instance, when embedded (tests dump and load it). */
  pglite?: PGlite;
  /**
   * Whether the database answers, without waiting behind other work: on PostgreSQL a `select 1` on
   * a pooled connection; embedded, a `select 1` only while PGlite is idle (it runs one transaction
   * at a time, and a health check must not queue behind a long one: issue #40). While it is busy it
   * is serving, in this process, and the answer is that it is open.
   */
  ping(): Promise<void>;
  close(): Promise<void>;
};

export type OpenDatabaseOptions =
  | { databaseUrl: string; poolSize?: number }
  | { dataDir: string }
  | { inMemory: true; loadDataDir?: Blob | File };

/** Opens PostgreSQL when a URL is given, otherwise PGlite in DATA_DIR/pglite (or in memory for tests). */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if ('databaseUrl' in options) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', (error) => console.error('PostgreSQL pool error:', error.message));
    const db = drizzleNodePg(pool, { schema }) as unknown as Database;
    return {
      db,
      engine: 'postgres',
      pool,
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
    };
  }

  let pglite: PGlite;
  if ('dataDir' in options) {
    const folder = pgliteFolder(options.dataDir);
    mkdirSync(folder, { recursive: true });
    pglite = await PGlite.create(folder);
  } else {
    pglite = await PGlite.create(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  }
  const lockLog = Number(process.env.DB_LOCK_LOG_MS);
  const stopLockLog = lockLog > 0 ? logLockWaits(pglite, lockLog) : () => {};
  yieldBeforeEachTurn(pglite);
  const turns = countTurns(pglite);
  const db = drizzlePglite(pglite, { schema }) as unknown as Database;
  let closed = false;
  return {
    db,
    engine: 'pglite',
    pglite,
    ping: async () => {
      if (closed || !pglite.ready) throw new Error('The embedded database is closed.');
      // Statements run one at a time and in order: `select 1` now would wait for every turn taken
      // or queued. PGlite lives in this process and runs each statement synchronously, so while a
      // turn is under way and this process answers, the database is open and between statements.
      if (turns.active() > 0) return;
      await db.execute(sql`select 1`);
    },
    close: async () => {
      if (closed) return;
      closed = true;
      stopLockLog();
      await pglite.close();
    },
  };
}

export function pgliteFolder(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}

type ExclusiveRunner = { _runExclusiveTransaction<T>(work: () => Promise<T>): Promise<T> };

/**
 * Lets the event loop go round before each of PGlite's turns (a transaction or a loose statement).
 * PGlite runs in this process and its queued turns follow one another in promise callbacks, so
 * without this a queue of turns runs in one event-loop turn of a hundred milliseconds and more under
 * load, and Node accepts one new connection per event-loop turn: during the embedded desk bench the
 * listen queue held ~340 connections and drained at ~7 a second, so a connection opened during the
 * load (a member's first read, a placement that found no free socket) waited up to 30 s before the
 * server saw it. With a turn of the loop between two of PGlite's, new connections and requests are
 * taken in between, and no event-loop turn is longer than one transaction.
 */
function yieldBeforeEachTurn(pglite: PGlite): void {
  const runner = pglite as unknown as ExclusiveRunner;
  if (typeof runner._runExclusiveTransaction !== 'function') return;
  const original = runner._runExclusiveTransaction.bind(pglite);
  runner._runExclusiveTransaction = <T>(work: () => Promise<T>) =>
    original(() => new Promise<void>((resolve) => setImmediate(resolve)).then(work));
}

/**
 * How many transactions and loose statements (PGlite's turns at its one connection) are running or
 * queued: every one passes through `_runExclusiveTransaction` (PGlite 0.5). Two additions per turn.
 */
function countTurns(pglite: PGlite): { active(): number } {
  const runner = pglite as unknown as ExclusiveRunner;
  let active = 0;
  if (typeof runner._runExclusiveTransaction !== 'function') return { active: () => 0 };
  const original = runner._runExclusiveTransaction.bind(pglite);
  runner._runExclusiveTransaction = <T>(work: () => Promise<T>) => {
    active += 1;
    let finished = false;
    const done = () => {
      if (!finished) active -= 1;
      finished = true;
    };
    try {
      return original(work).finally(done);
    } catch (error) {
      done();
      throw error;
    }
  };
  return { active: () => active };
}

/**
 * Diagnostics (DB_LOCK_LOG_MS=<ms>, embedded only): PGlite runs one transaction or loose statement
 * at a time, in the order they asked. Every five seconds this prints, per caller (the first frame
 * of the API's own code that asked), how many turns it took, how long they waited for the lock and
 * how long they held it; and each wait longer than the threshold as it ends (to DB_LOCK_LOG_FILE,
 * or stderr). Costs a stack trace per statement: for measuring only.
 */
function logLockWaits(pglite: PGlite, thresholdMs: number): () => void {
  const runner = pglite as unknown as ExclusiveRunner;
  const file = process.env.DB_LOCK_LOG_FILE;
  const say = (line: string) => (file ? appendFileSync(file, `${line}\n`) : console.error(line));
  const original = runner._runExclusiveTransaction.bind(pglite);
  type Totals = { turns: number; waitMs: number; maxWaitMs: number; holdMs: number; maxHoldMs: number };
  let totals = new Map<string, Totals>();
  let queued = 0;
  let maxQueued = 0;
  const callerOf = (stack = '') =>
    stack
      .split('\n')
      .filter(
        (line) => line.includes('/src/') && !line.includes('node_modules') && !line.includes('client.ts'),
      )
      .slice(0, 2)
      .map((line) =>
        line
          .trim()
          .replace(/^at (async )?/, '')
          .replace(/\(?\S*\/(apps|packages)\//, '('),
      )
      .join(' < ') || 'unknown';
  runner._runExclusiveTransaction = <T>(work: () => Promise<T>) => {
    const caller = callerOf(new Error().stack);
    const askedAt = performance.now();
    queued += 1;
    maxQueued = Math.max(maxQueued, queued);
    return original(async () => {
      const startedAt = performance.now();
      queued -= 1;
      try {
        return await work();
      } finally {
        const waitMs = startedAt - askedAt;
        const holdMs = performance.now() - startedAt;
        const entry = totals.get(caller) ?? { turns: 0, waitMs: 0, maxWaitMs: 0, holdMs: 0, maxHoldMs: 0 };
        entry.turns += 1;
        entry.waitMs += waitMs;
        entry.maxWaitMs = Math.max(entry.maxWaitMs, waitMs);
        entry.holdMs += holdMs;
        entry.maxHoldMs = Math.max(entry.maxHoldMs, holdMs);
        totals.set(caller, entry);
        if (waitMs > thresholdMs)
          say(`db lock: waited ${Math.round(waitMs)} ms, held ${Math.round(holdMs)} ms: ${caller}`);
      }
    });
  };
  const timer = setInterval(() => {
    const rows = [...totals].sort((a, b) => b[1].holdMs - a[1].holdMs);
    say(`db lock, last 5 s (most queued at once ${maxQueued}, now ${queued}):`);
    for (const [caller, t] of rows)
      say(
        `  ${t.turns} turns, wait avg ${Math.round(t.waitMs / t.turns)} max ${Math.round(t.maxWaitMs)} ms, hold total ${Math.round(t.holdMs)} max ${Math.round(t.maxHoldMs)} ms: ${caller}`,
      );
    totals = new Map();
    maxQueued = queued;
  }, 5000);
  timer.unref();
  return () => clearInterval(timer);
}
