import type { DataOf } from '@candlewise/shared/api/contract';
import type { newsContract } from '@candlewise/shared/news/news-contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { newsKeys } from './news-query-keys';

type NewsItemAnswer = DataOf<typeof newsContract.getNewsItem>;
export type NewsItemDetail = NewsItemAnswer['item'];

export async function getNewsItem(newsId: string, signal?: AbortSignal): Promise<NewsItemDetail> {
  const response = await apiClient.get<NewsItemAnswer>(`/news/${encodeURIComponent(newsId)}`, {
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
