import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { AppError } from '../lib/app-error.ts';

/**
 * Rate limits are opt-in per route (`config.rateLimit`). With Redis they are shared by every API
 * process; without it each process counts alone, which is right for the single embedded server.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance, options: { redis?: Redis }) => {
  await app.register(rateLimit, {
    global: false,
    ...(options.redis ? { redis: options.redis, nameSpace: 'candlewise:rate-limit:' } : {}),
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new AppError(
        429,
        'RATE_LIMITED',
        `Too many requests. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`,
        undefined,
        { 'Retry-After': String(seconds) },
      );
    },
  });
});
