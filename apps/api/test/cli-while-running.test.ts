import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiProcess, startApiProcess, stopApiProcess } from './api-process.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const dataDir = mkdtempSync(path.join(tmpdir(), 'candlewise-cli-'));
const env = { DATA_DIR: dataDir, APP_SECRET: 'cli-test-secret-cli-test-secret-0123456789' };

/** `npm run cli -- …` as a newcomer types it, on the same DATA_DIR as the server. */
async function cli(...args: string[]) {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  try {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'apps/api/src/cli.ts', ...args],
      { cwd: root, env: { ...inherited, ...env, NODE_ENV: 'test' }, timeout: 60_000 },
    );
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

/**
 * The CLI beside a running server is the embedded database's case (PostgreSQL takes both at once):
 * the suite that runs against PostgreSQL (DATABASE_URL set) leaves it to the embedded run.
 */
const embedded = !process.env.DATABASE_URL;

let server: ApiProcess;
beforeAll(async () => {
  if (!embedded) return;
  // The first admin, made the documented way before the first start.
  const made = await cli(
    'user:create',
    '--email',
    'first.admin@example.com',
    '--password',
    'a long password 1',
    '--admin',
  );
  expect(made.output).toMatch(/Created admin first.admin@example.com/);
  server = await startApiProcess(env);
}, 180_000);
afterAll(async () => {
  if (server) await stopApiProcess(server.child);
  rmSync(dataDir, { recursive: true, force: true });
});

const logIn = (email: string, password: string) =>
  fetch(`http://127.0.0.1:${server.port}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });

describe.skipIf(!embedded)('the start banner', () => {
  it('says how many admins there are instead of "no admin exists"', async () => {
    const banner = readFileSync(server.logFile, 'utf8');
    expect(banner).toContain('Candlewise is ready at');
    expect(banner).not.toMatch(/No admin account exists/);
    expect(banner).toMatch(/Admins: 1 \(first\.admin@example\.com\)/);
  });
});

describe.skipIf(!embedded)('the CLI while the server runs on the embedded database', () => {
  it('makes an admin through the running server, who can then log in', async () => {
    const made = await cli(
      'user:create',
      '--email',
      'second.admin@example.com',
      '--password',
      'a long password 2',
      '--admin',
    );
    expect(made.output).toMatch(/Created admin second.admin@example.com/);
    expect(made.code).toBe(0);
    const session = await logIn('second.admin@example.com', 'a long password 2');
    expect(session.status).toBe(200);
    expect(((await session.json()) as { data: { user: { role: string } } }).data.user.role).toBe('admin');

    // Mistakes are answered the same way as without a server.
    const missing = await cli('user:promote', '--email', 'nobody@example.com');
    expect(missing.code).toBe(1);
    expect(missing.output).toMatch(/No user has the e-mail nobody@example.com/);
  }, 120_000);

  it('keeps its key to the server readable by the owner only, and refuses requests without it', async () => {
    const files = ['cli-access.json'].map((name) => path.join(dataDir, name));
    expect(statSync(files[0]).mode & 0o777).toBe(0o600);
    const refused = await fetch(`http://127.0.0.1:${server.port}/api/v1/local-cli`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-cli-secret': 'wrong' },
      body: JSON.stringify({ command: 'user:promote', options: { email: 'first.admin@example.com' } }),
    });
    expect(refused.status).toBe(403);
  });
});
