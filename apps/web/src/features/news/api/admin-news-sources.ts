import type { BodyOf, DataOf } from '@candlewise/shared/api/contract';
import type { adminNewsContract } from '@candlewise/shared/news/news-contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { apiClient } from '@/lib/api-client';
import { newsKeys } from './news-query-keys';

type Sources = typeof adminNewsContract;
/** A feed source as the admins see it (ADR 023: inferred from the shared contract). */
export type NewsSource = DataOf<Sources['listSources']>['sources'][number];
/** A source as the form sends it (newsSourceFieldsSchema, shared with the API). */
export type NewsSourceInput = BodyOf<Sources['createSource']>;

/** GET /admin/news/sources. */
export function useNewsSources() {
  return useQuery({
    queryKey: newsKeys.sources(),
    queryFn: async ({ signal }) =>
      (await apiClient.get<DataOf<Sources['listSources']>>('/admin/news/sources', { signal })).data.sources,
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
  return useSourceMutation((input: NewsSourceInput) =>
    apiClient.post<DataOf<Sources['createSource']>>('/admin/news/sources', input),
  );
}

/** PATCH /admin/news/sources/:id (rename, re-address, switch on or off). */
export function useUpdateNewsSource() {
  return useSourceMutation(
    ({ sourceId, changes }: { sourceId: string; changes: BodyOf<Sources['updateSource']> }) =>
      apiClient.patch<DataOf<Sources['updateSource']>>(
        `/admin/news/sources/${encodeURIComponent(sourceId)}`,
        changes,
      ),
  );
}

/** DELETE /admin/news/sources/:id, with its items. */
export function useDeleteNewsSource() {
  return useSourceMutation((sourceId: string) =>
    apiClient.delete<DataOf<Sources['deleteSource']>>(`/admin/news/sources/${encodeURIComponent(sourceId)}`),
  );
}

/** POST /admin/news/sources/:id/poll: fetch now; a failed fetch is a 200 whose message says why. */
export function usePollNewsSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sourceId: string) =>
      apiClient.post<DataOf<Sources['pollSource']>>(
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
