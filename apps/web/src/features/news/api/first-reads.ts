import { NEWS_CATEGORIES, type NewsCategory } from '@candlewise/shared/news/news-categories';

/**
 * What /news reads first, with no library attached: a signed-in first load (app/signed-in-pages.ts)
 * starts it while the page's code (and antd's) loads, and the page's own GET takes that answer.
 */

/** Stories per page of /news. */
export const NEWS_PAGE_SIZE = 12;

export type NewsFilters = {
  page: number;
  pageSize: number;
  category?: NewsCategory;
  q?: string;
  mine?: boolean;
};

/** The filters an address asks for (/news?category=&q=&mine=1&page=), as the page reads them. */
export function newsFiltersFrom(params: URLSearchParams): NewsFilters {
  const category = params.get('category');
  return {
    page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
    pageSize: NEWS_PAGE_SIZE,
    category: NEWS_CATEGORIES.includes(category as NewsCategory) ? (category as NewsCategory) : undefined,
    q: params.get('q')?.trim() || undefined,
    mine: params.get('mine') === '1',
  };
}

/** GET /news's query for these filters, in the order the API client writes it. */
export function newsListQuery(filters: NewsFilters) {
  return {
    page: filters.page,
    pageSize: filters.pageSize,
    category: filters.category,
    q: filters.q || undefined,
    mine: filters.mine ? 1 : undefined,
  };
}

/** GET /news?… for these filters: the same address the page's own read asks for. */
export function newsListPath(filters: NewsFilters): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(newsListQuery(filters))) {
    if (value !== undefined) search.set(key, String(value));
  }
  return `/news?${search}`;
}
