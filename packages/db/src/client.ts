import { mkdirSync } from 'node:fs';
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
  const db = drizzlePglite(pglite, { schema }) as unknown as Database;
  let closed = false;
  return {
    db,
    engine: 'pglite',
    pglite,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await pglite.close();
    },
  };
}

export function pgliteFolder(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}
