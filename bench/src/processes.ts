// Child-process plumbing shared by the benchmarks: free ports, a temporary DATA_DIR, CLI user
// creation, starting the real app (scripts/start.mjs) or the bare Fastify server, health polling and
// a cleanup that always runs (normal end, failure, Ctrl+C, watchdog).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
export const benchRoot = fileURLToPath(new URL('../', import.meta.url));
export const HOST = '127.0.0.1';

export const BENCH_USER = {
  email: 'bench@example.com',
  password: 'bench-password-1',
  first: 'Bench',
  last: 'User',
};

// ---------------------------------------------------------------------------------------------
// Cleanup: every resource registers an async undo; they run once, newest first.

type CleanupStep = { label: string; run: () => Promise<void> | void };
const cleanupSteps: CleanupStep[] = [];
let cleanupPromise: Promise<void> | null = null;

export function onCleanup(label: string, run: CleanupStep['run']): void {
  cleanupSteps.push({ label, run });
}

export function cleanup(): Promise<void> {
  cleanupPromise ??= (async () => {
    while (cleanupSteps.length > 0) {
      const step = cleanupSteps.pop()!;
      try {
        await step.run();
      } catch (error) {
        console.error(`cleanup (${step.label}) failed:`, error);
      }
    }
  })();
  return cleanupPromise;
}

let interruptedFlag = false;
/** True once a signal or the watchdog started the shutdown: stop reporting, the servers are going. */
export function interrupted(): boolean {
  return interruptedFlag;
}

/**
 * Runs `main` with cleanup guaranteed: on return, on a thrown error, on SIGINT/SIGTERM and when the
 * watchdog fires (every run is bounded). Exits with main's code.
 */
export async function runWithCleanup(main: () => Promise<number>, watchdogMs: number): Promise<never> {
  const interrupt = (reason: string, code: number) => {
    if (interruptedFlag) return;
    interruptedFlag = true;
    console.error(`\n${reason}: stopping the servers and removing temporary folders…`);
    void cleanup().finally(() => process.exit(code));
  };
  process.on('SIGINT', () => interrupt('Interrupted (SIGINT)', 130));
  process.on('SIGTERM', () => interrupt('Terminated (SIGTERM)', 143));
  const watchdog = setTimeout(
    () => interrupt(`The benchmark exceeded its time limit of ${Math.round(watchdogMs / 1000)} s`, 1),
    watchdogMs,
  );
  watchdog.unref();

  let code = 1;
  try {
    code = await main();
  } catch (error) {
    console.error('\nThe benchmark failed:', error instanceof Error ? error.message : error);
    if (error instanceof Error && error.stack && !(error instanceof BenchError)) console.error(error.stack);
    code = 1;
  }
  if (interruptedFlag) await new Promise(() => {}); // the signal handler exits once cleanup is done
  await cleanup();
  process.exit(code);
}

/** An expected failure with a message that says it all (no stack trace). */
export class BenchError extends Error {}

// ---------------------------------------------------------------------------------------------

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export function makeTempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  onCleanup(`remove ${dir}`, () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------

export type ManagedProcess = {
  name: string;
  child: ChildProcess;
  /** The last lines the process wrote (stdout and stderr), for error reports. */
  tail(): string;
  exited(): boolean;
  stop(): Promise<void>;
};

const TAIL_LINES = 80;
const LIVE_LINE_LIMIT = 20;

/**
 * Spawns a process in its own process group (so a build it starts is stopped with it), keeps the
 * tail of its output and echoes only notable lines: stderr and warn/error log records, at most 20.
 */
export function startProcess(
  name: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; echo?: (line: string) => boolean },
): ManagedProcess {
  const child = spawn(process.execPath, args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const lines: string[] = [];
  let echoed = 0;
  let suppressed = 0;
  let exitCode: number | null = null;
  let exitSignal: NodeJS.Signals | null = null;
  let hasExited = false;
  const exitPromise = new Promise<void>((resolve) => {
    child.on('exit', (code, signal) => {
      hasExited = true;
      exitCode = code;
      exitSignal = signal;
      if (suppressed > 0) console.log(`  [${name}] (${suppressed} more notable lines not shown)`);
      resolve();
    });
  });
  child.on('error', (error) => lines.push(`spawn error: ${error.message}`));

  const collect = (stream: NodeJS.ReadableStream | null, isStderr: boolean) => {
    let pending = '';
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => {
      pending += chunk;
      const parts = pending.split('\n');
      pending = parts.pop() ?? '';
      for (const line of parts) {
        if (line.trim() === '') continue;
        lines.push(line);
        if (lines.length > TAIL_LINES) lines.shift();
        const notable = isStderr || isWarnLogRecord(line) || (options.echo?.(line) ?? false);
        if (!notable) continue;
        if (echoed < LIVE_LINE_LIMIT) {
          echoed += 1;
          console.log(`  [${name}] ${compactLogLine(line)}`);
        } else {
          suppressed += 1;
        }
      }
    });
  };
  collect(child.stdout, false);
  collect(child.stderr, true);

  const managed: ManagedProcess = {
    name,
    child,
    tail: () => {
      const status = hasExited ? `\n(${name} exited with ${exitSignal ?? `code ${exitCode}`})` : '';
      return lines.join('\n') + status;
    },
    exited: () => hasExited,
    stop: async () => {
      if (hasExited || child.pid === undefined) return;
      signalGroup(child.pid, 'SIGTERM');
      const stopped = await Promise.race([exitPromise.then(() => true), sleep(15_000).then(() => false)]);
      if (!stopped) {
        console.error(`  [${name}] did not stop within 15 s of SIGTERM: killing it`);
        signalGroup(child.pid, 'SIGKILL');
        await Promise.race([exitPromise, sleep(5_000)]);
      }
    },
  };
  onCleanup(`stop ${name}`, managed.stop);
  return managed;
}

function signalGroup(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pid, signal); // the group we created with detached: true
  } catch {
    try {
      process.kill(pid, signal);
    } catch {
      // already gone
    }
  }
}

function isWarnLogRecord(line: string): boolean {
  if (!line.startsWith('{')) return false;
  try {
    const record = JSON.parse(line) as { level?: unknown };
    return typeof record.level === 'number' && record.level >= 40;
  } catch {
    return false;
  }
}

function compactLogLine(line: string): string {
  if (!line.startsWith('{')) return line;
  try {
    const record = JSON.parse(line) as {
      level?: number;
      msg?: string;
      err?: { message?: string };
      scope?: string;
      reason?: string;
    };
    const level = record.level && record.level >= 50 ? 'ERROR' : 'WARN';
    // Why, when the record says (e.g. which lease was lost and why).
    const why = record.reason ? ` (${record.scope ? `${record.scope}: ` : ''}${record.reason})` : '';
    return `${level} ${record.msg ?? ''}${why}${record.err?.message ? `: ${record.err.message}` : ''}`.slice(
      0,
      300,
    );
  } catch {
    return line;
  }
}

/** Polls `url` until it answers 2xx; fails early if the process exits, or after `timeoutMs`. */
export async function waitForHttp(url: string, managed: ManagedProcess, timeoutMs: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (managed.exited()) {
      throw new BenchError(
        `${managed.name} exited before it answered ${url}. Its output:\n${managed.tail()}`,
      );
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.ok) return Date.now() - started;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > timeoutMs) {
      throw new BenchError(
        `${managed.name} did not answer ${url} within ${timeoutMs / 1000} s. Its output:\n${managed.tail()}`,
      );
    }
    await sleep(250);
  }
}

// ---------------------------------------------------------------------------------------------

function runNode(args: string[], env: NodeJS.ProcessEnv, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else
        reject(
          new BenchError(
            `\`node ${args.join(' ')}\` failed (${signal ?? `exit code ${code}`}):\n${output.trim()}`,
          ),
        );
    });
  });
}

export type AppServer = { baseUrl: string; port: number; dataDir: string; process: ManagedProcess };

/**
 * Starts the app the way a newcomer does: `node scripts/start.mjs` (which builds the web app when its
 * sources changed) on a free port with a fresh temporary DATA_DIR. With `withUser`, the bench account
 * is created first with the CLI (the embedded database has a single owner, so before the server).
 * `dataDir` reuses a folder prepared beforehand; `env` adds variables (e.g. DATABASE_URL, APP_SECRET)
 * after DATABASE_URL and REDIS_URL of the calling shell were removed.
 */
export async function startApp(options: {
  withUser: boolean;
  dataDir?: string;
  env?: NodeJS.ProcessEnv;
  /** Node options for the app process before its script (e.g. --cpu-prof; NODE_OPTIONS refuses it). */
  nodeArgs?: string[];
}): Promise<AppServer> {
  const dataDir = options.dataDir ?? makeTempDir('candlewise-bench-');
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST,
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  Object.assign(env, options.env);

  if (options.withUser) {
    const started = Date.now();
    await runNode(
      [
        '--import',
        'tsx',
        'apps/api/src/cli.ts',
        'user:create',
        '--email',
        BENCH_USER.email,
        '--password',
        BENCH_USER.password,
        '--first',
        BENCH_USER.first,
        '--last',
        BENCH_USER.last,
        // An admin, so the scenarios can approve the bench user into a competition.
        '--admin',
      ],
      env,
      120_000,
    );
    console.log(`app: created ${BENCH_USER.email} with the CLI (${seconds(Date.now() - started)})`);
  }

  console.log('app: starting scripts/start.mjs (it builds the web app first if its sources changed)…');
  const managed = startProcess('app', [...(options.nodeArgs ?? []), 'scripts/start.mjs'], {
    cwd: repoRoot,
    env,
    echo: (line) => /build|rebuild|error/i.test(line),
  });
  const baseUrl = `http://${HOST}:${port}`;
  const waited = await waitForHttp(`${baseUrl}/api/v1/health`, managed, 300_000);
  const where = env.DATABASE_URL ? 'on PostgreSQL' : `DATA_DIR ${dataDir}`;
  console.log(`app: healthy at ${baseUrl} after ${seconds(waited)} (${where})`);
  return { baseUrl, port, dataDir, process: managed };
}

export function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}
