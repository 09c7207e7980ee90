// No zod here: the web app's news pages import this file alone to stay light (types only below).
import type { DataOf } from '../api/contract.ts';
import type { newsContract } from './news-contract.ts';

/** The news categories: the tabs on /news, a source's default and a post's category. */
export const NEWS_CATEGORIES = ['markets', 'forex', 'crypto', 'stocks', 'commodities', 'education'] as const;
export type NewsCategory = (typeof NEWS_CATEGORIES)[number];

export const NEWS_CATEGORY_LABELS: Record<NewsCategory, string> = {
  markets: 'Markets',
  forex: 'Forex',
  crypto: 'Crypto',
  stocks: 'Stocks',
  commodities: 'Commodities',
  education: 'Education',
};

/** Maps a feed's own category label (any case, "Forex news", "Cryptocurrency") onto ours, if it names one. */
export function matchNewsCategory(label: string): NewsCategory | null {
  const text = label.trim().toLowerCase();
  if (NEWS_CATEGORIES.includes(text as NewsCategory)) return text as NewsCategory;
  const hints: Array<[RegExp, NewsCategory]> = [
    [/\b(forex|fx|currenc(y|ies))\b/, 'forex'],
    [/\b(crypto\w*|bitcoin|blockchain)\b/, 'crypto'],
    [/\b(stocks?|equit(y|ies)|shares)\b/, 'stocks'],
    [/\b(commodit(y|ies)|gold|oil|metals?)\b/, 'commodities'],
    [/\b(education|learn\w*|lessons?|guides?)\b/, 'education'],
    [/\b(markets?|economy|macro)\b/, 'markets'],
  ];
  return hints.find(([pattern]) => pattern.test(text))?.[1] ?? null;
}

/** A story as GET /news sends it (ADR 023: inferred from the contract; a type-only import, no zod). */
export type NewsItem = DataOf<typeof newsContract.listNews>['items'][number];
/** A story with its markdown body (an admin's article; null for a feed item). */
export type NewsItemDetail = DataOf<typeof newsContract.getNewsItem>['item'];
