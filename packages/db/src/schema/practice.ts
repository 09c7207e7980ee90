import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { exactNumeric } from './exact-numeric.ts';
import { instruments } from './trading.ts';
import { users } from './users.ts';

/** Exact decimals, as the competition ledger keeps them (docs/decisions/022-exact-money.md). */
const money = (name: string) => exactNumeric(name, { precision: 20, scale: 6 });
const quantity = (name: string) => exactNumeric(name, { precision: 28, scale: 8 });
const price = (name: string) => exactNumeric(name, { precision: 28, scale: 10 });

/** A practice replay's open positions and pending orders (docs/decisions/030-practice-replays.md). */
export type PracticeBook = {
  positions: Array<{
    symbol: string;
    quantity: number;
    averagePrice: number;
    stopLoss: number | null;
    takeProfit: number | null;
  }>;
  openOrders: Array<{
    id: string;
    symbol: string;
    side: 'buy' | 'sell';
    type: 'limit' | 'stop';
    quantity: number;
    price: number;
    stopLoss: number | null;
    takeProfit: number | null;
    /** The replayed moment it was placed. */
    placedAt: number;
  }>;
};

/**
 * A learner's private replay of one uploaded day of one instrument. The clock is data: where the
 * replayed time stood at a real moment, and the speed (shared/practice/practice-clock.ts); the book
 * is settled bar by bar up to `settled_to` on each request.
 */
export const practiceSessions = pgTable(
  'practice_sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    symbol: text('symbol')
      .notNull()
      .references(() => instruments.symbol, { onDelete: 'cascade' }),
    /** The replayed UTC day, YYYY-MM-DD. */
    day: text('day').notNull(),
    /** The instrument's quote currency: the account is kept in it, so no rate is ever needed. */
    currency: text('currency').notNull(),
    startingBalance: money('starting_balance').notNull(),
    balance: money('balance').notNull(),
    equity: money('equity').notNull(),
    state: text('state', { enum: ['playing', 'paused', 'ended'] }).notNull(),
    speed: integer('speed').notNull(),
    /** The replayed time at `anchor_at`. */
    positionAt: timestamp('position_at', { withTimezone: true }).notNull(),
    anchorAt: timestamp('anchor_at', { withTimezone: true }).notNull(),
    /** The first bar's start and the day's end (one minute after the last bar starts). */
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** The replayed time up to which orders and exits have been settled. */
    settledTo: timestamp('settled_to', { withTimezone: true }).notNull(),
    book: jsonb('book').$type<PracticeBook>().notNull(),
    tradesCount: integer('trades_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [index('practice_sessions_user_idx').on(table.userId, table.state)],
);

/** Every execution of a practice replay, at its replayed moment. */
export const practiceFills = pgTable(
  'practice_fills',
  {
    id: text('id').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => practiceSessions.id, { onDelete: 'cascade' }),
    orderId: text('order_id'),
    symbol: text('symbol').notNull(),
    side: text('side', { enum: ['buy', 'sell'] }).notNull(),
    quantity: quantity('quantity').notNull(),
    price: price('price').notNull(),
    /** Realised P&L in the session currency, booked exactly. */
    realized: money('realized').notNull(),
    /** 'order', 'stop_loss', 'take_profit', 'close' or 'session_end'. */
    reason: text('reason').notNull(),
    replayedAt: timestamp('replayed_at', { withTimezone: true }).notNull(),
    sequence: integer('sequence').notNull(),
  },
  (table) => [uniqueIndex('practice_fills_session_sequence').on(table.sessionId, table.sequence)],
);

/** The learner's decisions in a practice replay, with the replayed and the real moment (the CSV export). */
export const practiceDecisions = pgTable(
  'practice_decisions',
  {
    id: text('id').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => practiceSessions.id, { onDelete: 'cascade' }),
    sequence: integer('sequence').notNull(),
    kind: text('kind', {
      enum: ['start', 'order', 'edit', 'cancel', 'sl_tp', 'close', 'play', 'pause', 'step', 'speed', 'end'],
    }).notNull(),
    replayedAt: timestamp('replayed_at', { withTimezone: true }).notNull(),
    wallAt: timestamp('wall_at', { withTimezone: true }).notNull(),
    /** Equity just before the decision (what the learner saw). */
    equity: money('equity').notNull(),
    /** The decision in one sentence ("Buy limit 0.5 BTCUSD at 20,100"). */
    summary: text('summary').notNull(),
    details: jsonb('details').$type<Record<string, string | number | null>>().notNull().default({}),
  },
  (table) => [uniqueIndex('practice_decisions_session_sequence').on(table.sessionId, table.sequence)],
);
