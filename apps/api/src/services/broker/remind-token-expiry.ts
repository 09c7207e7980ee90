import { brokerConnections } from '@candlewise/db';
import { and, eq, isNull } from 'drizzle-orm';
import { notify } from '../notifications/notify.ts';
import type { BrokerConnectionRow } from './broker-connection-view.ts';
import type { BrokerDeps } from './broker-deps.ts';

/** A token that stops working within this long gets its one reminder (the job runs every 30 minutes). */
export const TOKEN_REMINDER_WINDOW_MS = 2 * 3_600_000;

/** "in about 2 hours", "in less than an hour". */
export function expiresIn(leftMs: number): string {
  if (leftMs < 45 * 60_000) return 'in less than an hour';
  const hours = Math.max(1, Math.round(leftMs / 3_600_000));
  return `in about ${hours} hour${hours === 1 ? '' : 's'}`;
}

/**
 * Tells the learner, once per token, that the broker's access token expires soon (Dhan's last 24
 * hours), with what to do. Race-free: only the process whose conditional update claims the reminder
 * (still not sent, same token, still connected) sends it. Returns whether it was sent.
 */
export async function remindTokenExpiry(
  deps: Pick<BrokerDeps, 'db' | 'bus' | 'adapters'>,
  connection: BrokerConnectionRow,
  now: Date = new Date(),
): Promise<boolean> {
  const expiresAt = connection.tokenExpiresAt;
  if (!expiresAt || connection.status !== 'connected' || connection.expiryRemindedAt) return false;
  const left = expiresAt.getTime() - now.getTime();
  if (left <= 0 || left > TOKEN_REMINDER_WINDOW_MS) return false;
  const claimed = await deps.db
    .update(brokerConnections)
    .set({ expiryRemindedAt: now })
    .where(
      and(
        eq(brokerConnections.id, connection.id),
        eq(brokerConnections.status, 'connected'),
        eq(brokerConnections.tokenExpiresAt, expiresAt),
        isNull(brokerConnections.expiryRemindedAt),
      ),
    )
    .returning({ id: brokerConnections.id });
  if (!claimed.length) return false;
  const name = deps.adapters[connection.broker].describe().name;
  await notify(deps.db, deps.bus, {
    userId: connection.userId,
    kind: 'broker_reconnect',
    title: `${name} access expires soon`,
    message:
      connection.authMethod === 'consent'
        ? `Your ${name} access token expires ${expiresIn(left)}. Press Renew access on the Connect Broker page to keep importing trades.`
        : `Your ${name} access token expires ${expiresIn(left)}. Generate a new one and reconnect to keep importing trades.`,
    link: '/connectbroker',
  });
  return true;
}
