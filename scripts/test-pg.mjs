// Runs the API suite against a PostgreSQL server. DATABASE_URL names a database the test user can
// connect to and create databases from; each run makes its own template database and each test
// file its own copy, and drops them afterwards.
import { spawnSync } from 'node:child_process';

const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
console.log(`API suite on PostgreSQL: ${databaseUrl.replace(/:[^:@/]*@/, ':***@')}`);
const result = spawnSync(
  process.execPath,
  ['node_modules/vitest/vitest.mjs', 'run', '--project', 'api', ...process.argv.slice(2)],
  { stdio: 'inherit', env: { ...process.env, DATABASE_URL: databaseUrl } },
);
process.exit(result.status ?? 1);
