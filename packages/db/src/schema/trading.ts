import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { exactNumeric } from './exact-numeric.ts';
import { groups } from './groups.ts';
import { users } from './users.ts';

/** Read and written as exact decimals (exact-numeric.ts; docs/decisions/022-exact-money.md). */
const money = (name: string) => exactNumeric(name, { precision: 20, scale: 6 });
/** Quantities: lot steps go down to 1e-8 (crypto), so eight decimals are kept exactly. */
const quantity = (name: string) => exactNumeric(name, { precision: 28, scale: 8 });
/** Prices and average prices: ten decimals, so an average of many fills loses nothing visible. */
const price = (name: string) => exactNumeric(name, { precision: 28, scale: 10 });

/** One number per ledger write, increasing (trading_accounts.ledger_seq takes it). */
export const ledgerSeq = pgSequence('ledger_seq');

/** What can be traded: the simulated feed walks each from its base price with its volatility. */
export const instruments = pgTable('instruments', {
  symbol: text('symbol').primaryKey(),
  name: text('name').notNull(),
  assetClass: text('asset_class', {
    enum: ['forex', 'index', 'stock_in', 'stock_us', 'commodity', 'crypto'],
  }).notNull(),
  tickSize: money('tick_size').notNull(),
  contractSize: money('contract_size').notNull().default(1),
  /** The quote currency: prices and P&L of this instrument are in it. */
  currency: text('currency').notNull(),
  /** Quantities are multiples of this step, and at least minQuantity. */
  lotStep: quantity('lot_step').notNull().default(1),
  minQuantity: quantity('min_quantity').notNull().default(1),
  basePrice: money('base_price').notNull(),
  /** Where quotes come from: 'simulated' (the default random walk) or a market-data provider. */
  provider: text('provider').notNull().default('simulated'),
  /** The instrument's name at the provider (btcusdt, AAPL, a Dhan security id…). */
  providerSymbol: text('provider_symbol'),
  /** Market hours (packages/shared/src/trading/market-hours.ts): 'always' for practice markets. */
  session: text('session').notNull().default('always'),
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
    /** Which rule froze the account last: 'drawdown' or 'daily_loss'. */
    frozenReason: text('frozen_reason'),
    /** Equity at the start of the competition day (the daily loss limit measures from it). */
    dayStartEquity: money('day_start_equity'),
    dayStartedAt: timestamp('day_started_at', { withTimezone: true }),
    /** The challenge phase (1-based) the account trades in, since when, and how it stands. */
    phase: integer('phase').notNull().default(1),
    phaseStartedAt: timestamp('phase_started_at', { withTimezone: true }),
    challengeStatus: text('challenge_status', { enum: ['in-progress', 'passed', 'failed'] })
      .notNull()
      .default('in-progress'),
    /** Balance at the start of the rule set's day (its daily loss limit measures from it). */
    dayStartBalance: money('day_start_balance'),
    /** Highest end-of-day balance of the phase (an end-of-day trailing maximum loss). */
    eodHighBalance: money('eod_high_balance'),
    /** Highest equity of the phase, never reset by a release (maximum drawdown, Calmar ranking). */
    equityHigh: money('equity_high'),
    /** Largest fall from `equityHigh` so far, percent of it. */
    maxDrawdownPercent: exactNumeric('max_drawdown_percent', { precision: 9, scale: 4 }).notNull().default(0),
    /** Set when the member was rejected or removed after approval: no trading, off the leaderboard. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    /**
     * The ledger sequence of the account's last write (nextval of `ledger_seq`, one per account
     * write, increasing across all accounts): a stream frame and an order answer carry it, so a
     * client can tell whether a frame already includes its order.
     */
    ledgerSeq: bigint('ledger_seq', { mode: 'number' }).notNull().default(0),
    /**
     * The competition lease epoch of the engine write that set it (null for a member's own orders):
     * a trigger refuses an engine write whose epoch is not the competition's current one.
     */
    leaseEpoch: bigint('lease_epoch', { mode: 'number' }),
    /** Bumped by every write of balance, positions or orders (under the row lock): newer state wins. */
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
    quantity: quantity('quantity').notNull(),
    averagePrice: price('average_price').notNull(),
    stopLoss: price('stop_loss'),
    takeProfit: price('take_profit'),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.accountId, table.symbol] }),
    check('positions_quantity_nonzero', sql`${table.quantity} <> 0`),
  ],
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
    quantity: quantity('quantity').notNull(),
    price: price('price'),
    stopLoss: price('stop_loss'),
    takeProfit: price('take_profit'),
    status: text('status', { enum: ['open', 'filled', 'canceled'] }).notNull(),
    fillPrice: price('fill_price'),
    cancelReason: text('cancel_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (table) => [
    index('orders_account_status_idx').on(table.accountId, table.status),
    check('orders_quantity_positive', sql`${table.quantity} > 0`),
  ],
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
    quantity: quantity('quantity').notNull(),
    price: price('price').notNull(),
    /** Realised P&L in the account's currency (converted at fxRate), rounded to the cent. */
    realizedPnl: money('realized_pnl').notNull().default(0),
    /** Charges in the account's currency (the simulated market charges none today). */
    fee: money('fee').notNull().default(0),
    /** Quote currency → account currency at the fill (1 when they are the same). */
    fxRate: price('fx_rate').notNull().default(1),
    reason: text('reason', {
      enum: [
        'order',
        'stop_loss',
        'take_profit',
        'freeze',
        'competition_end',
        'close',
        'removed',
        'breach',
        'phase_end',
      ],
    }).notNull(),
    /** The challenge phase the fill belongs to (the account's phase when it was booked). */
    phase: integer('phase').notNull().default(1),
    /** The competition lease epoch of the engine tick that booked it (null: a member's own order). */
    leaseEpoch: bigint('lease_epoch', { mode: 'number' }),
    /**
     * The ledger sequence of the account write that booked it (the account's `ledger_seq` then): an
     * account's history sorts by it, so a close never lists before the fill it closes.
     */
    ledgerSeq: bigint('ledger_seq', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('fills_account_created_idx').on(table.accountId, table.createdAt),
    // An order fills at most once: the database refuses a second fill whatever the engine does.
    uniqueIndex('fills_order_unique').on(table.orderId).where(sql`${table.orderId} is not null`),
    check('fills_quantity_positive', sql`${table.quantity} > 0`),
  ],
);

/** Engine bookkeeping per competition: announcements made and the end applied, once each. */
export const groupEngineState = pgTable('group_engine_state', {
  groupId: text('group_id')
    .primaryKey()
    .references(() => groups.id, { onDelete: 'cascade' }),
  startAnnouncedAt: timestamp('start_announced_at', { withTimezone: true }),
  finalizedAt: timestamp('finalized_at', { withTimezone: true }),
  /**
   * A replay competition: the replayed moment its bars were walked to by the last saved tick. A new
   * holder of its lease continues the walk from here, so no bar is skipped across a handover.
   */
  replayWalkedTo: timestamp('replay_walked_to', { withTimezone: true }),
});

/**
 * Leadership epochs of the processes' background leaders (engine, news poller, broker sync). A new
 * leader bumps its epoch; a leader's writes first check the epoch is still theirs, so a former
 * leader that lost its lock cannot write any more.
 */
export const leaderEpochs = pgTable('leader_epochs', {
  name: text('name').primaryKey(),
  epoch: bigint('epoch', { mode: 'number' }).notNull(),
  acquiredAt: timestamp('acquired_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The engine's leases (docs/architecture.md §Leases): one row per competition (`scope` is its id)
 * and one for the market (`scope` = 'market': live providers, the simulated feed, candles). The
 * holder renews `expires_at` with short autocommit writes; another process may take a lease once
 * it has expired, bumping `epoch`. Engine writes carry the epoch they were decided under and a
 * trigger refuses one that is not current (migration lease_fence).
 */
export const engineLeases = pgTable('engine_leases', {
  scope: text('scope').primaryKey(),
  holder: text('holder').notNull(),
  epoch: bigint('epoch', { mode: 'number' }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  acquiredAt: timestamp('acquired_at', { withTimezone: true }).notNull().defaultNow(),
});

/** API processes running an engine, each seen at its last heartbeat: leases spread over the live ones. */
export const engineProcesses = pgTable('engine_processes', {
  holder: text('holder').primaryKey(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
});

/** 1-minute bars uploaded by admins, for competitions that replay a real day (shared/trading/replay-bars). */
export const replayBars = pgTable(
  'replay_bars',
  {
    symbol: text('symbol')
      .notNull()
      .references(() => instruments.symbol, { onDelete: 'cascade' }),
    time: timestamp('time', { withTimezone: true }).notNull(),
    open: price('open').notNull(),
    high: price('high').notNull(),
    low: price('low').notNull(),
    close: price('close').notNull(),
    volume: quantity('volume').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.symbol, table.time] })],
);

/**
 * What a challenge decided, with its evidence (docs/challenges.md): a phase passed or failed, or a
 * day ended by the daily loss limit. Written once, in the transaction that applies the decision.
 */
export const challengeEvents = pgTable(
  'challenge_events',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => tradingAccounts.id, { onDelete: 'cascade' }),
    /** The rule set version in force, `<id>@<version>`. */
    ruleSet: text('rule_set').notNull(),
    phase: integer('phase').notNull(),
    kind: text('kind', { enum: ['passed', 'failed', 'day-ended'] }).notNull(),
    /** The rule or objective that decided: 'daily_loss', 'max_loss', 'time_limit', 'objectives', 'competition_end'. */
    rule: text('rule').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    equity: money('equity').notNull(),
    balance: money('balance').notNull(),
    /** The level equity crossed (a loss floor), or the target met; null when none applies. */
    threshold: money('threshold'),
    /** The fills that crossed it: those of the breach's day up to the close-out, in order. */
    fillIds: jsonb('fill_ids').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** Equity sampled before the decision: [epoch ms, equity] pairs, oldest first. */
    equityCurve: jsonb('equity_curve').$type<Array<[number, number]>>().notNull().default(sql`'[]'::jsonb`),
  },
  (table) => [
    index('challenge_events_account_idx').on(table.accountId, table.at),
    // One decision of each kind per phase (a day may end many times: not unique).
    uniqueIndex('challenge_events_phase_outcome_unique')
      .on(table.accountId, table.phase)
      .where(sql`${table.kind} <> 'day-ended'`),
  ],
);
