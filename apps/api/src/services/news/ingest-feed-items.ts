import { type DbExecutor, instruments, newId, newsItems } from '@candlewise/db';
import { detectSymbols, matchNewsCategory, type NewsCategory } from '@candlewise/shared';
import { asc } from 'drizzle-orm';
import type { ParsedFeedItem } from '../../providers/news/parse-feed.ts';
import { canonicalUrl, safeHttpUrl, summaryText, titleText } from './feed-text.ts';

/** More than this many entries in one answer are ignored (the newest come first in real feeds). */
const MAX_ITEMS_PER_FETCH = 200;

export type IngestSource = { id: string; name: string; category: string; url: string };

/**
 * Stores a feed's entries once each: an entry whose guid this source already sent, or whose
 * canonical URL any source already sent, is skipped by the unique indexes (ON CONFLICT DO NOTHING),
 * so two processes ingesting the same feed at once still store it once. Returns how many were new.
 */
export async function ingestFeedItems(
  db: DbExecutor,
  source: IngestSource,
  entries: ParsedFeedItem[],
  now: Date = new Date(),
): Promise<{ received: number; stored: number }> {
  const known = await db
    .select({ symbol: instruments.symbol, name: instruments.name, assetClass: instruments.assetClass })
    .from(instruments)
    .orderBy(asc(instruments.position));
  const bundled = source.url.startsWith('bundled:');
  const rows: Array<typeof newsItems.$inferInsert> = [];
  for (const entry of entries.slice(0, MAX_ITEMS_PER_FETCH)) {
    const url = safeHttpUrl(entry.url);
    const title = titleText(entry.title);
    if (!url || !title) continue; // nothing to open or nothing to show
    const summary = summaryText(entry.summaryHtml);
    const published =
      entry.publishedAt && !Number.isNaN(entry.publishedAt.getTime()) ? entry.publishedAt : now;
    rows.push({
      id: newId(now),
      kind: 'feed',
      sourceId: source.id,
      sourceName: source.name,
      guid: entry.guid?.slice(0, 1000) ?? null,
      url,
      canonicalUrl: canonicalUrl(url),
      title,
      summary,
      imageUrl: imageAddress(entry.imageUrl, bundled),
      category: itemCategory(entry.categories, source.category),
      symbols: detectSymbols(`${title}\n${summary}`, known),
      author: entry.author?.slice(0, 200) ?? null,
      // A date in the future would pin an item to the top; it cannot be newer than its arrival.
      publishedAt: published > now ? now : published,
    });
  }
  if (rows.length === 0) return { received: entries.length, stored: 0 };
  const stored = await db
    .insert(newsItems)
    .values(rows)
    .onConflictDoNothing()
    .returning({ id: newsItems.id });
  return { received: entries.length, stored: stored.length };
}

function itemCategory(labels: string[], fallback: string): NewsCategory {
  for (const label of labels) {
    const match = matchNewsCategory(label);
    if (match) return match;
  }
  return fallback as NewsCategory;
}

/** Remote images must be http(s); the bundled sample may point at the app's own /images. */
function imageAddress(raw: string | null, bundled: boolean): string | null {
  if (bundled && raw?.startsWith('/') && !raw.startsWith('//')) return raw;
  return safeHttpUrl(raw);
}
