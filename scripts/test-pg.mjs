// `npm run test:pg`: the API suite against a PostgreSQL server. DATABASE_URL names a database the
// user can connect to and create databases from (default: the local server's `postgres`). Each run
// creates a fresh database for itself, the suite makes its template and per-file copies from there,
// and everything is dropped at the end. REDIS_URL, when set, also runs the Redis-backed tests.
import { spawnSync } from 'node:child_process';
import pg from 'pg';

const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const runDatabase = `cw_run_${Date.now()}_${process.pid}`;
const runUrl = new URL(serverUrl);
runUrl.pathname = `/${runDatabase}`;

const admin = new pg.Client({ connectionString: serverUrl });
try {
  await admin.connect();
} catch (error) {
  console.error(`Cannot reach PostgreSQL at ${serverUrl.replace(/:[^:@/]*@/, ':***@')}: ${error.message}`);
  process.exit(1);
}
await admin.query(`create database ${runDatabase}`);
console.log(
  `API suite on PostgreSQL, fresh database ${runDatabase}${process.env.REDIS_URL ? ', with Redis' : ''}`,
);

const result = spawnSync(
  process.execPath,
  ['node_modules/vitest/vitest.mjs', 'run', '--project', 'api', ...process.argv.slice(2)],
  { stdio: 'inherit', env: { ...process.env, DATABASE_URL: runUrl.toString() } },
);

await admin.query(`drop database if exists ${runDatabase} with (force)`);
await admin.end();
process.exit(result.status ?? 1);
