import { brokerConnections, brokerFills } from '@candlewise/db';
import { type Execution, executionsToRoundTrips } from '@candlewise/shared';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { BrokerAuthError, type BrokerFill } from '../../providers/broker/broker-adapter.ts';
import { recordRoundTrips } from '../journal/record-round-trips.ts';
import { notify } from '../notifications/notify.ts';
import type { BrokerConnectionRow } from './broker-connection-view.ts';
import { type BrokerDeps, credentialBinding } from './broker-deps.ts';
import { decryptCredentials } from './credential-cipher.ts';

/** Re-fetch a day before the newest stored fill: late-reported fills are caught, none is stored twice. */
const OVERLAP_MS = 86_400_000;

export type SyncResult = { fetched: number; imported: number; connection: BrokerConnectionRow };

/**
 * Imports a connection's fills into the journal as verified round trips, idempotently: fetched
 * fills are stored (unique per connection and broker fill id) and the trades are rebuilt from all
 * stored fills, so a trade that straddles two syncs is still whole, and syncing twice adds nothing.
 * A broker refusing the saved credentials marks the connection for reconnection and tells the
 * user once. Pro is checked by the callers (the route and the periodic job).
 */
export async function syncBrokerConnection(
  deps: BrokerDeps,
  connection: BrokerConnectionRow,
): Promise<SyncResult> {
  const { db } = deps;
  const adapter = deps.adapters[connection.broker];
  const context = { db, userId: connection.userId };
  try {
    const credentials = decryptCredentials(
      deps.appSecret,
      credentialBinding(connection.userId, connection.broker),
      connection.credentials,
    );
    let fetched: number;
    let imported: number;
    if (adapter.journalSource === 'paper') {
      // The engine keeps every paper fill: read them all and rebuild, per account and symbol.
      const fills = await adapter.fillsSince(credentials, null, context);
      const multipliers = new Map(fills.map((fill) => [fill.symbol, fill.multiplier ?? 1]));
      const trips = executionsToRoundTrips(fills, {
        key: (execution: Execution) => `${(execution as BrokerFill).account}:${execution.symbol}`,
        multiplier: (symbol) => multipliers.get(symbol) ?? 1,
      });
      fetched = fills.length;
      imported = await recordRoundTrips(db, {
        userId: connection.userId,
        source: 'paper',
        origin: connection.id,
        trips,
      });
    } else {
      const [newest] = await db
        .select({ executedAt: brokerFills.executedAt })
        .from(brokerFills)
        .where(eq(brokerFills.connectionId, connection.id))
        .orderBy(desc(brokerFills.executedAt))
        .limit(1);
      const since = newest ? new Date(newest.executedAt.getTime() - OVERLAP_MS) : null;
      const fills = await adapter.fillsSince(credentials, since, context);
      fetched = fills.length;
      for (let start = 0; start < fills.length; start += 500) {
        await db
          .insert(brokerFills)
          .values(
            fills.slice(start, start + 500).map((fill) => ({
              connectionId: connection.id,
              brokerFillId: fill.id,
              symbol: fill.symbol,
              side: fill.side,
              quantity: fill.quantity,
              price: fill.price,
              fee: fill.fee,
              executedAt: fill.time,
            })),
          )
          .onConflictDoNothing({ target: [brokerFills.connectionId, brokerFills.brokerFillId] });
      }
      const stored = await db
        .select()
        .from(brokerFills)
        .where(eq(brokerFills.connectionId, connection.id))
        .orderBy(asc(brokerFills.executedAt));
      const trips = executionsToRoundTrips(
        stored.map((fill) => ({
          id: fill.brokerFillId,
          symbol: fill.symbol,
          side: fill.side,
          quantity: fill.quantity,
          price: fill.price,
          fee: fill.fee,
          time: fill.executedAt,
        })),
      );
      imported = await recordRoundTrips(db, {
        userId: connection.userId,
        source: 'broker',
        origin: connection.id,
        trips,
      });
    }
    const summary = await adapter.accountSummary(credentials, context);
    const [updated] = await db
      .update(brokerConnections)
      .set({
        status: 'connected',
        summary,
        lastSyncAt: new Date(),
        lastSyncResult: 'ok',
        lastSyncImported: imported,
        lastError: null,
        updatedAt: sql`now()`,
      })
      .where(eq(brokerConnections.id, connection.id))
      .returning();
    return { fetched, imported, connection: updated ?? connection };
  } catch (error) {
    const message =
      error instanceof AppError ? error.message : 'The sync failed unexpectedly. Try again in a few minutes.';
    const needsReconnect = error instanceof BrokerAuthError;
    const failed = {
      lastSyncAt: new Date(),
      lastSyncResult: 'failed' as const,
      lastError: message,
      updatedAt: sql`now()`,
    };
    if (needsReconnect) {
      // Only the sync that flips the status notifies: two racing syncs tell the user once.
      const flipped = await db
        .update(brokerConnections)
        .set({ ...failed, status: 'needs_reconnect' })
        .where(and(eq(brokerConnections.id, connection.id), eq(brokerConnections.status, 'connected')))
        .returning({ id: brokerConnections.id });
      if (flipped.length) {
        const name = adapter.describe().name;
        await notify(db, deps.bus, {
          userId: connection.userId,
          kind: 'broker_reconnect',
          title: `Reconnect ${name}`,
          message: `${name} no longer accepts the saved credentials, so your trades are not being imported. Connect it again on the Connect Broker page.`,
          link: '/connectbroker',
        });
      } else {
        await db.update(brokerConnections).set(failed).where(eq(brokerConnections.id, connection.id));
      }
    } else {
      await db.update(brokerConnections).set(failed).where(eq(brokerConnections.id, connection.id));
    }
    throw error;
  }
}
