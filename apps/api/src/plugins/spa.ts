import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config.ts';
import { sendApiNotFound } from './error-handler.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app from the same origin: hashed assets cached for a year (precompressed
 * .br/.gz siblings are used when the browser accepts them), index.html never cached and sent for
 * every non-/api path so client-side routes survive a reload. Without a build, non-API paths say so.
 */
export const spaPlugin = fp(async (app: FastifyInstance, options: { config: AppConfig }) => {
  const distDir = options.config.webDistDir;
  const indexFile = path.join(distDir, 'index.html');
  const hasBuild = existsSync(indexFile);

  let indexHtml: string | null = null;
  let pages = new Map<string, IndexVariant>();
  if (hasBuild) {
    indexHtml = readFileSync(indexFile, 'utf8').replaceAll(
      '__CW_PRODUCTS_URL__',
      escapeAttribute(options.config.productsUrl),
    );
    pages = buildPageVariants(distDir, indexHtml);
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // @fastify/static 10 passes the Fastify reply here.
      setHeaders: (reply: { header(name: string, value: string): unknown }, filePath: string) => {
        const relative = path.relative(distDir, filePath);
        reply.header(
          'Cache-Control',
          relative.startsWith(`assets${path.sep}`) ? IMMUTABLE : 'public, max-age=3600',
        );
      },
    });
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0];
    if (pathname === '/api' || pathname.startsWith('/api/')) return sendApiNotFound(request, reply);
    if (request.method !== 'GET' && request.method !== 'HEAD') return sendApiNotFound(request, reply);
    // A missing hashed asset must be a 404, not the HTML page (the browser would try to run it).
    if (pathname.startsWith('/assets/') || path.extname(pathname) !== '') {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
    }
    if (!indexHtml) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send(
          'The web app is not built yet. Run `npm run build` (or `npm start`, which builds when needed).',
        );
    }
    const variant = pages.get(pathname) ?? pages.get('*')!;
    const accepts = String(request.headers['accept-encoding'] ?? '');
    reply
      .code(200)
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Accept-Encoding')
      .type('text/html; charset=utf-8');
    if (/\bbr\b/.test(accepts)) return reply.header('Content-Encoding', 'br').send(variant.br);
    if (/\bgzip\b/.test(accepts)) return reply.header('Content-Encoding', 'gzip').send(variant.gzip);
    return reply.send(variant.html);
  });
});

type IndexVariant = { html: string; gzip: Buffer; br: Buffer };

/** The pages a visitor most often lands on first, by path, with the module that renders each. */
const FIRST_PAGES: Record<string, string> = {
  '/': 'src/features/marketing/routes/landing.tsx',
  '/login': 'src/features/auth/routes/login.tsx',
  '/signup': 'src/features/auth/routes/signup.tsx',
  '/auth': 'src/features/auth/routes/auth.tsx',
  '/pricing': 'src/features/subscriptions/routes/pricing.tsx',
  '/contact': 'src/features/contact/routes/contact.tsx',
};

/**
 * index.html once per first page, with <link rel="modulepreload"> for that page's own chunks: they
 * download beside the entry instead of after it (one round-trip less before the first paint).
 * Compressed once here, not per request.
 */
function buildPageVariants(distDir: string, indexHtml: string): Map<string, IndexVariant> {
  const compress = (html: string): IndexVariant => ({
    html,
    gzip: gzipSync(html, { level: 9 }),
    br: brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
  });
  const variants = new Map<string, IndexVariant>([['*', compress(indexHtml)]]);
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return variants;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<
    string,
    { file: string; imports?: string[]; isEntry?: boolean; css?: string[] }
  >;
  const collect = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const next of chunk.imports ?? []) collect(next, into);
  };
  const entryFiles = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) collect(key, entryFiles);
  for (const [route, source] of Object.entries(FIRST_PAGES)) {
    if (!manifest[source]) continue;
    const files = new Set<string>();
    collect(source, files);
    const links = [...files]
      .filter((file) => !entryFiles.has(file))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
    const styles = (manifest[source].css ?? []).map(
      (file) => `<link rel="preload" as="style" href="/${file}">`,
    );
    variants.set(route, compress(indexHtml.replace('</head>', `${[...links, ...styles].join('')}</head>`)));
  }
  return variants;
}

function escapeAttribute(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}
