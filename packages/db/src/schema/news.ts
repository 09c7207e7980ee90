import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** An RSS 2.0 or Atom feed an admin added; the poller fetches the enabled ones on a schedule. */
export const newsSources = pgTable('news_sources', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** http(s) address, or `bundled:<file>` for the sample feed that ships with the app. */
  url: text('url').notNull().unique(),
  /** Category for items whose own categories name none of ours. */
  category: text('category').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  /** Validators from the last 200, sent back as If-None-Match / If-Modified-Since. */
  etag: text('etag'),
  lastModified: text('last_modified'),
  lastFetchedAt: timestamp('last_fetched_at', { withTimezone: true }),
  lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  /** A sentence naming what went wrong the last time; null after a success. */
  lastError: text('last_error'),
  /** Failures in a row: the retry waits longer after each. */
  failureCount: integer('failure_count').notNull().default(0),
  /** When the poller should fetch it next; null means as soon as possible. */
  nextPollAt: timestamp('next_poll_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A news item: from a feed (kind 'feed', opens the original) or written by an admin (kind 'post',
 * markdown body, read in the app). Feed items are stored once: by guid within their source and by
 * canonical URL across sources (both unique), so inserts use ON CONFLICT DO NOTHING.
 */
export const newsItems = pgTable(
  'news_items',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ['feed', 'post'] }).notNull(),
    sourceId: text('source_id').references(() => newsSources.id, { onDelete: 'cascade' }),
    /** Shown on the card; kept on the item so it reads the same after a source is renamed. */
    sourceName: text('source_name').notNull(),
    guid: text('guid'),
    /** The original article (feed items); null for posts. */
    url: text('url'),
    canonicalUrl: text('canonical_url'),
    title: text('title').notNull(),
    /** Plain text: feed HTML sanitised down to its words. */
    summary: text('summary').notNull().default(''),
    /** Markdown (posts only). */
    body: text('body'),
    imageUrl: text('image_url'),
    category: text('category').notNull(),
    symbols: text('symbols').array().notNull().default(sql`'{}'::text[]`),
    author: text('author'),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('news_items_source_guid_unique')
      .on(table.sourceId, table.guid)
      .where(sql`${table.guid} is not null`),
    uniqueIndex('news_items_canonical_url_unique')
      .on(table.canonicalUrl)
      .where(sql`${table.canonicalUrl} is not null`),
    index('news_items_published_idx').on(table.publishedAt, table.id),
    index('news_items_category_published_idx').on(table.category, table.publishedAt),
    index('news_items_symbols_idx').using('gin', table.symbols),
  ],
);
