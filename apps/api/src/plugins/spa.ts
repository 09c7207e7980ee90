import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
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
  if (hasBuild) {
    indexHtml = readFileSync(indexFile, 'utf8').replaceAll(
      '__CW_PRODUCTS_URL__',
      escapeAttribute(options.config.productsUrl),
    );
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
    return reply
      .code(200)
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(indexHtml);
  });
});

function escapeAttribute(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}
