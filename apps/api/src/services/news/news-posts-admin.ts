import { type Database, instruments, newId, newsItems } from '@candlewise/db';
import { detectSymbols, type NewsPostFields } from '@candlewise/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { AppError, notFound } from '../../lib/app-error.ts';
import { summaryText } from './feed-text.ts';

type Author = { id: string; firstName: string | null; lastName: string | null };

/** The posts' source name on cards. */
export const POST_SOURCE_NAME = 'Candlewise';

/**
 * Symbols of a post: the ones the admin named (each must be an instrument), else the ones its text
 * mentions. The summary defaults to the start of the body as plain text.
 */
async function postColumns(db: Database, fields: NewsPostFields) {
  let symbols: string[];
  if (fields.symbols) {
    const unique = [...new Set(fields.symbols)];
    const found = unique.length
      ? await db
          .select({ symbol: instruments.symbol })
          .from(instruments)
          .where(inArray(instruments.symbol, unique))
      : [];
    const unknown = unique.filter((symbol) => !found.some((row) => row.symbol === symbol));
    if (unknown.length) {
      throw new AppError(400, 'VALIDATION_FAILED', `Unknown instrument: ${unknown.join(', ')}.`, [
        { path: 'symbols', message: 'Use symbols from the instruments list.' },
      ]);
    }
    symbols = unique;
  } else {
    const known = await db
      .select({ symbol: instruments.symbol, name: instruments.name, assetClass: instruments.assetClass })
      .from(instruments)
      .orderBy(asc(instruments.position));
    symbols = detectSymbols(`${fields.title}\n${fields.summary}\n${fields.body}`, known);
  }
  return {
    title: fields.title,
    summary: fields.summary || summaryText(markdownToText(fields.body)).slice(0, 280),
    body: fields.body,
    category: fields.category,
    imageUrl: fields.imageUrl || null,
    symbols,
  };
}

/** Markdown's words for a card: no markers, list bullets or link addresses. */
function markdownToText(markdown: string): string {
  return markdown
    .replace(/^\s*(?:[-*+]|\d+[.)])\s+/gm, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s*(?:#{1,6}|>)\s?/gm, '')
    .replace(/[*_`]/g, '');
}

export async function createNewsPost(db: Database, author: Author, fields: NewsPostFields) {
  const now = new Date();
  const [created] = await db
    .insert(newsItems)
    .values({
      id: newId(now),
      kind: 'post',
      sourceName: POST_SOURCE_NAME,
      author: [author.firstName, author.lastName].filter(Boolean).join(' ') || null,
      authorId: author.id,
      publishedAt: now,
      ...(await postColumns(db, fields)),
    })
    .returning();
  return created;
}

export async function updateNewsPost(db: Database, postId: string, fields: NewsPostFields) {
  const [updated] = await db
    .update(newsItems)
    .set({ ...(await postColumns(db, fields)), updatedAt: new Date() })
    .where(and(eq(newsItems.id, postId), eq(newsItems.kind, 'post')))
    .returning();
  if (!updated) throw notFound('We could not find that article.');
  return updated;
}

export async function deleteNewsPost(db: Database, postId: string): Promise<void> {
  const deleted = await db
    .delete(newsItems)
    .where(and(eq(newsItems.id, postId), eq(newsItems.kind, 'post')))
    .returning({ id: newsItems.id });
  if (deleted.length === 0) throw notFound('We could not find that article.');
}
