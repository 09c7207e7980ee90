import { type Database, newsItems } from '@candlewise/db';
import { count, desc, eq } from 'drizzle-orm';
import { toNewsItem } from './list-news.ts';

/** Admin → News: the articles admins wrote (not feed items), newest first, one page and the total. */
export async function listNewsPosts(db: Database, { page, pageSize }: { page: number; pageSize: number }) {
  const where = eq(newsItems.kind, 'post');
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(newsItems)
      .where(where)
      .orderBy(desc(newsItems.publishedAt), desc(newsItems.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(newsItems).where(where),
  ]);
  return { posts: rows.map((row) => ({ ...toNewsItem(row), body: row.body })), total };
}
