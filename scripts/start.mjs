// `npm start`: builds the web app when its sources changed since the last build, then serves the
// web app and the API on PORT (default 3000) in this process.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/scripts',
  'packages/shared/src',
];

function newestChange(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(full).reduce(
    (newest, name) => Math.max(newest, newestChange(path.join(entry, name))),
    stat.mtimeMs,
  );
}

// Refuse before building: a rebuild would empty the web folder a running server is serving from.
const { register } = await import('tsx/esm/api');
register();
const { loadConfig } = await import('../apps/api/src/config.ts');
const { DataDirLockedError, isDataDirLocked } = await import('../packages/db/src/data-dir-lock.ts');
let config;
try {
  config = loadConfig();
} catch (error) {
  console.error(`\nCandlewise could not start: ${error.message}\n`);
  process.exit(1);
}
if (!config.databaseUrl && (await isDataDirLocked(config.dataDir))) {
  console.error(`\nCandlewise could not start: ${new DataDirLockedError(config.dataDir).message}\n`);
  process.exit(1);
}

// The build goes where the server will serve it from (WEB_DIST_DIR, default apps/web/dist).
const stamp = path.join(config.webDistDir, '.build-stamp');
const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
if (builtAt === 0 || sources.some((entry) => newestChange(entry) > builtAt)) {
  console.log(builtAt === 0 ? 'Building the web app (first start)…' : 'Web sources changed: rebuilding…');
  const started = Date.now();
  execFileSync(
    process.execPath,
    [
      path.join(root, 'node_modules/vite/bin/vite.js'),
      'build',
      '--logLevel',
      'warn',
      '--outDir',
      config.webDistDir,
      '--emptyOutDir',
    ],
    {
      cwd: path.join(root, 'apps/web'),
      stdio: 'inherit',
    },
  );
  // The first pages, rendered ahead of time for the server to send inside #root.
  execFileSync(
    process.execPath,
    [
      path.join(root, 'apps/web/scripts/prerender.mjs'),
      path.join(config.webDistDir, '.vite', 'prerendered.json'),
    ],
    { cwd: path.join(root, 'apps/web'), stdio: 'inherit' },
  );
  writeFileSync(stamp, new Date().toISOString());
  console.log(`Web app built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

await import('../apps/api/src/server.ts');
