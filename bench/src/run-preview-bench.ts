// `npm run bench:preview`: does one learner's large journal import stall everyone else? The app
// starts the way a newcomer starts it (scripts/start.mjs, embedded database, a temporary DATA_DIR),
// then /health is asked every 10 ms, first alone, then while four 4.8 MB import previews run at
// once (BENCH_PREVIEW_ROUNDS rounds, default 3: 12 previews, within the 60 an hour one account
// may send). Target (issue #43): /health p99 < 100 ms while the previews run. Exit code 1 if not.
import { performance } from 'node:perf_hooks';
import { largeZerodhaFile } from '../../apps/api/test/large-journal-file.ts';
import { printTable } from './print-table.ts';
import { BENCH_USER, BenchError, runWithCleanup, seconds, startApp } from './processes.ts';

const TARGET_P99_MS = 100;
const PREVIEWS_AT_ONCE = 4;
const HEALTH_EVERY_MS = 10;
const rounds = Number(process.env.BENCH_PREVIEW_ROUNDS ?? 3);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};

/** Asks /health every 10 ms (one at a time, as a monitor does) until `until` settles. */
async function pollHealth(baseUrl: string, until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.finally(() => {
    done = true;
  });
  const latencies: number[] = [];
  while (!done) {
    const started = performance.now();
    const response = await fetch(`${baseUrl}/api/v1/health`);
    await response.arrayBuffer();
    if (!response.ok) throw new BenchError(`/health answered ${response.status}`);
    latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, HEALTH_EVERY_MS));
  }
  return latencies;
}

async function main(): Promise<number> {
  const app = await startApp({ withUser: true });
  const login = await fetch(`${app.baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: BENCH_USER.email, password: BENCH_USER.password }),
  });
  const token = ((await login.json()) as { data?: { token?: string } }).data?.token;
  if (!token) throw new BenchError(`signing in failed: HTTP ${login.status}`);

  const file = new Blob([largeZerodhaFile()], { type: 'text/csv' });
  const preview = async () => {
    const form = new FormData();
    form.append('file', file, 'tradebook.csv');
    const started = performance.now();
    const response = await fetch(`${app.baseUrl}/api/v1/journal/import/preview`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    await response.arrayBuffer();
    if (!response.ok) throw new BenchError(`a preview answered ${response.status}`);
    return performance.now() - started;
  };
  console.log(
    `file: ${(file.size / 1e6).toFixed(1)} MB, ${PREVIEWS_AT_ONCE} previews at once, ${rounds} rounds`,
  );

  const idle = await pollHealth(app.baseUrl, new Promise((resolve) => setTimeout(resolve, 3_000)));
  const loaded: number[] = [];
  const previews: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const batch = Promise.all(Array.from({ length: PREVIEWS_AT_ONCE }, preview));
    loaded.push(...(await pollHealth(app.baseUrl, batch)));
    previews.push(...(await batch));
  }

  const row = (name: string, values: number[]) => [
    name,
    String(values.length),
    `${percentile(values, 50).toFixed(1)} ms`,
    `${percentile(values, 99).toFixed(1)} ms`,
    `${Math.max(...values).toFixed(1)} ms`,
  ];
  printTable(
    ['/health', 'requests', 'p50', 'p99', 'max'],
    [row('alone', idle), row(`with ${PREVIEWS_AT_ONCE} previews`, loaded)],
    new Set([1, 2, 3, 4]),
  );
  console.log(
    `previews: median ${seconds(percentile(previews, 50))}, slowest ${seconds(Math.max(...previews))}`,
  );
  const p99 = percentile(loaded, 99);
  const met = p99 < TARGET_P99_MS;
  console.log(
    `/health p99 while ${PREVIEWS_AT_ONCE} previews run: ${p99.toFixed(1)} ms (target < ${TARGET_P99_MS} ms): ${met ? 'met' : 'MISSED'}`,
  );
  return met ? 0 : 1;
}

await runWithCleanup(main, 600_000);
