// `npm run test:e2e`: starts the built app the way a newcomer does (`npm start`) on a free port with
// a temporary DATA_DIR, prepares accounts with the CLI first (the embedded database has one owner),
// runs the Playwright specs against it with Debian's chromium, then stops the server.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(
    `Chromium not found at ${chromium}. Install it with: apt-get update && apt-get install -y chromium`,
  );
  process.exit(1);
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

export const E2E_USERS = {
  learner: { email: 'learner@e2e.test', password: 'learner-password-1', first: 'Lena', last: 'Learner' },
  admin: { email: 'admin@e2e.test', password: 'admin-password-1', first: 'Ada', last: 'Admin' },
};

const dataDir = mkdtempSync(path.join(tmpdir(), 'candlewise-e2e-'));
const port = await freePort();
// Its own build folder, so runs side by side (or a developer's npm start) never empty each other's.
const webDistDir = mkdtempSync(path.join(tmpdir(), 'candlewise-e2e-web-'));
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  PORT: String(port),
  LOG_LEVEL: 'warn',
  WEB_DIST_DIR: webDistDir,
  // Every spec signs up its own learners from 127.0.0.1: more than the 10 a real address may.
  SIGNUPS_PER_IP_PER_15_MIN: '500',
};
delete env.DATABASE_URL;

for (const [role, user] of Object.entries(E2E_USERS)) {
  execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/api/src/cli.ts',
      'user:create',
      '--email',
      user.email,
      '--password',
      user.password,
      '--first',
      user.first,
      '--last',
      user.last,
      ...(role === 'admin' ? ['--admin'] : []),
    ],
    { cwd: root, env, stdio: 'inherit' },
  );
}

const started = Date.now();
const server = spawn(process.execPath, ['scripts/start.mjs'], {
  cwd: root,
  env,
  stdio: ['ignore', 'inherit', 'inherit'],
});
let serverExited = false;
server.on('exit', () => {
  serverExited = true;
});

const baseUrl = `http://127.0.0.1:${port}`;
for (;;) {
  if (serverExited) {
    console.error('The server exited before it became healthy.');
    process.exit(1);
  }
  try {
    const response = await fetch(`${baseUrl}/api/v1/health`);
    if (response.ok) break;
  } catch {
    // not listening yet
  }
  if (Date.now() - started > 180_000) {
    console.error('The server did not become healthy within 180 s.');
    server.kill('SIGKILL');
    process.exit(1);
  }
  await new Promise((resolve) => setTimeout(resolve, 250));
}
console.log(
  `e2e: app healthy at ${baseUrl} after ${((Date.now() - started) / 1000).toFixed(1)} s (DATA_DIR ${dataDir})`,
);

const result = await new Promise((resolve) => {
  const runner = spawn(
    process.execPath,
    [path.join(root, 'node_modules/@playwright/test/cli.js'), 'test', ...process.argv.slice(2)],
    {
      cwd: path.join(root, 'e2e'),
      stdio: 'inherit',
      env: {
        ...process.env,
        E2E_BASE_URL: baseUrl,
        E2E_DATA_DIR: dataDir,
        CHROMIUM_PATH: chromium,
        E2E_OUTPUT_DIR:
          process.env.E2E_OUTPUT_DIR ?? path.join(root, 'e2e/test-results', `run-${process.pid}`),
      },
    },
  );
  runner.on('exit', (code) => resolve(code ?? 1));
});

server.kill('SIGTERM');
await new Promise((resolve) => (serverExited ? resolve() : server.on('exit', resolve)));
rmSync(dataDir, { recursive: true, force: true });
rmSync(webDistDir, { recursive: true, force: true });
process.exit(result);
