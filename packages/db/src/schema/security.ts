import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Counters of guesses (wrong passwords), one row per key (an account, an address, a pair) and
 * window: raised atomically before the answer is known, so a burst gets no more answers than the
 * limit, on any number of processes (Redis holds them instead when REDIS_URL is set).
 */
export const attemptCounters = pgTable(
  'attempt_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('attempt_counters_window_idx').on(table.windowEndsAt)],
);

/**
 * Addresses an account signed in from successfully: when strangers exhaust the account's limit,
 * its owner's own addresses still get through.
 */
export const signInAddresses = pgTable(
  'sign_in_addresses',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.address] })],
);
