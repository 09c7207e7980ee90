import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';

const healthSchema = z.object({
  success: z.literal(true),
  data: z.object({
    status: z.literal('ok'),
    database: z.object({ engine: z.enum(['pglite', 'postgres']), reachable: z.literal(true) }),
    /** Whether this process runs the market and the competitions (exactly one does). */
    tradingEngine: z.enum(['leader', 'follower']),
    /** The engine's clock: how long a tick takes, how far behind it runs, what waits to be loaded. */
    engine: z.object({
      role: z.enum(['leader', 'follower']),
      epoch: z.number(),
      lastTickMs: z.number(),
      lagMs: z.number(),
      skippedTicks: z.number(),
      failedTicks: z.number(),
      reloadQueue: z.number(),
    }),
    /** The order desk of this process: orders waiting, the last batch and how long the oldest waits. */
    orders: z.object({
      queued: z.number(),
      lastBatch: z.number(),
      lastBatchMs: z.number(),
      oldestWaitMs: z.number(),
    }),
    uptimeSeconds: z.number(),
  }),
});

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['platform'],
        summary: 'Liveness and database reachability',
        response: { 200: healthSchema },
      },
    },
    async () => {
      try {
        await app.database.ping();
      } catch (error) {
        app.log.error({ err: error }, 'health check: database unreachable');
        throw new AppError(503, 'SERVICE_UNAVAILABLE', 'The database is not reachable right now.');
      }
      return {
        success: true as const,
        data: {
          status: 'ok' as const,
          database: { engine: app.database.engine, reachable: true as const },
          tradingEngine: app.tradingEngine.isLeader ? ('leader' as const) : ('follower' as const),
          engine: app.tradingEngine.status(),
          orders: app.orderDesk.status(),
          uptimeSeconds: Math.round(process.uptime()),
        },
      };
    },
  );
};
