import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { AppConfig } from '../config.ts';
import { FIRST_READS_SCRIPT_HASH, PRERENDER_HEAD_SCRIPT_HASH } from './prerender-head.ts';

/**
 * Helmet with a Content-Security-Policy the SPA works under: scripts only from our origin; inline
 * styles allowed because Ant Design injects its CSS-in-JS at run time; the lesson player embeds
 * YouTube; images may come from https (course thumbnails) and data/blob URLs (previews).
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance, options: { config: AppConfig }) => {
  const https = options.config.publicUrl.startsWith('https://');
  // Built once: @fastify/helmet rebuilt this middleware (re-parsing every CSP directive) on each
  // request, about 6 % of a cached read's CPU. The middleware only sets headers on the response.
  const setHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Our scripts, plus two inline ones by their hashes: the head script of the pages rendered
        // ahead of time and the first reads of the signed-in pages (prerender-head.ts).
        scriptSrc: ["'self'", PRERENDER_HEAD_SCRIPT_HASH, FIRST_READS_SCRIPT_HASH],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ['https://www.youtube.com', 'https://www.youtube-nocookie.com'],
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    // The embedded YouTube player needs cross-origin frames and referrers to work.
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 15_552_000, includeSubDomains: true } : false,
  });
  const ignore = () => {};
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, ignore);
    done();
  });
});
