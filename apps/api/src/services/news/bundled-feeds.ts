import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/** Feeds that ship with the app, addressed as `bundled:<name>`; only these names can be read. */
const BUNDLED_FEEDS = { 'sample-news.xml': new URL('../../../assets/news/sample-news.xml', import.meta.url) };

export const SAMPLE_FEED_URL = 'bundled:sample-news.xml';

export async function readBundledFeed(url: string): Promise<string | null> {
  const name = url.slice('bundled:'.length) as keyof typeof BUNDLED_FEEDS;
  const file = Object.hasOwn(BUNDLED_FEEDS, name) ? BUNDLED_FEEDS[name] : undefined;
  return file ? readFile(fileURLToPath(file), 'utf8') : null;
}
