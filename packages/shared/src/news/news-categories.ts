// No zod here: the web app's news pages import this file alone to stay light.

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

export type NewsItem = {
  _id: string;
  kind: 'feed' | 'post';
  title: string;
  summary: string;
  url: string | null;
  imageUrl: string | null;
  category: NewsCategory;
  symbols: string[];
  source: { _id: string | null; name: string };
  author: string | null;
  publishedAt: string;
};

export type NewsItemDetail = NewsItem & { body: string | null };
