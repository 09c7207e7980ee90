// BENCH_DATABASE=postgres: a fresh database on the machine's PostgreSQL server for one bench run,
// dropped at the end, and a Redis prefix of its own (several API processes share Redis).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { BenchError, onCleanup } from './processes.ts';

/** The server the database is made on (BENCH_DATABASE_URL, default the local server's `postgres` db). */
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

export type BenchDatabase = {
  /** What to add to the app's environment. */
  env: NodeJS.ProcessEnv;
  /** For the report: where the app stores its data. */
  description: string;
};

export function benchDatabaseKind(): 'embedded' | 'postgres' {
  const kind = (process.env.BENCH_DATABASE ?? 'embedded').trim().toLowerCase();
  if (kind === 'embedded' || kind === 'postgres') return kind;
  throw new BenchError(`BENCH_DATABASE must be "embedded" or "postgres" (got "${kind}").`);
}

export async function createPostgresDatabase(): Promise<BenchDatabase> {
  const name = `cw_bench_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  try {
    await admin.connect();
  } catch (error) {
    throw new BenchError(
      `Cannot reach PostgreSQL at ${SERVER_URL.replace(/:[^:@/]*@/, ':***@')} (set BENCH_DATABASE_URL): ${(error as Error).message}`,
    );
  }
  await admin.query(`create database ${name}`);
  await admin.end();
  onCleanup('drop the bench database', async () => {
    const dropper = new pg.Client({ connectionString: SERVER_URL });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
  });
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return {
    env: {
      DATABASE_URL: url.toString(),
      REDIS_URL,
      REDIS_PREFIX: `${name}:`,
      // Every process must accept the others' tokens.
      APP_SECRET: randomBytes(32).toString('hex'),
    },
    description: `PostgreSQL database ${name} on ${url.host}, Redis ${new URL(REDIS_URL).host}`,
  };
}
