import { brokerConnections, type DbExecutor } from '@candlewise/db';
import type { BrokerAccountSummary, BrokerConnectionView } from '@candlewise/shared';
import { and, asc, eq } from 'drizzle-orm';
import { notFound } from '../../lib/app-error.ts';
import type { BrokerAdapters } from '../../providers/broker/broker-adapter.ts';

export type BrokerConnectionRow = typeof brokerConnections.$inferSelect;

/** A connection as the API shows it: everything but the credentials. */
export function toConnectionView(adapters: BrokerAdapters, row: BrokerConnectionRow): BrokerConnectionView {
  return {
    _id: row.id,
    broker: row.broker,
    brokerName: adapters[row.broker].describe().name,
    status: row.status,
    summary: (row.summary as BrokerAccountSummary | null) ?? null,
    lastSyncAt: row.lastSyncAt?.toISOString() ?? null,
    lastSyncResult: row.lastSyncResult ?? null,
    lastSyncImported: row.lastSyncImported ?? null,
    lastError: row.lastError ?? null,
    tokenExpiresAt: row.tokenExpiresAt?.toISOString() ?? null,
    authMethod: row.authMethod,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listBrokerConnections(db: DbExecutor, userId: string): Promise<BrokerConnectionRow[]> {
  return db
    .select()
    .from(brokerConnections)
    .where(eq(brokerConnections.userId, userId))
    .orderBy(asc(brokerConnections.createdAt));
}

/** The caller's connection; another user's id is answered exactly like an unknown one (404). */
export async function findMyConnection(db: DbExecutor, userId: string, connectionId: string) {
  const [row] = await db
    .select()
    .from(brokerConnections)
    .where(and(eq(brokerConnections.id, connectionId), eq(brokerConnections.userId, userId)));
  if (!row) throw notFound('We could not find that broker connection. It may have been disconnected.');
  return row;
}
