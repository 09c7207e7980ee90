import { createRequire } from 'node:module';
import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { AppError } from '../lib/app-error.ts';
import { retryAfterSeconds, waitText } from '../lib/wait-text.ts';

export type LimitOptions = {
  /** Requests allowed per window for one key. */
  max: number;
  /** Window length in milliseconds. */
  windowMs: number;
  /** What is counted: an address, an account, an e-mail… (prefix it with the limit's name). */
  key: (request: FastifyRequest) => string;
  /** What the refusal says is too many (default "requests"), e.g. "orders". */
  what?: string;
};

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * A hook enforcing one limit. Several can guard one route (per address AND per account):
     * unlike the plugin's own route hook, each is counted on its own.
     */
    limit(options: LimitOptions): (request: FastifyRequest) => Promise<void>;
  }
}

function tooMany(ttlMs: number, what = 'requests') {
  const seconds = retryAfterSeconds(ttlMs);
  return new AppError(
    429,
    'RATE_LIMITED',
    `Too many ${what}. Please wait ${waitText(seconds)} and try again.`,
    undefined,
    { 'Retry-After': String(seconds) },
  );
}

type RedisStoreCtor = new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key: string,
) => FastifyRateLimitStore & { child(options: unknown): FastifyRateLimitStore };
const RedisStore = createRequire(import.meta.url)(
  '@fastify/rate-limit/store/RedisStore.js',
) as RedisStoreCtor;

/**
 * The plugin's Redis store, except for the limits made by `app.limit`: the plugin names each
 * child after its route's method and URL, which such a limit does not have (its keys read
 * `…rate-limit:undefinedundefined-signup:ip:…`); their keys already carry the limit's name.
 */
function namespacedRedisStore(redis: Redis, nameSpace: string): FastifyRateLimitStoreCtor {
  return class extends RedisStore {
    constructor() {
      super(false, false, redis, nameSpace);
    }
    override child(options: { routeInfo?: { method?: string; url?: string } }) {
      return options.routeInfo?.url ? super.child(options) : this;
    }
  } as unknown as FastifyRateLimitStoreCtor;
}

/**
 * Rate limits are opt-in per route. With Redis they are shared by every API process; without it
 * each process counts alone, which is right for the single embedded server.
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance, options: { redis?: Redis; prefix: string }) => {
    await app.register(rateLimit, {
      global: false,
      ...(options.redis
        ? { store: namespacedRedisStore(options.redis, `${options.prefix}rate-limit:`) }
        : {}),
      errorResponseBuilder: (_request, context) => tooMany(context.ttl),
    });

    app.decorate('limit', (limit: LimitOptions) => {
      const check = app.createRateLimit({
        max: limit.max,
        timeWindow: limit.windowMs,
        keyGenerator: limit.key,
      });
      return async (request: FastifyRequest) => {
        const result = await check(request);
        // isAllowed is true only for allow-listed keys; everything else is counted.
        if (!result.isAllowed && result.isExceeded) throw tooMany(result.ttl, limit.what);
      };
    });
  },
);
