import { brokerConnections, users } from '@candlewise/db';
import { canSyncBroker } from '@candlewise/shared';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { AdvisoryLeader } from '../../lib/advisory-leader.ts';
import { BrokerAuthError } from '../../providers/broker/broker-adapter.ts';
import type { BrokerDeps } from './broker-deps.ts';
import { remindTokenExpiry } from './remind-token-expiry.ts';
import { syncBrokerConnection } from './sync-broker-connection.ts';

/** With several API processes, the one holding this advisory lock runs the periodic sync. */
export const BROKER_SYNC_LOCK_KEY = 727_005;

/**
 * The periodic sync: every connected connection of a user who may sync (canSyncBroker), one after
 * another; then, for a token that expires within two hours, its one reminder. Returns null when
 * another process holds the lock and is running it.
 */
export async function runBrokerSyncJob(
  deps: BrokerDeps & { pool?: pg.Pool; log: FastifyBaseLogger },
): Promise<{ synced: number; failed: number; reminded: number } | null> {
  // The lead is held for one run: another process may run the next one.
  const leadership = new AdvisoryLeader({
    name: 'broker-sync',
    lockKey: BROKER_SYNC_LOCK_KEY,
    db: deps.db,
    pool: deps.pool,
    log: deps.log,
    retryMs: 60_000,
  });
  if (!(await leadership.tryLead())) return null;
  try {
    const rows = await deps.db
      .select({ connection: brokerConnections, user: users })
      .from(brokerConnections)
      .innerJoin(users, eq(users.id, brokerConnections.userId))
      .where(eq(brokerConnections.status, 'connected'));
    let synced = 0;
    let failed = 0;
    let reminded = 0;
    for (const { connection, user } of rows) {
      if (!canSyncBroker(user) || user.disabledAt) continue;
      // The sync refreshes the token's expiry; a sync that failed for another reason keeps the last one.
      let current = connection;
      try {
        current = (await syncBrokerConnection(deps, connection)).connection;
        synced++;
      } catch (error) {
        failed++;
        deps.log.warn(
          { connectionId: connection.id, broker: connection.broker, reason: (error as Error).message },
          'broker sync failed',
        );
        // A refused or expired token has just been marked for reconnection (and said so).
        if (error instanceof BrokerAuthError) continue;
      }
      try {
        if (await remindTokenExpiry(deps, current)) reminded++;
      } catch (error) {
        deps.log.warn(
          { connectionId: connection.id, reason: (error as Error).message },
          'broker token reminder failed',
        );
      }
    }
    return { synced, failed, reminded };
  } finally {
    await leadership.stop();
  }
}
