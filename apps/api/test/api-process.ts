import { type ChildProcess, spawn } from 'node:child_process';
import { openSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../..', import.meta.url));

export const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

export type ApiProcess = { port: number; child: ChildProcess; logFile: string };

/**
 * A real API process (apps/api/src/server.ts) on a free loopback port, for the tests that need
 * several processes on one PostgreSQL and Redis. Its output goes to a log file (named in failures);
 * resolves once /api/v1/health answers.
 */
export async function startApiProcess(
  env:
    | { DATABASE_URL: string; APP_SECRET: string; REDIS_URL?: string }
    | { DATA_DIR: string; APP_SECRET: string },
  /** How long the process may take to answer /health (the scale bench boots on a loaded machine). */
  startTimeoutMs = 60_000,
): Promise<ApiProcess> {
  const port = await freePort();
  const logFile = path.join(tmpdir(), `candlewise-api-${port}.log`);
  const log = openSync(logFile, 'w');
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
    },
    stdio: ['ignore', log, log],
  });
  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/v1/health`)).ok) break;
    } catch {}
    if (child.exitCode !== null) throw new Error(`the API process on ${port} exited; see ${logFile}`);
    if (Date.now() > deadline) throw new Error(`the API process on ${port} did not start; see ${logFile}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { port, child, logFile };
}

/** Stops a process and waits for it to exit (SIGTERM: a graceful stop; SIGKILL: a crash). */
export async function stopApiProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}
