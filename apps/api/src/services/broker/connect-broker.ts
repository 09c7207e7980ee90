import { brokerConnections, newId, type UserRow } from '@candlewise/db';
import type {
  BrokerAccountSummary,
  BrokerAuthMethod,
  BrokerId,
  ConnectBrokerInput,
} from '@candlewise/shared';
import { sql } from 'drizzle-orm';
import type { BrokerCredentials } from '../../providers/broker/broker-adapter.ts';
import { assertCanSyncBroker } from './assert-can-sync-broker.ts';
import type { BrokerConnectionRow } from './broker-connection-view.ts';
import { type BrokerDeps, credentialBinding } from './broker-deps.ts';
import { encryptCredentials } from './credential-cipher.ts';

/**
 * Saves checked credentials encrypted, with how they were obtained and until when the token works.
 * One connection per user and broker (a unique index decides): connecting again replaces the
 * credentials and keeps the connection, its id and the fills synced under it. A new token gets its
 * own expiry reminder.
 */
export async function saveBrokerConnection(
  deps: BrokerDeps,
  userId: string,
  broker: BrokerId,
  values: BrokerCredentials,
  summary: BrokerAccountSummary,
  access: { authMethod: BrokerAuthMethod; tokenExpiresAt: Date | null },
): Promise<BrokerConnectionRow> {
  const credentials = encryptCredentials(deps.appSecret, credentialBinding(userId, broker), values);
  const [row] = await deps.db
    .insert(brokerConnections)
    .values({
      id: newId(new Date()),
      userId,
      broker,
      credentials,
      summary,
      status: 'connected',
      authMethod: access.authMethod,
      tokenExpiresAt: access.tokenExpiresAt,
    })
    .onConflictDoUpdate({
      target: [brokerConnections.userId, brokerConnections.broker],
      set: {
        credentials,
        summary,
        status: 'connected',
        lastError: null,
        authMethod: access.authMethod,
        tokenExpiresAt: access.tokenExpiresAt,
        expiryRemindedAt: null,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  return row;
}

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
  const context = { db: deps.db, userId: user.id, log: deps.log };
  const summary = await adapter.connect(values, context);
  const tokenExpiresAt = (await adapter.tokenExpiry?.(values, context)) ?? null;
  return saveBrokerConnection(deps, user.id, input.broker, values, summary, {
    authMethod: 'form',
    tokenExpiresAt,
  });
}
