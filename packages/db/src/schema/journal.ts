import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { journalPlaybookRules, journalPlaybooks } from './playbooks.ts';
import { users } from './users.ts';

const money = (name: string) => numeric(name, { precision: 20, scale: 6, mode: 'number' });

/**
 * One trade in a learner's journal: a round trip from flat to flat (docs/architecture.md §Journal). Manual and CSV
 * trades are typed in; paper (competition) and broker trades are built from fills and verified.
 */
export const journalTrades = pgTable(
  'journal_trades',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    symbol: text('symbol').notNull(),
    side: text('side', { enum: ['long', 'short'] }).notNull(),
    quantity: money('quantity').notNull(),
    entryPrice: money('entry_price').notNull(),
    exitPrice: money('exit_price'),
    entryTime: timestamp('entry_time', { withTimezone: true }).notNull(),
    exitTime: timestamp('exit_time', { withTimezone: true }),
    fees: money('fees').notNull().default(0),
    /** Net P&L in the account currency after fees; null while the trade is open. */
    pnl: money('pnl'),
    stopPrice: money('stop_price'),
    targetPrice: money('target_price'),
    setupTags: text('setup_tags').array().notNull().default([]),
    mistakeTags: text('mistake_tags').array().notNull().default([]),
    notes: text('notes').notNull().default(''),
    source: text('source', { enum: ['manual', 'csv', 'paper', 'broker'] }).notNull(),
    /** Paper and broker trades come from executions the learner did not type: verified. */
    verified: boolean('verified').notNull().default(false),
    /**
     * The identity of the trade at its source (a CSV row's fingerprint, the opening fill's id):
     * importing the same thing twice finds this key taken and adds nothing.
     */
    externalId: text('external_id'),
    /** Broker connection or competition the trade came from, when it has one. */
    origin: text('origin'),
    /** ISO 4217 code of the prices, fees and P&L: statistics never add two currencies. */
    currency: text('currency').notNull().default('INR'),
    /** Units per contract (1 for shares): P&L = price move × quantity × multiplier − fees. */
    multiplier: money('multiplier').notNull().default(1),
    /**
     * The execution account the trade was rebuilt from (see journal_executions), null for trades
     * typed in or read from template rows. Rebuilding an account replaces its trades, keyed by the
     * opening fill's identity (`externalId`), so the learner's tags, notes, stop and target stay.
     */
    account: text('account'),
    /** The playbook (setup) the learner says the trade followed; its rule checks are in journal_trade_rule_checks. */
    playbookId: text('playbook_id').references(() => journalPlaybooks.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('journal_trades_user_source_external_unique').on(
      table.userId,
      table.source,
      table.externalId,
    ),
    index('journal_trades_user_exit_idx').on(table.userId, table.exitTime),
    index('journal_trades_user_currency_idx').on(table.userId, table.currency),
    index('journal_trades_user_account_idx').on(table.userId, table.source, table.account),
    index('journal_trades_playbook_idx').on(table.playbookId),
  ],
);

/**
 * Every fill the journal knows (docs/architecture.md §Journal): read from CSV files, fetched from a broker or made by
 * the competition engine. Fills are the source of truth: an account's trades are rebuilt from all of
 * its fills, so a position opened in one file and closed in another is one trade. A fill's identity
 * is unique per learner, source and account: importing or syncing any overlap again adds nothing.
 */
export const journalExecutions = pgTable(
  'journal_executions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: text('source', { enum: ['csv', 'broker', 'paper'] }).notNull(),
    /**
     * csv: the importer's account ('' when the file names none); broker: `<connection id>:<environment>`;
     * paper: the competition trading account.
     */
    account: text('account').notNull().default(''),
    /** The fill's identity at its source; `opening|<account>|<symbol>` for opening holdings. */
    identity: text('identity').notNull(),
    /** 'opening': the learner's holding before the history starts (a synthetic buy). */
    kind: text('kind', { enum: ['fill', 'opening'] })
      .notNull()
      .default('fill'),
    symbol: text('symbol').notNull(),
    assetClass: text('asset_class', {
      enum: ['stock', 'future', 'option', 'forex', 'crypto', 'index'],
    }).notNull(),
    side: text('side', { enum: ['buy', 'sell'] }).notNull(),
    quantity: money('quantity').notNull(),
    price: money('price').notNull(),
    fee: money('fee').notNull().default(0),
    currency: text('currency').notNull(),
    multiplier: money('multiplier').notNull().default(1),
    executedAt: timestamp('executed_at', { withTimezone: true }).notNull(),
    brokerTradeId: text('broker_trade_id'),
    orderId: text('order_id'),
    /**
     * The broker marked this sale as opening a short (IBKR Open/Close O, Alpaca sell_short, an
     * intraday product): from flat it opens a short even for a stock.
     */
    shortSale: boolean('short_sale').notNull().default(false),
    /** The IANA zone of the exchange's trading day, when the source tells it (the same-day rule). */
    marketZone: text('market_zone'),
    /**
     * When the contract (option or future) expires, when its source tells it: a position still
     * open then is settled at expiry by the rebuild (an option at 0 unless a settlement is known).
     */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('journal_executions_identity_unique').on(
      table.userId,
      table.source,
      table.account,
      table.identity,
    ),
    index('journal_executions_account_time_idx').on(
      table.userId,
      table.source,
      table.account,
      table.executedAt,
    ),
  ],
);

/** The reflective questions of the daily entry, edited by admins (docs/architecture.md §Journal). */
export const journalQuestions = pgTable('journal_questions', {
  id: text('id').primaryKey(),
  text: text('text').notNull(),
  position: integer('position').notNull().default(0),
  /** Retired questions stay readable in old entries but are not asked any more. */
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type JournalAnswer = { questionId: string; question: string; answer: string };

/** One entry per learner and calendar day. */
export const journalEntries = pgTable(
  'journal_entries',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    /** The question's text is kept with the answer, so editing a question does not rewrite history. */
    answers: jsonb('answers').$type<JournalAnswer[]>().notNull().default([]),
    emotion: text('emotion'),
    rating: integer('rating'),
    notes: text('notes').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('journal_entries_user_date_unique').on(table.userId, table.date)],
);

export const journalEntryScreenshots = pgTable(
  'journal_entry_screenshots',
  {
    id: text('id').primaryKey(),
    entryId: text('entry_id')
      .notNull()
      .references(() => journalEntries.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('journal_entry_screenshots_entry_idx').on(table.entryId)],
);

export const journalEntryTrades = pgTable(
  'journal_entry_trades',
  {
    entryId: text('entry_id')
      .notNull()
      .references(() => journalEntries.id, { onDelete: 'cascade' }),
    tradeId: text('trade_id')
      .notNull()
      .references(() => journalTrades.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.entryId, table.tradeId] }),
    index('journal_entry_trades_trade_idx').on(table.tradeId),
  ],
);

/**
 * Whether a trade kept to each rule of its playbook (issue #41): one row per rule of the playbook the
 * trade names, written when the learner saves the trade. A rule added later has no row for older
 * trades (the report counts them neither way); deleting a rule or the trade deletes its rows.
 */
export const journalTradeRuleChecks = pgTable(
  'journal_trade_rule_checks',
  {
    tradeId: text('trade_id')
      .notNull()
      .references(() => journalTrades.id, { onDelete: 'cascade' }),
    ruleId: text('rule_id')
      .notNull()
      .references(() => journalPlaybookRules.id, { onDelete: 'cascade' }),
    followed: boolean('followed').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.tradeId, table.ruleId] }),
    index('journal_trade_rule_checks_rule_idx').on(table.ruleId),
  ],
);

/** Each committed CSV import, for the learner's history of what came from where. */
export const journalImports = pgTable(
  'journal_imports',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    preset: text('preset').notNull(),
    fileName: text('file_name').notNull(),
    rows: integer('rows').notNull(),
    added: integer('added').notNull(),
    duplicates: integer('duplicates').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('journal_imports_user_idx').on(table.userId, table.createdAt)],
);

/**
 * A large import committed in the background (issues #41, #43): the process that received the file
 * runs it in one transaction and keeps its progress here (about once a second), so any process can
 * answer how far it is; `result` is the commit's answer, `error` its refusal (nothing imported).
 */
export const journalImportJobs = pgTable(
  'journal_import_jobs',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    status: text('status', { enum: ['running', 'done', 'failed'] }).notNull(),
    stage: text('stage', { enum: ['reading', 'checking', 'storing', 'rebuilding', 'finished'] }).notNull(),
    done: integer('done').notNull().default(0),
    total: integer('total').notNull().default(0),
    result: jsonb('result'),
    error: jsonb('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('journal_import_jobs_user_idx').on(table.userId, table.createdAt)],
);

export type JournalTradeRow = typeof journalTrades.$inferSelect;
export type JournalExecutionRow = typeof journalExecutions.$inferSelect;
export type JournalEntryRow = typeof journalEntries.$inferSelect;
export type JournalQuestionRow = typeof journalQuestions.$inferSelect;
