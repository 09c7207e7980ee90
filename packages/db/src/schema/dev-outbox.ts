import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Mail and SMS as sent when no real transport is configured (development only; never in production). */
export const devOutbox = pgTable(
  'dev_outbox',
  {
    id: text('id').primaryKey(),
    to: text('to').notNull(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    subject: text('subject').notNull().default(''),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('dev_outbox_created_idx').on(table.createdAt)],
);
