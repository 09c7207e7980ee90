// `npm run bench:import`: committing a large broker file again (issue #41: "a 20,000-row commit of
// known fills finishes in under 3 s"). A learner re-imports last month's tradebook with this month's:
// most rows are fills the journal already holds, and the commit must recognise them without
// rewriting them.
//
// In one process, the real app (buildApp, every route's hooks and the multipart upload) on a fresh
// embedded database in a temporary DATA_DIR, or on a fresh PostgreSQL database with
// BENCH_DATABASE=postgres. One learner imports a Zerodha tradebook of BENCH_IMPORT_ROWS rows (default
// 20,000: 10,000 round trips over 40 symbols) once, then, BENCH_RUNS times each, side by side:
//   - preview: the same file checked (parse + plan, nothing written): the floor a commit stands on;
//   - commit: POST /journal/import/commit of the same file (every fill known);
//   - job: POST /journal/import/jobs and GET /journal/import/jobs/:id every 50 ms until it is done
//     (what the import screen does from 2,000 rows).
// Prints medians and the commit's ratio to the preview. Target: commit and job ≤ 3,000 ms.
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDatabase, runMigrations } from '@candlewise/db';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/api/src/app.ts';
import { loadConfig } from '../../apps/api/src/config.ts';
import { createOnboardedUser } from '../../apps/api/src/services/users/create-onboarded-user.ts';
import { benchDatabaseKind, createPostgresDatabase } from './postgres.ts';
import { printTable } from './print-table.ts';
import { runWithCleanup } from './processes.ts';
import { median } from './stats';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 20_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const TARGET_MS = 3_000;
const BOUNDARY = 'cw-import-bench';

/** A Zerodha tradebook: `rows / 2` round trips, bought 10 at 500 and sold 10 at 510 an hour later. */
function tradebook(rows: number): string {
  const lines = [
    'symbol,segment,trade_date,trade_type,quantity,price,trade_id,order_id,order_execution_time',
  ];
  for (let i = 0; i < rows / 2; i += 1) {
    const day = `2025-${String(1 + (Math.floor(i / 28) % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`;
    const symbol = `SYM${i % 40}`;
    lines.push(`${symbol},EQ,${day},buy,10,500,${3_000_000 + 2 * i},${8_000_000 + 2 * i},${day}T10:00:00`);
    lines.push(`${symbol},EQ,${day},sell,10,510,${3_000_001 + 2 * i},${8_000_001 + 2 * i},${day}T11:00:00`);
  }
  return lines.join('\n');
}

async function main(): Promise<number> {
  const kind = benchDatabaseKind();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'candlewise-import-bench-'));
  const postgres = kind === 'postgres' ? await createPostgresDatabase() : null;
  const config = loadConfig({
    NODE_ENV: 'production',
    ALLOW_TEST_PAYMENTS: 'true',
    ALLOW_CONSOLE_MESSAGES: 'true',
    APP_SECRET: 'import-bench-secret-import-bench-secret-0123',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    LOG_LEVEL: 'warn',
    ...(postgres ? { DATABASE_URL: postgres.env.DATABASE_URL } : {}),
  });
  const database = postgres
    ? await openDatabase({ databaseUrl: postgres.env.DATABASE_URL! })
    : await openDatabase({ dataDir });
  await runMigrations(database);
  const app: FastifyInstance = await buildApp({ config, database, logger: false });
  try {
    await createOnboardedUser(database.db, { email: 'importer@example.com', password: 'password-for-bench' });
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'importer@example.com', password: 'password-for-bench' },
    });
    const headers = { authorization: `Bearer ${login.json().data.token}` };
    const csv = tradebook(ROWS);
    const upload = (url: string) =>
      app.inject({
        method: 'POST',
        url: `/api/v1${url}`,
        headers: { ...headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
        payload: Buffer.from(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="tradebook.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${BOUNDARY}--\r\n`,
        ),
      });
    const expectStatus = (what: string, status: number, want: number, body: string) => {
      if (status !== want) throw new Error(`${what} answered ${status}: ${body.slice(0, 300)}`);
    };

    console.log(
      `bench:import: ${ROWS.toLocaleString('en')} Zerodha rows on ${postgres ? postgres.description : 'the embedded database'}; ` +
        `${RUNS} runs each; load ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores`,
    );
    let started = performance.now();
    const first = await upload('/journal/import/commit');
    expectStatus('the first commit', first.statusCode, 201, first.body);
    const firstMs = performance.now() - started;
    const firstData = first.json().data;
    console.log(
      `first import (every fill new): ${Math.round(firstMs).toLocaleString('en')} ms, ${firstData.newFills} fills, ${firstData.completeTrades} trades`,
    );

    const timings = { preview: [] as number[], commit: [] as number[], job: [] as number[] };
    for (let run = 0; run < RUNS; run += 1) {
      started = performance.now();
      const preview = await upload('/journal/import/preview');
      timings.preview.push(performance.now() - started);
      expectStatus('the preview', preview.statusCode, 200, preview.body);
      if (preview.json().data.knownFills !== ROWS)
        throw new Error(`the preview found ${preview.json().data.knownFills} known fills, not ${ROWS}`);

      started = performance.now();
      const commit = await upload('/journal/import/commit');
      timings.commit.push(performance.now() - started);
      expectStatus('the commit', commit.statusCode, 201, commit.body);
      const data = commit.json().data;
      if (data.newFills !== 0 || data.knownFills !== ROWS)
        throw new Error(`the commit of known fills stored ${data.newFills} new and ${data.knownFills} known`);

      started = performance.now();
      const job = await upload('/journal/import/jobs');
      expectStatus('the job', job.statusCode, 202, job.body);
      let state = job.json().data;
      while (state.status === 'running') {
        await new Promise((resolve) => setTimeout(resolve, 50));
        state = (
          await app.inject({ method: 'GET', url: `/api/v1/journal/import/jobs/${state._id}`, headers })
        ).json().data;
      }
      timings.job.push(performance.now() - started);
      if (state.status !== 'done')
        throw new Error(`the job ended ${state.status}: ${JSON.stringify(state).slice(0, 300)}`);
    }

    const previewMs = median(timings.preview);
    const commitMs = median(timings.commit);
    const jobMs = median(timings.job);
    const row = (what: string, values: number[], ms: number, target: boolean) => [
      what,
      values.map((value) => Math.round(value).toLocaleString('en')).join(' / '),
      Math.round(ms).toLocaleString('en'),
      `${(ms / previewMs).toFixed(2)}×`,
      target
        ? ms <= TARGET_MS
          ? `≤ ${TARGET_MS.toLocaleString('en')} ✓`
          : `≤ ${TARGET_MS.toLocaleString('en')} ✗`
        : '—',
    ];
    printTable(
      ['request (every fill known)', 'runs (ms)', 'median (ms)', 'vs preview', 'target'],
      [
        row('preview (parse + plan)', timings.preview, previewMs, false),
        row('commit', timings.commit, commitMs, true),
        row('job (POST + polling)', timings.job, jobMs, true),
      ],
      new Set([1, 2, 3]),
    );
    return commitMs <= TARGET_MS && jobMs <= TARGET_MS ? 0 : 1;
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await runWithCleanup(main, 15 * 60_000);
