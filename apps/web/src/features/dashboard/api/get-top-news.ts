import type { DataOf } from '@candlewise/shared/api/contract';
import type { NewsItem } from '@candlewise/shared/news/news-categories';
import type { newsContract } from '@candlewise/shared/news/news-contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export const TOP_NEWS_COUNT = 4;

/** The newest stories for the dashboard (GET /news, first page). */
export async function getTopNews(signal?: AbortSignal): Promise<NewsItem[]> {
  const response = await apiClient.get<DataOf<typeof newsContract.listNews>>('/news', {
    signal,
    query: { page: 1, pageSize: TOP_NEWS_COUNT },
  });
  return response.data?.items ?? [];
}

export function useTopNews() {
  return useQuery(
    queryOptions({
      queryKey: ['dashboard', 'top-news'],
      queryFn: ({ signal }) => getTopNews(signal),
      staleTime: 60_000,
    }),
  );
}
