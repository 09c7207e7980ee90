import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const apiPort = process.env.API_PORT ?? '3001';

/** Writes .br and .gz beside each text asset so the server sends them without compressing per request. */
function precompress(): Plugin {
  let outDir = '';
  let ssrBuild = false;
  return {
    name: 'candlewise-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      ssrBuild = Boolean(config.build.ssr);
    },
    closeBundle() {
      // The Node build of src/prerender.tsx (scripts/prerender.mjs) is not served.
      if (ssrBuild) return;
      inlineEntryStylesheet(outDir);
      const walk = (folder: string): string[] =>
        readdirSync(folder).flatMap((name) => {
          const full = path.join(folder, name);
          return statSync(full).isDirectory() ? walk(full) : [full];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|css|svg|json|txt|webmanifest)$/.test(file) || statSync(file).size < 1024) continue;
        const content = readFileSync(file);
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

/**
 * `vite dev` serves sources as ES modules, so src/app/load-renderer.cjs (a CommonJS `require` that
 * defers React DOM's evaluation in the build) is given to it as the same function over an ES import.
 */
function rendererAsEsModuleInDev(): Plugin {
  return {
    name: 'candlewise-renderer-in-dev',
    apply: 'serve',
    transform(_code, id) {
      if (!id.endsWith('/src/app/load-renderer.cjs')) return null;
      return "import * as client from 'react-dom/client';\nexport const loadRenderer = () => client;\n";
    },
  };
}

const reactRouterProduction = fileURLToPath(
  new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

/**
 * The entry stylesheet (tokens, public layout, footer: a few KB) goes inside index.html, so the first
 * paint does not wait for one more request (Lighthouse's render-blocking audit). Its <link> stays,
 * disabled (never fetched nor applied), so that the preload helper, which looks for a stylesheet link
 * with a chunk's CSS address before inserting its own, does not fetch it again when a lazy chunk
 * names it (the signed-in area's did, and waited for it; apps/api/src/plugins/spa.ts marks a page's
 * inlined stylesheets the same way).
 */
function inlineEntryStylesheet(outDir: string): void {
  const indexFile = path.join(outDir, 'index.html');
  const html = readFileSync(indexFile, 'utf8');
  const link = html.match(/<link rel="stylesheet"[^>]*href="\/(assets\/index-[\w-]+\.css)"[^>]*>/);
  if (!link) return;
  const css = readFileSync(path.join(outDir, link[1]), 'utf8').replaceAll('</style', '<\\/style');
  writeFileSync(
    indexFile,
    html.replace(link[0], `<style>${css}</style><link rel="stylesheet" href="/${link[1]}" disabled>`),
  );
}

export default defineConfig(({ mode }) => ({
  plugins: [react(), precompress(), rendererAsEsModuleInDev()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // react-router's package exports only point at its development build (with dev warnings);
      // the production build it also ships is smaller and keeps / and /login under 100 KB.
      ...(mode === 'production' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : []),
    ],
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: { '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 1500,
    // A lazy chunk's own imports are found only once it has been parsed, and theirs after that: the
    // frame (antd) was 11 round trips deep. With a preload list, one import fetches the whole
    // closure at once. The lists sit where the import is written: the entry's (every public page
    // loads it) stay empty to keep / and /login under 100 KB, and the signed-in pages are imported
    // from their own small chunk (src/app/signed-in-pages.ts), whose lists are complete.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_filename, deps, { hostId, hostType }) =>
        hostType === 'js' && /^assets\/index-[\w-]+\.js$/.test(hostId) ? [] : deps,
    },
  },
}));
