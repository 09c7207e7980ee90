import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A learner's playbook (issue #41): a setup they trade, with its rules as a checklist. A journal
 * trade may name the playbook it followed and, per rule, whether it kept to it
 * (`journal_trade_rule_checks`, in journal.ts beside the trades), so the playbook's report can set
 * each rule's P&L and win rate when kept against when broken.
 */
export const journalPlaybooks = pgTable(
  'journal_playbooks',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // A learner's playbook names are unique whatever their case (the API answers 409).
    uniqueIndex('journal_playbooks_user_name_unique').on(table.userId, sql`lower(${table.name})`),
  ],
);

/** One rule of a playbook's checklist, in the order the learner put them. */
export const journalPlaybookRules = pgTable(
  'journal_playbook_rules',
  {
    id: text('id').primaryKey(),
    playbookId: text('playbook_id')
      .notNull()
      .references(() => journalPlaybooks.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    position: integer('position').notNull().default(0),
  },
  (table) => [index('journal_playbook_rules_playbook_idx').on(table.playbookId, table.position)],
);

export type JournalPlaybookRow = typeof journalPlaybooks.$inferSelect;
export type JournalPlaybookRuleRow = typeof journalPlaybookRules.$inferSelect;
