import type { NewsItem } from '@candlewise/shared/news/news-categories';

/** Candlewise's own site: its stories (the Markets Desk) are read here, not on a page elsewhere. */
const OWN_HOSTS = new Set(['candlewise.app', 'www.candlewise.app']);

/** Whether a story's link points at Candlewise's own site. */
export function isOwnStoryUrl(url: string | null): boolean {
  if (!url) return false;
  try {
    return OWN_HOSTS.has(new URL(url).hostname);
  } catch {
    return false;
  }
}

/**
 * Whether the story opens in the app (/news/{id}): an admin's article, a Candlewise story, or an
 * item with no link of its own. Other feed items open the original in a new tab.
 */
export function opensInApp(item: Pick<NewsItem, 'kind' | 'url'>): boolean {
  return item.kind === 'post' || !item.url || isOwnStoryUrl(item.url);
}
