import { brokerConnections, journalExecutions } from '@candlewise/db';
import { and, eq, like } from 'drizzle-orm';
import { findMyConnection } from './broker-connection-view.ts';
import { type BrokerDeps, credentialBinding } from './broker-deps.ts';
import { decryptCredentials } from './credential-cipher.ts';

/**
 * Ends a connection: the broker is told where it can be, then the credentials and the fills synced
 * from it are deleted. Trades already in the journal stay: they are the learner's history (a later
 * connection's sync takes them over by their opening fill).
 */
export async function disconnectBroker(
  deps: BrokerDeps,
  userId: string,
  connectionId: string,
): Promise<void> {
  const connection = await findMyConnection(deps.db, userId, connectionId);
  try {
    const credentials = decryptCredentials(
      deps.appSecret,
      credentialBinding(userId, connection.broker),
      connection.credentials,
    );
    await deps.adapters[connection.broker].disconnect(credentials, { db: deps.db, userId });
  } catch {
    // An unreachable broker or an unreadable secret must not keep the credentials stored here.
  }
  await deps.db.transaction(async (tx) => {
    await tx
      .delete(journalExecutions)
      .where(
        and(
          eq(journalExecutions.userId, userId),
          eq(journalExecutions.source, 'broker'),
          like(journalExecutions.account, `${connectionId}:%`),
        ),
      );
    await tx
      .delete(brokerConnections)
      .where(and(eq(brokerConnections.id, connectionId), eq(brokerConnections.userId, userId)));
  });
}
