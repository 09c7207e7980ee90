import type { DataOf } from '@candlewise/shared/api/contract';
import type { newsContract } from '@candlewise/shared/news/news-contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { type NewsFilters, newsListQuery } from './first-reads';
import { newsKeys } from './news-query-keys';

export type { NewsFilters };

/** One page of GET /news (ADR 023: inferred from the shared contract). */
export type NewsPage = DataOf<typeof newsContract.listNews>;

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
