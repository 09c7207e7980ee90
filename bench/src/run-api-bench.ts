// `npm run bench`: API throughput relative to a bare Fastify route on the same machine.
//
// Starts the built app (scripts/start.mjs, temporary DATA_DIR, free port) and, in a separate process,
// a bare Fastify hello-world. Every round measures each scenario right next to a run of the bare route
// (the order flips every round), after a 1 s warm-up of every target. The ratio of the medians says
// how much of the machine's plain-Fastify speed a route keeps, which travels between machines far
// better than a requests/s number does.
//
// BENCH_DURATION (seconds per run, default 5) and BENCH_ROUNDS (default 3) set the length.
// BENCH_DATABASE=postgres runs the app on a fresh database of the local PostgreSQL server (with
// Redis) instead of the embedded one. BENCH_PROCESSES=2 (PostgreSQL) also starts a second API
// process on the same database and Redis and measures every scenario against both at once (the
// load generator's connections alternate between them) next to the one-process run.
// BENCH_ONLY picks scenarios by name; BENCH_CONNECTIONS sets the load generator's connections.
import os from 'node:os';
import autocannon from 'autocannon';
import { benchDatabaseKind, createPostgresDatabase } from './postgres.ts';
import { printTable } from './print-table.ts';
import {
  BENCH_USER,
  BenchError,
  benchRoot,
  freePort,
  HOST,
  interrupted,
  runWithCleanup,
  startApp,
  startProcess,
  waitForHttp,
} from './processes.ts';
import { scenarios as allScenarios, fromContext, type Scenario, type SetupContext } from './scenarios.ts';
import { median } from './stats';

/** BENCH_ONLY=leaderboard,journal runs the scenarios whose names contain one of the words. */
const ONLY = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((word) => word.trim().toLowerCase())
  .filter(Boolean);
const scenarios = ONLY.length
  ? allScenarios.filter((scenario) => ONLY.some((word) => scenario.name.toLowerCase().includes(word)))
  : allScenarios;
/** BENCH_CONNECTIONS: autocannon's connections per run (default 10). */
const CONNECTIONS = Number.parseInt(process.env.BENCH_CONNECTIONS ?? '10', 10) || 10;
const WARMUP_SECONDS = 1;

function integerFromEnv(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new BenchError(`${name} must be a whole number from ${min} to ${max} (got "${raw}").`);
  }
  return value;
}

type Target = {
  name: string;
  /** Several: autocannon spreads its connections over them in turn. */
  url: string | string[];
  method: Scenario['method'];
  headers: Record<string, string>;
  body?: string;
};

type Run = {
  requestsPerSecond: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
};

type Tally = { runs: Run[]; warmup: Run | null };

async function load(target: Target, durationSeconds: number): Promise<Run> {
  const result = await autocannon({
    // autocannon takes several URLs and gives its connections to them in turn (its types say one).
    url: target.url as string,
    method: target.method,
    headers: target.headers,
    body: target.body,
    connections: CONNECTIONS,
    duration: durationSeconds,
    timeout: 10,
  });
  const statusCodes: Record<string, number> = {};
  for (const [code, stats] of Object.entries(result.statusCodeStats ?? {})) {
    statusCodes[code] = stats?.count ?? 0;
  }
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
  };
}

const integer = (value: number) => Math.round(value).toLocaleString('en-US');
const percent = (ratio: number) => `${(ratio * 100).toFixed(1)} %`;

function problems(tally: Tally): { non2xx: number; errors: number; timeouts: number; codes: string } {
  const all = tally.warmup ? [tally.warmup, ...tally.runs] : tally.runs;
  const codes: Record<string, number> = {};
  for (const run of all) {
    for (const [code, count] of Object.entries(run.statusCodes)) {
      if (!code.startsWith('2')) codes[code] = (codes[code] ?? 0) + count;
    }
  }
  return {
    non2xx: all.reduce((sum, run) => sum + run.non2xx, 0),
    errors: all.reduce((sum, run) => sum + run.errors, 0),
    timeouts: all.reduce((sum, run) => sum + run.timeouts, 0),
    codes: Object.entries(codes)
      .map(([code, count]) => `HTTP ${code} × ${integer(count)}`)
      .join(', '),
  };
}

async function signIn(baseUrl: string): Promise<SetupContext> {
  const response = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: BENCH_USER.email, password: BENCH_USER.password }),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  let token: unknown;
  let userId: unknown;
  try {
    const parsed = JSON.parse(text) as { data?: { token?: unknown; user?: { _id?: unknown } } };
    token = parsed.data?.token;
    userId = parsed.data?.user?._id;
  } catch {
    // reported below
  }
  if (!response.ok || typeof token !== 'string' || typeof userId !== 'string') {
    throw new BenchError(
      `Signing in as ${BENCH_USER.email} failed: HTTP ${response.status} ${text.slice(0, 300)}`,
    );
  }
  return { baseUrl, token, userId, email: BENCH_USER.email };
}

/** One plain request per target before any load, so a broken route is named clearly and early. */
async function probe(target: Target): Promise<string | null> {
  if (Array.isArray(target.url)) {
    for (const url of target.url) {
      const failure = await probe({ ...target, url });
      if (failure) return `${url}: ${failure}`;
    }
    return null;
  }
  try {
    const response = await fetch(target.url, {
      method: target.method,
      headers: target.headers,
      body: target.body,
      signal: AbortSignal.timeout(15_000),
    });
    const text = await response.text();
    return response.ok ? null : `HTTP ${response.status} ${text.slice(0, 300)}`;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

async function main(duration: number, rounds: number): Promise<number> {
  if (scenarios.length === 0) throw new BenchError('bench/src/scenarios.ts lists no scenario.');
  const names = new Set(scenarios.map((scenario) => scenario.name));
  if (names.size !== scenarios.length) throw new BenchError('Scenario names must be unique.');

  const cpus = os.cpus();
  console.log(
    `API benchmark: ${scenarios.length} scenario(s) × ${rounds} round(s) × ${duration} s, each next to the bare ` +
      `Fastify route; ${CONNECTIONS} connections; ${WARMUP_SECONDS} s warm-up per target.`,
  );
  console.log(
    `Node ${process.version}, ${cpus.length} CPU(s) (${cpus[0]?.model.trim() ?? 'unknown'}), ` +
      `load average ${os
        .loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')}\n`,
  );

  const processCount = integerFromEnv('BENCH_PROCESSES', 1, 1, 2);
  const databaseKind = processCount === 2 ? 'postgres' : benchDatabaseKind();
  const database = databaseKind === 'postgres' ? await createPostgresDatabase() : null;
  if (database) console.log(`database: ${database.description}`);
  const app = await startApp({ withUser: true, env: database?.env });
  const second = processCount === 2 ? await startApp({ withUser: false, env: database?.env }) : null;

  const barePort = await freePort();
  const bareProcess = startProcess('bare', ['--import', 'tsx', 'src/bare-server.ts'], {
    cwd: benchRoot,
    env: { ...process.env, PORT: String(barePort), HOST },
  });
  const bareUrl = `http://${HOST}:${barePort}/`;
  await waitForHttp(bareUrl, bareProcess, 60_000);
  console.log(`bare: listening at ${bareUrl} (separate process)`);

  const context = await signIn(app.baseUrl);
  console.log(`app: signed in as ${context.email} (user ${context.userId})\n`);

  const bare: Target = { name: 'bare fastify', url: bareUrl, method: 'GET', headers: {} };
  const targets: Target[] = [];
  /** With BENCH_PROCESSES=2: each scenario against both processes, by scenario name. */
  const pairs = new Map<string, Target>();
  for (const scenario of scenarios) {
    await scenario.setup?.(context);
    const path = fromContext(scenario.path, context);
    if (!path.startsWith('/')) throw new BenchError(`Scenario "${scenario.name}": path must start with /.`);
    const target: Target = {
      name: scenario.name,
      url: `${app.baseUrl}${path}`,
      method: scenario.method,
      headers: fromContext(scenario.headers, context) ?? {},
      body: fromContext(scenario.body, context),
    };
    targets.push(target);
    if (second) {
      pairs.set(scenario.name, {
        ...target,
        name: `${scenario.name} ×2`,
        url: [`${app.baseUrl}${path}`, `${second.baseUrl}${path}`],
      });
    }
  }

  const probeFailures: string[] = [];
  for (const target of [bare, ...targets, ...pairs.values()]) {
    const failure = await probe(target);
    if (failure) probeFailures.push(`  ${target.name} (${target.method} ${target.url}): ${failure}`);
  }
  if (probeFailures.length > 0) {
    throw new BenchError(`A single request already fails, so no load was run:\n${probeFailures.join('\n')}`);
  }

  const bareTallies = new Map<string, Tally>(
    targets.map((target) => [target.name, { runs: [], warmup: null }]),
  );
  const tallies = new Map<string, Tally>(targets.map((target) => [target.name, { runs: [], warmup: null }]));
  const pairTallies = new Map<string, Tally>(
    [...pairs.keys()].map((name) => [name, { runs: [], warmup: null }]),
  );
  const bareWarmup = await load(bare, WARMUP_SECONDS);
  for (const target of targets) tallies.get(target.name)!.warmup = await load(target, WARMUP_SECONDS);
  for (const [name, pair] of pairs) pairTallies.get(name)!.warmup = await load(pair, WARMUP_SECONDS);
  console.log(`warm-up done (bare ${integer(bareWarmup.requestsPerSecond)} req/s)`);

  const labelWidth = Math.max(
    ...targets.map((target) => `bare (next to ${target.name})`.length),
    ...[...pairs.values()].map((pair) => pair.name.length),
  );
  const progress = (round: number, name: string, run: Run) =>
    console.log(
      `  round ${round}/${rounds}  ${name.padEnd(labelWidth)} ${integer(run.requestsPerSecond).padStart(8)} req/s` +
        `  p99 ${String(run.p99Ms).padStart(4)} ms` +
        (run.non2xx || run.errors ? `  (${run.non2xx} non-2xx, ${run.errors} errors)` : ''),
    );
  for (let round = 1; round <= rounds && !interrupted(); round += 1) {
    for (const target of targets) {
      // Alternate which goes first so neither side always follows the other.
      const pair = pairs.get(target.name);
      const sides = [
        { label: `bare (next to ${target.name})`, target: bare, tally: bareTallies.get(target.name)! },
        { label: target.name, target, tally: tallies.get(target.name)! },
        ...(pair ? [{ label: pair.name, target: pair, tally: pairTallies.get(target.name)! }] : []),
      ];
      if (round % 2 === 0) sides.reverse();
      for (const side of sides) {
        const run = await load(side.target, duration);
        if (interrupted()) return 130;
        side.tally.runs.push(run);
        progress(round, side.label, run);
      }
    }
  }

  let failed = false;
  const rows: string[][] = [];
  const notes: string[] = [];
  for (const [index, target] of targets.entries()) {
    const scenario = scenarios[index];
    const tally = tallies.get(target.name)!;
    const bareTally = bareTallies.get(target.name)!;
    const rps = median(tally.runs.map((run) => run.requestsPerSecond));
    const p99 = median(tally.runs.map((run) => run.p99Ms));
    const bareRps = median(bareTally.runs.map((run) => run.requestsPerSecond));
    const ratio = bareRps > 0 ? rps / bareRps : 0;
    const own = problems(tally);
    const ofBare = problems(bareTally);
    const pairTally = pairTallies.get(target.name);
    const ofPair = pairTally ? problems(pairTally) : { non2xx: 0, errors: 0, timeouts: 0, codes: '' };
    const pairRps = pairTally ? median(pairTally.runs.map((run) => run.requestsPerSecond)) : 0;
    const broken =
      own.non2xx + own.errors + ofBare.non2xx + ofBare.errors + ofPair.non2xx + ofPair.errors > 0;
    if (ofPair.non2xx || ofPair.errors) {
      notes.push(
        `${target.name} on two processes: ${integer(ofPair.non2xx)} non-2xx (${ofPair.codes || 'no status'}), ` +
          `${integer(ofPair.errors)} errors`,
      );
    }
    let verdict = '-';
    if (scenario.minRatio !== undefined) verdict = ratio >= scenario.minRatio ? 'PASS' : 'FAIL';
    if (broken) verdict = 'FAIL';
    if (verdict === 'FAIL') failed = true;
    if (own.non2xx || own.errors) {
      notes.push(
        `${target.name}: ${integer(own.non2xx)} non-2xx (${own.codes || 'no status'}), ` +
          `${integer(own.errors)} errors (${integer(own.timeouts)} timeouts), warm-up included`,
      );
    }
    if (ofBare.non2xx || ofBare.errors) {
      notes.push(
        `bare runs next to ${target.name}: ${integer(ofBare.non2xx)} non-2xx (${ofBare.codes || 'no status'}), ` +
          `${integer(ofBare.errors)} errors`,
      );
    }
    if (scenario.minRatio !== undefined && ratio < scenario.minRatio) {
      notes.push(
        `${target.name}: ${percent(ratio)} of bare is below its minimum ${percent(scenario.minRatio)}`,
      );
    }
    rows.push([
      target.name,
      `${target.method} ${String(target.url).slice(app.baseUrl.length).replace(context.userId, ':userId')}`,
      integer(rps),
      p99.toFixed(0),
      integer(bareRps),
      percent(ratio),
      scenario.minRatio === undefined ? '-' : percent(scenario.minRatio),
      `${integer(own.non2xx)}/${integer(own.errors)}`,
      ...(pairTally ? [integer(pairRps), rps > 0 ? `${(pairRps / rps).toFixed(2)}×` : '-'] : []),
      verdict,
    ]);
  }
  if (bareWarmup.non2xx || bareWarmup.errors) {
    failed = true;
    notes.push(`bare warm-up: ${bareWarmup.non2xx} non-2xx, ${bareWarmup.errors} errors`);
  }

  console.log(
    `\nMedians of ${rounds} run(s) of ${duration} s, ${CONNECTIONS} connections, on ` +
      `${database ? 'PostgreSQL with Redis' : 'the embedded database'}` +
      `${second ? '; "2 procs": the same load spread over two API processes, × = against one' : ''}:\n`,
  );
  printTable(
    [
      'scenario',
      'request',
      'req/s',
      'p99 ms',
      'bare req/s',
      'ratio',
      'min',
      'non-2xx/err',
      ...(second ? ['2 procs req/s', '2 procs ×'] : []),
      'result',
    ],
    rows,
    new Set(second ? [2, 3, 4, 5, 6, 7, 8, 9] : [2, 3, 4, 5, 6, 7]),
  );
  if (notes.length > 0) console.log(`\n${notes.map((note) => `! ${note}`).join('\n')}`);
  console.log(
    failed
      ? '\nFAIL: a scenario is below its minimum ratio or a run had non-2xx responses or errors.'
      : '\nOK: no errors, every minimum ratio met.',
  );
  if (failed && notes.some((note) => note.includes('non-2xx'))) {
    console.log(`\nLast lines of the app's output:\n${app.process.tail() || '(none)'}`);
  }
  return failed ? 1 : 0;
}

let duration = 5;
let rounds = 3;
try {
  duration = integerFromEnv('BENCH_DURATION', 5, 1, 300);
  rounds = integerFromEnv('BENCH_ROUNDS', 3, 1, 50);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
// Bound: app start (≤ 300 s build + health) + warm-ups + the runs with slack per run.
const runSeconds = scenarios.length * rounds * 3 * (duration + 3) + (2 * scenarios.length + 1) * 4;
await runWithCleanup(() => main(duration, rounds), (420 + runSeconds + 60) * 1000);
