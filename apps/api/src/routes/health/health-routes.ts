import { healthContract } from '@candlewise/shared/health/health-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['platform'],
        summary: 'Liveness and database reachability',
        response: { 200: healthContract.getHealth.response },
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
