import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { exactNumeric } from './exact-numeric.ts';
import { users } from './users.ts';

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
    freezeThreshold: exactNumeric('freeze_threshold', { precision: 6, scale: 2 }).notNull().default(0),
    startingBalance: exactNumeric('starting_balance', { precision: 18, scale: 2 }).notNull().default(100000),
    /** What the drawdown is measured against: 'peak' (trailing), 'balance' or 'start' (static). */
    drawdownBasis: text('drawdown_basis').notNull().default('peak'),
    /** Loss % in one day (from the day's opening equity) that freezes; 0 turns it off. */
    dailyLossLimit: exactNumeric('daily_loss_limit', { precision: 6, scale: 2 }).notNull().default(0),
    /** The competition day starts at this hour in `timeZone`. */
    dailyResetHour: integer('daily_reset_hour').notNull().default(0),
    timeZone: text('time_zone').notNull().default('Asia/Kolkata'),
    /** 'live': today's market; 'replay': a real day replayed from uploaded 1-minute bars. */
    marketMode: text('market_mode').notNull().default('live'),
    /** The replayed moment when the competition starts, and how many times faster it runs (1–60). */
    replayFrom: timestamp('replay_from', { withTimezone: true }),
    replaySpeed: integer('replay_speed').notNull().default(1),
    /** The account currency: balances, P&L and standings are in it (instruments convert into it). */
    currency: text('currency').notNull().default('INR'),
    /** The challenge rule set, `<id>@<version>` (packages/shared/src/challenges/rule-sets.ts). */
    ruleSet: text('rule_set').notNull().default('practice@1'),
    /** How the leaderboard ranks: 'return' (P&L %) or 'calmar' (return ÷ maximum drawdown). */
    ranking: text('ranking').notNull().default('return'),
    registrationOpen: boolean('registration_open').notNull().default(true),
    /** Symbols members may trade; empty means every instrument. */
    instruments: jsonb('instruments').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('groups_start_idx').on(table.startDate)],
);

/** A user's request to join a competition and its outcome (the spec's Participant record). */
export const groupParticipants = pgTable(
  'group_participants',
  {
    id: text('id').primaryKey(),
    groupId: text('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: text('decided_by'),
  },
  (table) => [
    uniqueIndex('group_participants_group_user_unique').on(table.groupId, table.userId),
    index('group_participants_user_idx').on(table.userId),
    index('group_participants_group_status_idx').on(table.groupId, table.status),
  ],
);
