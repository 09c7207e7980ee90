import { type Database, newsItems } from '@candlewise/db';
import type { NewsCategory, NewsItem, NewsItemDetail } from '@candlewise/shared';
import { and, arrayContains, arrayOverlaps, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { notFound } from '../../lib/app-error.ts';

type NewsRow = typeof newsItems.$inferSelect;

export type NewsFilter = {
  page: number;
  pageSize: number;
  category?: NewsCategory;
  symbol?: string;
  q?: string;
  /** Only items about these symbols ("my symbols"); an empty list matches nothing. */
  symbols?: string[];
};

/**
 * One page of news, newest first. The order is total (published time, then id), so a page never
 * repeats or skips an item while nothing is added. Search: every word must appear in the title or
 * the summary, any case.
 */
export async function listNews(
  db: Database,
  filter: NewsFilter,
): Promise<{ items: NewsItem[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.category) conditions.push(eq(newsItems.category, filter.category));
  if (filter.symbol) conditions.push(arrayContains(newsItems.symbols, [filter.symbol]));
  if (filter.symbols) {
    if (filter.symbols.length === 0) return { items: [], total: 0 };
    conditions.push(arrayOverlaps(newsItems.symbols, filter.symbols));
  }
  for (const word of (filter.q ?? '').split(/\s+/).filter(Boolean).slice(0, 8)) {
    const pattern = `%${word.replace(/[\\%_]/g, '\\$&')}%`;
    conditions.push(or(ilike(newsItems.title, pattern), ilike(newsItems.summary, pattern))!);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(newsItems)
      .where(where)
      .orderBy(desc(newsItems.publishedAt), desc(newsItems.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ total: count() }).from(newsItems).where(where),
  ]);
  return { items: rows.map(toNewsItem), total };
}

export async function getNewsItem(db: Database, id: string): Promise<NewsItemDetail> {
  const [row] = await db.select().from(newsItems).where(eq(newsItems.id, id));
  if (!row) throw notFound('We could not find that news item; it may have been removed.');
  return { ...toNewsItem(row), body: row.body };
}

export function toNewsItem(row: NewsRow): NewsItem {
  return {
    _id: row.id,
    kind: row.kind,
    title: row.title,
    summary: row.summary,
    url: row.url,
    imageUrl: row.imageUrl,
    category: row.category as NewsCategory,
    symbols: row.symbols,
    source: { _id: row.sourceId, name: row.sourceName },
    author: row.author,
    publishedAt: row.publishedAt.toISOString(),
  };
}
