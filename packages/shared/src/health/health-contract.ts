import { z } from 'zod';
import { apiData, defineContract } from '../api/contract.ts';

/** Liveness (ADR 023): the process, its database, its engine clock and its order desk. */
export const healthContract = defineContract({
  getHealth: {
    method: 'GET',
    path: '/health',
    response: apiData(
      z.object({
        status: z.literal('ok'),
        database: z.object({ engine: z.enum(['pglite', 'postgres']), reachable: z.literal(true) }),
        /** Whether this process runs the market (exactly one does; the competitions spread over all). */
        tradingEngine: z.enum(['leader', 'follower']),
        /** The engine's clock: how long a tick takes, how far behind it runs, what waits to be loaded. */
        engine: z.object({
          /** 'leader' while this process holds the market's lease. */
          role: z.enum(['leader', 'follower']),
          epoch: z.number(),
          /** Competitions whose lease this process holds (each process runs its share). */
          competitions: z.number(),
          /** Engine processes alive at the last lease round. */
          processes: z.number(),
          lastTickMs: z.number(),
          lagMs: z.number(),
          skippedTicks: z.number(),
          failedTicks: z.number(),
          reloadQueue: z.number(),
          /** The last minute of ticks, one per slot of the second: a competition's tick is its slot's (issue #40). */
          ticks: z.object({
            samples: z.number(),
            p50Ms: z.number(),
            p99Ms: z.number(),
            maxMs: z.number(),
            planP99Ms: z.number(),
            persistP99Ms: z.number(),
            publishP99Ms: z.number(),
            /** The equity snapshot after a tick: its own transaction, the next tick waits for it. */
            snapshotP99Ms: z.number(),
          }),
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
    ),
  },
});
