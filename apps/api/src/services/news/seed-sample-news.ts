import { type Database, newId, newsSources } from '@candlewise/db';
import { parseFeedDocument } from '../../providers/news/parse-feed.ts';
import { readBundledFeed, SAMPLE_FEED_URL } from './bundled-feeds.ts';
import { ingestFeedItems } from './ingest-feed-items.ts';

/** The newest sample item reads as this old on first start; the others keep their spacing. */
const NEWEST_SAMPLE_AGE_MS = 25 * 60_000;

/**
 * First start: adds the bundled sample feed as a source and ingests it through the same parser and
 * ingestion as any feed, so a database with no internet still has news. The sample's dates are
 * moved so that its newest item is 25 minutes old. Runs once: the source's unique URL decides
 * (also between two processes starting together). The source is off: the file never changes.
 */
export async function seedSampleNews(db: Database, now: Date = new Date()): Promise<number> {
  // One transaction: a start that dies half-way leaves no source behind, so the next start seeds again.
  return db.transaction(async (tx) => {
    const [source] = await tx
      .insert(newsSources)
      .values({
        id: newId(now),
        name: 'Candlewise Markets Desk',
        url: SAMPLE_FEED_URL,
        category: 'markets',
        enabled: false,
        lastFetchedAt: now,
        lastSuccessAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!source) return 0;
    const xml = await readBundledFeed(SAMPLE_FEED_URL);
    const feed = parseFeedDocument(xml ?? '');
    const newest = Math.max(...feed.items.map((item) => item.publishedAt?.getTime() ?? 0));
    const shift = now.getTime() - NEWEST_SAMPLE_AGE_MS - newest;
    const items = feed.items.map((item) => ({
      ...item,
      publishedAt: item.publishedAt ? new Date(item.publishedAt.getTime() + shift) : null,
    }));
    const { stored } = await ingestFeedItems(tx, source, items, now);
    return stored;
  });
}
