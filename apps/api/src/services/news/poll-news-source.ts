import { type Database, newsSources } from '@candlewise/db';
import { eq, sql } from 'drizzle-orm';
import { createGuardedFetch } from '../../lib/guarded-fetch.ts';
import { FeedFetchError, fetchFeed } from '../../providers/news/fetch-feed.ts';
import { FeedParseError, parseFeedDocument } from '../../providers/news/parse-feed.ts';
import { readBundledFeed } from './bundled-feeds.ts';
import { ingestFeedItems } from './ingest-feed-items.ts';

export type FeedPollSettings = {
  /** Minutes between two fetches of a healthy source. */
  intervalMinutes: number;
  timeoutMs: number;
  maxBytes: number;
  /** Hosts that may lead to private addresses (OUTBOUND_ALLOWED_HOSTS: tests' local servers). */
  allowHosts?: string[];
  /** The fetch to use; by default one that refuses private addresses (lib/guarded-fetch.ts). */
  fetchImpl?: typeof fetch;
};

export type PollOutcome =
  | { status: 'ok'; received: number; stored: number }
  | { status: 'not-modified' }
  | { status: 'failed'; error: string };

type SourceRow = typeof newsSources.$inferSelect;

/** The longest a failing source waits before the next try, as a multiple of the interval. */
const MAX_BACKOFF_FACTOR = 8;

/**
 * Fetches, parses and stores one source, then records the outcome on the source: validators and the
 * next poll after a success; the error sentence, the failure count and a longer wait after a failure.
 * Never throws for a bad feed: a failing source must not stop the others.
 */
export async function pollNewsSource(
  db: Database,
  source: SourceRow,
  settings: FeedPollSettings,
  now: Date = new Date(),
): Promise<PollOutcome> {
  const intervalMs = settings.intervalMinutes * 60_000;
  try {
    let xml: string;
    let validators = { etag: source.etag, lastModified: source.lastModified };
    if (source.url.startsWith('bundled:')) {
      const bundled = await readBundledFeed(source.url);
      if (bundled === null) throw new FeedFetchError('No feed of that name ships with Candlewise.');
      xml = bundled;
    } else {
      const fetched = await fetchFeed(source.url, {
        etag: source.etag,
        lastModified: source.lastModified,
        timeoutMs: settings.timeoutMs,
        maxBytes: settings.maxBytes,
        fetchImpl: settings.fetchImpl ?? createGuardedFetch({ allowHosts: settings.allowHosts }),
      });
      if (fetched.notModified) {
        await recordSuccess(db, source.id, validators, now, intervalMs);
        return { status: 'not-modified' };
      }
      xml = fetched.xml;
      validators = { etag: fetched.etag, lastModified: fetched.lastModified };
    }
    const feed = parseFeedDocument(xml, source.url);
    const result = await ingestFeedItems(db, source, feed.items, now);
    await recordSuccess(db, source.id, validators, now, intervalMs);
    return { status: 'ok', ...result };
  } catch (error) {
    const expected = error instanceof FeedFetchError || error instanceof FeedParseError;
    const message = expected
      ? (error as Error).message
      : `Unexpected error while reading the feed (${String((error as Error)?.message ?? error).slice(0, 200)}).`;
    const failures = source.failureCount + 1;
    const wait = intervalMs * Math.min(2 ** (failures - 1), MAX_BACKOFF_FACTOR);
    await db
      .update(newsSources)
      .set({
        lastFetchedAt: now,
        lastError: message,
        failureCount: sql`${newsSources.failureCount} + 1`,
        nextPollAt: new Date(now.getTime() + wait),
      })
      .where(eq(newsSources.id, source.id));
    return { status: 'failed', error: message };
  }
}

async function recordSuccess(
  db: Database,
  sourceId: string,
  validators: { etag: string | null; lastModified: string | null },
  now: Date,
  intervalMs: number,
) {
  await db
    .update(newsSources)
    .set({
      ...validators,
      lastFetchedAt: now,
      lastSuccessAt: now,
      lastError: null,
      failureCount: 0,
      nextPollAt: new Date(now.getTime() + intervalMs),
    })
    .where(eq(newsSources.id, sourceId));
}
