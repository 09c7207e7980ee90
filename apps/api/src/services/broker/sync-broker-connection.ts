import { brokerConnections, brokerFills, type DbExecutor, journalExecutions } from '@candlewise/db';
import type { ImportedExecution } from '@candlewise/shared';
import { and, eq, max, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { alpacaInstrument } from '../../providers/broker/alpaca-broker.ts';
import {
  BrokerAuthError,
  type BrokerCredentials,
  type BrokerFill,
  BrokerTokenExpiredError,
} from '../../providers/broker/broker-adapter.ts';
import { recordExecutions } from '../journal/record-executions.ts';
import { syncPaperTrades } from '../journal/sync-paper-trades.ts';
import { notify } from '../notifications/notify.ts';
import type { BrokerConnectionRow } from './broker-connection-view.ts';
import { type BrokerDeps, credentialBinding } from './broker-deps.ts';
import { decryptCredentials } from './credential-cipher.ts';

/**
 * Each sync re-reads the week before the newest stored fill: a broker may report a fill days after
 * it executed (Alpaca lists late fills by their execution time), and a sync that started at the
 * newest fill would never see them. Fills read again are known by their ids and add nothing.
 */
export const LATE_REPORT_WINDOW_MS = 7 * 86_400_000;

export type SyncResult = { fetched: number; imported: number; connection: BrokerConnectionRow };

/**
 * The journal account of a connection's fills: the connection and its environment, so an Alpaca
 * connection switched from paper keys to live keys never pairs a paper fill with a live one.
 */
export function brokerJournalAccount(connectionId: string, credentials: BrokerCredentials): string {
  return `${connectionId}:${credentials.environment?.trim() || 'live'}`;
}

function toExecution(account: string, fill: BrokerFill): ImportedExecution {
  return {
    line: null,
    identity: fill.id,
    account,
    symbol: fill.symbol,
    assetClass: fill.assetClass,
    side: fill.side,
    quantity: fill.quantity,
    price: fill.price,
    fee: fill.fee,
    currency: fill.currency,
    multiplier: fill.multiplier ?? 1,
    executedAt: fill.time,
    brokerTradeId: fill.id,
    shortSale: fill.shortSale ?? false,
    marketZone: fill.marketZone ?? null,
  };
}

/**
 * Fills stored by syncs before the journal kept executions (broker_fills): read into the account
 * once, in the same transaction that empties them.
 */
async function takeLegacyFills(db: DbExecutor, connection: BrokerConnectionRow, account: string) {
  const legacy = await db.select().from(brokerFills).where(eq(brokerFills.connectionId, connection.id));
  return legacy.map((fill) =>
    toExecution(account, {
      id: fill.brokerFillId,
      symbol: fill.symbol,
      side: fill.side,
      quantity: fill.quantity,
      price: fill.price,
      fee: fill.fee,
      time: fill.executedAt,
      currency: connection.broker === 'alpaca' ? 'USD' : 'INR',
      ...(connection.broker === 'alpaca' ? alpacaInstrument(fill.symbol) : { assetClass: 'stock' as const }),
    }),
  );
}

/** What to do about a token past its expiry: renew on the broker's page, or paste a new one. */
function expiredMessage(name: string, connection: BrokerConnectionRow): string {
  return connection.authMethod === 'consent'
    ? `Your ${name} access token expired (they last 24 hours). Press Renew access on the Connect Broker page and sign in on ${name} to keep importing trades.`
    : `Your ${name} access token expired (they last 24 hours). Generate a new one and connect again on the Connect Broker page to keep importing trades.`;
}

/**
 * Imports a connection's fills into the journal as verified trades, idempotently: fetched fills are
 * stored as executions of the connection's account (unique by identity; a fee reported later
 * replaces the stored one) and the account's trades are rebuilt from all its fills, so a trade that
 * straddles two syncs is whole, syncing twice adds nothing, and a sale of shares bought before the
 * first synced day is held back until the learner enters opening holdings. A broker refusing the
 * saved credentials marks the connection for reconnection and tells the user once. Pro is checked
 * by the callers (the route and the periodic job).
 */
export async function syncBrokerConnection(
  deps: BrokerDeps,
  connection: BrokerConnectionRow,
): Promise<SyncResult> {
  const { db } = deps;
  const adapter = deps.adapters[connection.broker];
  const context = { db, userId: connection.userId, log: deps.log };
  const name = adapter.describe().name;
  try {
    // A token past the expiry the broker gave is dead: no call is made with it.
    if (connection.tokenExpiresAt && connection.tokenExpiresAt.getTime() <= Date.now()) {
      throw new BrokerTokenExpiredError(expiredMessage(name, connection));
    }
    const credentials = decryptCredentials(
      deps.appSecret,
      credentialBinding(connection.userId, connection.broker),
      connection.credentials,
    );
    let fetched: number;
    let imported: number;
    if (adapter.journalSource === 'paper') {
      // The engine keeps every paper fill: the journal's own competition import reads the new ones.
      const result = await syncPaperTrades(db, connection.userId);
      fetched = result.fetched;
      imported = result.added;
    } else {
      const account = brokerJournalAccount(connection.id, credentials);
      const [newest] = await db
        .select({ executedAt: max(journalExecutions.executedAt) })
        .from(journalExecutions)
        .where(
          and(
            eq(journalExecutions.userId, connection.userId),
            eq(journalExecutions.source, 'broker'),
            eq(journalExecutions.account, account),
          ),
        );
      const since = newest?.executedAt ? new Date(newest.executedAt.getTime() - LATE_REPORT_WINDOW_MS) : null;
      const fills = await adapter.fillsSince(credentials, since, context);
      fetched = fills.length;
      const recorded = await db.transaction(async (tx) => {
        const legacy = await takeLegacyFills(tx, connection, account);
        if (legacy.length) await tx.delete(brokerFills).where(eq(brokerFills.connectionId, connection.id));
        return recordExecutions(tx, {
          userId: connection.userId,
          source: 'broker',
          executions: [...legacy, ...fills.map((fill) => toExecution(account, fill))],
          originOf: () => connection.id,
        });
      });
      imported = recorded.addedTrades;
    }
    const summary = await adapter.accountSummary(credentials, context);
    // The broker's word on the token's expiry, when it gives one; a changed expiry is a new token.
    const tokenExpiresAt = (await adapter.tokenExpiry?.(credentials, context)) ?? connection.tokenExpiresAt;
    const expiryChanged = tokenExpiresAt?.getTime() !== connection.tokenExpiresAt?.getTime();
    const [updated] = await db
      .update(brokerConnections)
      .set({
        status: 'connected',
        summary,
        tokenExpiresAt,
        ...(expiryChanged ? { expiryRemindedAt: null } : {}),
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
        const renew = connection.authMethod === 'consent';
        await notify(db, deps.bus, {
          userId: connection.userId,
          kind: 'broker_reconnect',
          title: renew ? `Renew ${name} access` : `Reconnect ${name}`,
          message:
            error instanceof BrokerTokenExpiredError
              ? `Your ${name} access token expired, so your trades are not being imported. ${renew ? 'Renew access' : 'Generate a new token and connect again'} on the Connect Broker page.`
              : `${name} no longer accepts the saved credentials, so your trades are not being imported. Connect it again on the Connect Broker page.`,
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
