import { brokerConnections, newId, type UserRow } from '@candlewise/db';
import type { ConnectBrokerInput } from '@candlewise/shared';
import { sql } from 'drizzle-orm';
import { assertCanSyncBroker } from './assert-can-sync-broker.ts';
import type { BrokerConnectionRow } from './broker-connection-view.ts';
import { type BrokerDeps, credentialBinding } from './broker-deps.ts';
import { encryptCredentials } from './credential-cipher.ts';

/**
 * Checks the credentials with the broker, then saves them encrypted. Connecting a broker again
 * replaces its credentials (one connection per user and broker, decided by a unique index).
 */
export async function connectBroker(
  deps: BrokerDeps,
  user: UserRow,
  input: { broker: ConnectBrokerInput['broker']; fields: Record<string, string> },
): Promise<BrokerConnectionRow> {
  assertCanSyncBroker(user);
  const adapter = deps.adapters[input.broker];
  // Only the fields the broker describes are kept; a choice left out takes its first option.
  const values: Record<string, string> = {};
  for (const field of adapter.describe().fields) {
    const value =
      input.fields[field.name]?.trim() || (field.type === 'choice' ? field.options?.[0]?.value : '');
    if (value) values[field.name] = value;
  }
  const summary = await adapter.connect(values, { db: deps.db, userId: user.id });
  const credentials = encryptCredentials(deps.appSecret, credentialBinding(user.id, input.broker), values);
  const now = new Date();
  const [row] = await deps.db
    .insert(brokerConnections)
    .values({
      id: newId(now),
      userId: user.id,
      broker: input.broker,
      credentials,
      summary,
      status: 'connected',
    })
    .onConflictDoUpdate({
      target: [brokerConnections.userId, brokerConnections.broker],
      set: {
        credentials,
        summary,
        status: 'connected',
        lastError: null,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  return row;
}
