import type { BodyOf, DataOf } from '@candlewise/shared/api/contract';
import type { adminNewsContract } from '@candlewise/shared/news/news-contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { apiClient } from '@/lib/api-client';
import { newsKeys } from './news-query-keys';

/** An article as the form sends it (newsPostFieldsSchema, shared with the API). */
export type NewsPostInput = BodyOf<typeof adminNewsContract.createPost>;

/** GET /admin/news/posts: the articles admins wrote, newest first. */
export function useNewsPosts() {
  return useQuery({
    queryKey: newsKeys.posts(),
    queryFn: async ({ signal }) =>
      (
        await apiClient.get<DataOf<typeof adminNewsContract.listPosts>>('/admin/news/posts', {
          signal,
          query: { pageSize: 100 },
        })
      ).data.posts,
  });
}

/** POST /admin/news/posts, or PUT /admin/news/posts/:id when editing. */
export function useSaveNewsPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, input }: { postId?: string; input: NewsPostInput }) =>
      postId
        ? apiClient.put<DataOf<typeof adminNewsContract.updatePost>>(
            `/admin/news/posts/${encodeURIComponent(postId)}`,
            input,
          )
        : apiClient.post<DataOf<typeof adminNewsContract.createPost>>('/admin/news/posts', input),
    onSuccess: (_response, { postId }) => {
      toast.success(postId ? 'The article was saved.' : 'The article was published.');
      void queryClient.invalidateQueries({ queryKey: newsKeys.all });
    },
  });
}

/** DELETE /admin/news/posts/:id. */
export function useDeleteNewsPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (postId: string) =>
      apiClient.delete<DataOf<typeof adminNewsContract.deletePost>>(
        `/admin/news/posts/${encodeURIComponent(postId)}`,
      ),
    onSuccess: () => {
      toast.success('The article was deleted.');
      void queryClient.invalidateQueries({ queryKey: newsKeys.all });
    },
  });
}
