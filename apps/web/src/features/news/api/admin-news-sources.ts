import type { NewsCategory } from '@candlewise/shared/news/news-categories';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { apiClient } from '@/lib/api-client';
import { newsKeys } from './news-query-keys';

export type NewsSource = {
  _id: string;
  name: string;
  url: string;
  category: NewsCategory;
  enabled: boolean;
  bundled: boolean;
  lastFetchedAt: string | null;
  lastSuccessAt: string | null;
  lastError: string | null;
  failureCount: number;
  nextPollAt: string | null;
  itemCount: number;
};

export type NewsSourceInput = { name: string; url: string; category: NewsCategory; enabled: boolean };

/** GET /admin/news/sources. */
export function useNewsSources() {
  return useQuery({
    queryKey: newsKeys.sources(),
    queryFn: async ({ signal }) =>
      (await apiClient.get<{ sources: NewsSource[] }>('/admin/news/sources', { signal })).data.sources,
  });
}

function useSourceMutation<Variables>(run: (variables: Variables) => Promise<{ message?: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (response) => {
      if (response.message) toast.success(response.message);
      // Sources change what the news list holds (a deleted source takes its items).
      void queryClient.invalidateQueries({ queryKey: newsKeys.all });
    },
  });
}

/** POST /admin/news/sources. */
export function useCreateNewsSource() {
  return useSourceMutation((input: NewsSourceInput) => apiClient.post('/admin/news/sources', input));
}

/** PATCH /admin/news/sources/:id (rename, re-address, switch on or off). */
export function useUpdateNewsSource() {
  return useSourceMutation(({ sourceId, changes }: { sourceId: string; changes: Partial<NewsSourceInput> }) =>
    apiClient.patch(`/admin/news/sources/${encodeURIComponent(sourceId)}`, changes),
  );
}

/** DELETE /admin/news/sources/:id, with its items. */
export function useDeleteNewsSource() {
  return useSourceMutation((sourceId: string) =>
    apiClient.delete(`/admin/news/sources/${encodeURIComponent(sourceId)}`),
  );
}

/** POST /admin/news/sources/:id/poll: fetch now; a failed fetch is a 200 whose message says why. */
export function usePollNewsSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sourceId: string) =>
      apiClient.post<{ result: { status: 'ok' | 'not-modified' | 'failed' } }>(
        `/admin/news/sources/${encodeURIComponent(sourceId)}/poll`,
      ),
    onSuccess: (response) => {
      const text = response.message ?? 'Fetched.';
      if (response.data.result.status === 'failed') toast.error(text);
      else toast.success(text);
      void queryClient.invalidateQueries({ queryKey: newsKeys.all });
    },
  });
}
