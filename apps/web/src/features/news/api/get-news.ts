import type { NewsItem } from '@candlewise/shared/news/news-categories';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { type NewsFilters, newsListQuery } from './first-reads';
import { newsKeys } from './news-query-keys';

export type { NewsFilters };

export type NewsPage = {
  items: NewsItem[];
  total: number;
  page: number;
  pageSize: number;
  mySymbols?: string[];
};

/** GET /news with the page's filters. */
export async function getNews(filters: NewsFilters, signal?: AbortSignal): Promise<NewsPage> {
  const response = await apiClient.get<NewsPage>('/news', {
    signal,
    query: newsListQuery(filters),
  });
  return response.data;
}

export function newsQueryOptions(filters: NewsFilters) {
  return queryOptions({
    queryKey: newsKeys.list(filters),
    queryFn: ({ signal }) => getNews(filters, signal),
    // The list stays on screen while the next page or filter loads.
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useNews(filters: NewsFilters) {
  return useQuery(newsQueryOptions(filters));
}
