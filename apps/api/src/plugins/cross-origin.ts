import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Web apps on the origins named in CORS_ORIGINS may call the API: their preflights are answered and
 * their answers readable. Every other origin gets no Access-Control header, so its browser refuses.
 * Sessions travel in the Authorization header, not in cookies, so credentials mode stays off.
 */
export const crossOriginPlugin = fp(async (app: FastifyInstance, options: { origins: string[] }) => {
  if (!options.origins.length) return;
  const allowed = new Set(options.origins);
  await app.register(cors, {
    origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Accept', 'X-Requested-With', 'Last-Event-ID'],
    exposedHeaders: ['Retry-After', 'X-Request-Id', 'Content-Disposition'],
    credentials: false,
    maxAge: 600,
  });
});
