import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * One live code per user and purpose (a resend replaces it). Only a hash is stored; a code dies
 * after 10 minutes, 5 wrong attempts, or its first successful use.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', {
      enum: ['email_confirmation', 'phone_confirmation', 'password_reset'],
    }).notNull(),
    /** The address or number the code was sent to: confirming it confirms exactly that target. */
    target: text('target').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('verification_codes_user_purpose_unique').on(table.userId, table.purpose),
    index('verification_codes_expires_idx').on(table.expiresAt),
  ],
);
