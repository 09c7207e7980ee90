import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A checkout started by a user. Completing it activates Pro exactly once: the update from
 * 'paid' to 'completed' succeeds for one request only, however many replay it.
 */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['local', 'stripe'] }).notNull(),
    /** open → paid (local card accepted) → completed (Pro activated); or expired. */
    status: text('status', { enum: ['open', 'paid', 'completed', 'expired'] })
      .notNull()
      .default('open'),
    amountInr: integer('amount_inr').notNull(),
    providerSubscriptionId: text('provider_subscription_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [index('checkout_sessions_user_idx').on(table.userId, table.createdAt)],
);

/** The provider's view of a user's Pro subscription (one per user). */
export const subscriptions = pgTable('subscriptions', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  provider: text('provider', { enum: ['local', 'stripe'] }).notNull(),
  providerCustomerId: text('provider_customer_id'),
  providerSubscriptionId: text('provider_subscription_id'),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  /** Unix seconds. */
  currentPeriodEnd: bigint('current_period_end', { mode: 'number' }).notNull(),
  /** When the "expires in 3 days" notice went out for this period (not twice). */
  expiryNoticeSentFor: bigint('expiry_notice_sent_for', { mode: 'number' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Provider webhook events already handled (de-duplicated by the provider's event id). */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A payment the provider confirmed: one row per checkout that activated Pro (and, with Stripe, per
 * paid renewal invoice). Written in the transaction that activates the plan; unique on the
 * provider's payment id, so a replayed checkout or webhook never records it twice. Who was billed
 * is copied at payment time: a receipt does not change when the profile does.
 */
export const payments = pgTable(
  'payments',
  {
    id: text('id').primaryKey(),
    /** The receipt number's sequence (CW-000001, …). */
    number: bigserial('number', { mode: 'number' }).notNull().unique('payments_number_unique'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['local', 'stripe'] }).notNull(),
    /** Stripe's invoice id (or the checkout session id when there is none); the local session id. */
    providerPaymentId: text('provider_payment_id').notNull(),
    checkoutSessionId: text('checkout_session_id').references(() => checkoutSessions.id, {
      onDelete: 'set null',
    }),
    plan: text('plan', { enum: ['Pro'] })
      .notNull()
      .default('Pro'),
    status: text('status', { enum: ['paid'] })
      .notNull()
      .default('paid'),
    /** In the currency's minor unit (paise for INR), as providers report it. */
    amountMinor: integer('amount_minor').notNull(),
    /** ISO 4217, upper case. */
    currency: text('currency').notNull(),
    /** The period the payment pays for, in Unix seconds. */
    periodStart: bigint('period_start', { mode: 'number' }),
    periodEnd: bigint('period_end', { mode: 'number' }),
    /** A summary such as 'Visa ending in 4242'; null when the provider did not say. */
    paymentMethod: text('payment_method'),
    billedName: text('billed_name'),
    billedEmail: text('billed_email').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payments_provider_payment_unique').on(table.provider, table.providerPaymentId),
    index('payments_user_idx').on(table.userId, table.paidAt),
  ],
);

export type PaymentRow = typeof payments.$inferSelect;
