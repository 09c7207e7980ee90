import type { NewsItem } from '@candlewise/shared/news/news-categories';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { newsKeys } from './news-query-keys';

export type NewsItemDetail = NewsItem & { body: string | null };

export async function getNewsItem(newsId: string, signal?: AbortSignal): Promise<NewsItemDetail> {
  const response = await apiClient.get<{ item: NewsItemDetail }>(`/news/${encodeURIComponent(newsId)}`, {
    signal,
  });
  return response.data.item;
}

/** One item: an admin's article is read in the app. */
export function useNewsItem(newsId: string) {
  return useQuery(
    queryOptions({ queryKey: newsKeys.item(newsId), queryFn: ({ signal }) => getNewsItem(newsId, signal) }),
  );
}
