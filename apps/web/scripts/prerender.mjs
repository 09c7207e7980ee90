// Renders the first pages (src/prerender.tsx's PRERENDERED_PATHS) to HTML after `vite build`:
// builds that module for Node into a temporary folder, renders each path, and writes
// dist/.vite/prerendered.json ({ path: markup }) for the server to put inside #root, and the
// signed-in pages' first views (renderSignedInShell) into dist/.vite/signed-in-shells.json
// ({ path: { html, page } }, page the page's module).
// Its own process on purpose: React's server renderer leaves context values behind, which would
// leak into anything rendered afterwards in the same JavaScript realm.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Inside the workspace, so the built module resolves react and the rest from node_modules.
const outDir = mkdtempSync(path.join(webRoot, '.prerender-'));

try {
  await build({
    root: webRoot,
    logLevel: 'warn',
    build: { ssr: 'src/prerender.tsx', outDir, emptyOutDir: true, manifest: false },
    // redux-persist's subpath imports are folders, which Node's ES module loader refuses: bundle it.
    ssr: { noExternal: ['redux-persist'] },
  });
  const { renderPage, PRERENDERED_PATHS, renderSignedInShell, SIGNED_IN_SHELL_PATHS } = await import(
    pathToFileURL(path.join(outDir, 'prerender.js')).href
  );
  const pages = {};
  for (const page of PRERENDERED_PATHS) pages[page] = await renderPage(page);
  // `node scripts/prerender.mjs <file>` writes elsewhere (the hydration test reads the pages that way).
  const target = process.argv[2]
    ? path.resolve(process.argv[2])
    : path.join(webRoot, 'dist', '.vite', 'prerendered.json');
  writeFileSync(target, `${JSON.stringify(pages)}\n`);
  console.log(`prerendered ${Object.keys(pages).length} pages into ${path.relative(webRoot, target)}`);
  // The signed-in pages' first views (frame and heading), beside the pages: `{ path: { html, page } }`,
  // `page` the page's module (the server inlines its stylesheet): a name that is not a file fails here.
  const shells = {};
  for (const route of SIGNED_IN_SHELL_PATHS) {
    shells[route] = await renderSignedInShell(route);
    if (!existsSync(path.join(webRoot, shells[route].page))) {
      throw new Error(`${route}'s first view names ${shells[route].page}, which is not a file.`);
    }
  }
  const shellsTarget = path.join(path.dirname(target), 'signed-in-shells.json');
  writeFileSync(shellsTarget, `${JSON.stringify(shells)}\n`);
  console.log(
    `drew ${Object.keys(shells).length} signed-in first views into ${path.relative(webRoot, shellsTarget)}`,
  );
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
