import { index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const money = (name: string) => numeric(name, { precision: 20, scale: 6, mode: 'number' });

/**
 * A learner's link to a broker (docs/architecture.md §Broker connection). One per user and broker: connecting again replaces
 * the credentials. `credentials` holds only ciphertext (AES-256-GCM, see credential-cipher.ts).
 */
export const brokerConnections = pgTable(
  'broker_connections',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    broker: text('broker', { enum: ['paper', 'alpaca', 'dhan'] }).notNull(),
    /** `v1:<iv>:<tag>:<ciphertext>` in base64; empty for the paper broker (no credentials). */
    credentials: text('credentials').notNull(),
    status: text('status', { enum: ['connected', 'needs_reconnect'] })
      .notNull()
      .default('connected'),
    /** The account as the broker last reported it (no secrets). */
    summary: jsonb('summary'),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    lastSyncResult: text('last_sync_result', { enum: ['ok', 'failed'] }),
    lastSyncImported: integer('last_sync_imported'),
    lastError: text('last_error'),
    /** 'consent': signed in on the broker's page (Dhan's API key flow), so access can be renewed there. */
    authMethod: text('auth_method', { enum: ['form', 'consent'] })
      .notNull()
      .default('form'),
    /** When the access token stops working, as the broker last said (Dhan: 24 hours); null: no expiry. */
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    /** When the "your token expires soon" reminder went out for this token; cleared when it changes. */
    expiryRemindedAt: timestamp('expiry_reminded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('broker_connections_user_broker_unique').on(table.userId, table.broker)],
);

/**
 * A sign-in on the broker's own page that is under way (Dhan's consent): the app key and secret the
 * learner entered (ciphertext, like `broker_connections.credentials`) and the broker's consent id,
 * until the broker sends the learner back. One per user: starting again replaces it.
 */
export const brokerSignIns = pgTable('broker_sign_ins', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  broker: text('broker', { enum: ['paper', 'alpaca', 'dhan'] }).notNull(),
  credentials: text('credentials').notNull(),
  consentId: text('consent_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every fill a sync fetched, kept so a round trip that straddles two syncs is still rebuilt whole:
 * trades are always rebuilt from all stored fills of the connection, idempotently.
 */
export const brokerFills = pgTable(
  'broker_fills',
  {
    connectionId: text('connection_id')
      .notNull()
      .references(() => brokerConnections.id, { onDelete: 'cascade' }),
    brokerFillId: text('broker_fill_id').notNull(),
    symbol: text('symbol').notNull(),
    side: text('side', { enum: ['buy', 'sell'] }).notNull(),
    quantity: money('quantity').notNull(),
    price: money('price').notNull(),
    fee: money('fee').notNull().default(0),
    executedAt: timestamp('executed_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('broker_fills_connection_fill_unique').on(table.connectionId, table.brokerFillId),
    index('broker_fills_connection_time_idx').on(table.connectionId, table.executedAt),
  ],
);
