import { bigint, boolean, index, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Trading competitions ("groups" in the spec). */
export const groups = pgTable(
  'groups',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** Markdown. */
    description: text('description').notNull().default(''),
    startDate: timestamp('start_date', { withTimezone: true }),
    endDate: timestamp('end_date', { withTimezone: true }),
    /** Milliseconds an account stays frozen after breaching the threshold. */
    freezeDuration: bigint('freeze_duration', { mode: 'number' }).notNull().default(0),
    /** Drawdown percent that freezes an account; 0 disables the rule. */
    freezeThreshold: numeric('freeze_threshold', { precision: 6, scale: 2, mode: 'number' })
      .notNull()
      .default(0),
    startingBalance: numeric('starting_balance', { precision: 18, scale: 2, mode: 'number' })
      .notNull()
      .default(100000),
    registrationOpen: boolean('registration_open').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('groups_start_idx').on(table.startDate)],
);
