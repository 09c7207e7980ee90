import {
  bigint,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { groups } from './groups.ts';
import { users } from './users.ts';

const money = (name: string) => numeric(name, { precision: 20, scale: 6, mode: 'number' });

/** What can be traded: the simulated feed walks each from its base price with its volatility. */
export const instruments = pgTable('instruments', {
  symbol: text('symbol').primaryKey(),
  name: text('name').notNull(),
  assetClass: text('asset_class', {
    enum: ['forex', 'index', 'stock_in', 'stock_us', 'commodity', 'crypto'],
  }).notNull(),
  tickSize: money('tick_size').notNull(),
  contractSize: money('contract_size').notNull().default(1),
  currency: text('currency').notNull(),
  basePrice: money('base_price').notNull(),
  /** Standard deviation of one tick's relative move. */
  volatility: money('volatility').notNull(),
  /** Bid/ask spread in price units. */
  spread: money('spread').notNull(),
  position: integer('position').notNull().default(0),
});

/** The feed's last quote and random state per instrument, so a restart continues the same walk. */
export const marketState = pgTable('market_state', {
  symbol: text('symbol')
    .primaryKey()
    .references(() => instruments.symbol, { onDelete: 'cascade' }),
  mid: money('mid').notNull(),
  rngState: bigint('rng_state', { mode: 'number' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** 1-minute candles for the charts. */
export const candles = pgTable(
  'candles',
  {
    symbol: text('symbol')
      .notNull()
      .references(() => instruments.symbol, { onDelete: 'cascade' }),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    open: money('open').notNull(),
    high: money('high').notNull(),
    low: money('low').notNull(),
    close: money('close').notNull(),
  },
  (table) => [primaryKey({ columns: [table.symbol, table.startTime] })],
);

/** One paper account per approved participant and competition. */
export const tradingAccounts = pgTable(
  'trading_accounts',
  {
    id: text('id').primaryKey(),
    groupId: text('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startingBalance: money('starting_balance').notNull(),
    /** Cash: the starting balance plus realised P&L. */
    balance: money('balance').notNull(),
    equity: money('equity').notNull(),
    /** Highest equity since the start or the last release (the drawdown reference). */
    peakEquity: money('peak_equity').notNull(),
    frozenUntil: timestamp('frozen_until', { withTimezone: true }),
    freezeCount: integer('freeze_count').notNull().default(0),
    tradesCount: integer('trades_count').notNull().default(0),
    finalRank: integer('final_rank'),
    /** Bumped by every write of balance or positions: the engine's optimistic lock. */
    version: integer('version').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('trading_accounts_group_user_unique').on(table.groupId, table.userId)],
);

export const positions = pgTable(
  'positions',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => tradingAccounts.id, { onDelete: 'cascade' }),
    symbol: text('symbol')
      .notNull()
      .references(() => instruments.symbol),
    /** Signed: positive long, negative short. */
    quantity: money('quantity').notNull(),
    averagePrice: money('average_price').notNull(),
    stopLoss: money('stop_loss'),
    takeProfit: money('take_profit'),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.symbol] })],
);

export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => tradingAccounts.id, { onDelete: 'cascade' }),
    symbol: text('symbol')
      .notNull()
      .references(() => instruments.symbol),
    side: text('side', { enum: ['buy', 'sell'] }).notNull(),
    type: text('type', { enum: ['market', 'limit', 'stop'] }).notNull(),
    quantity: money('quantity').notNull(),
    price: money('price'),
    stopLoss: money('stop_loss'),
    takeProfit: money('take_profit'),
    status: text('status', { enum: ['open', 'filled', 'canceled'] }).notNull(),
    fillPrice: money('fill_price'),
    cancelReason: text('cancel_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (table) => [index('orders_account_status_idx').on(table.accountId, table.status)],
);

/** Every execution: the trade history, the journal's verified trades, the Trades count. */
export const fills = pgTable(
  'fills',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => tradingAccounts.id, { onDelete: 'cascade' }),
    orderId: text('order_id'),
    symbol: text('symbol').notNull(),
    side: text('side', { enum: ['buy', 'sell'] }).notNull(),
    quantity: money('quantity').notNull(),
    price: money('price').notNull(),
    realizedPnl: money('realized_pnl').notNull().default(0),
    reason: text('reason', {
      enum: ['order', 'stop_loss', 'take_profit', 'freeze', 'competition_end', 'close'],
    }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('fills_account_created_idx').on(table.accountId, table.createdAt)],
);

/** Engine bookkeeping per competition: announcements made and the end applied, once each. */
export const groupEngineState = pgTable('group_engine_state', {
  groupId: text('group_id')
    .primaryKey()
    .references(() => groups.id, { onDelete: 'cascade' }),
  startAnnouncedAt: timestamp('start_announced_at', { withTimezone: true }),
  finalizedAt: timestamp('finalized_at', { withTimezone: true }),
});
