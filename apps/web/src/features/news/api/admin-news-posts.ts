import type { NewsCategory } from '@candlewise/shared/news/news-categories';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { apiClient } from '@/lib/api-client';
import type { NewsItemDetail } from './get-news-item';
import { newsKeys } from './news-query-keys';

export type NewsPostInput = {
  title: string;
  summary: string;
  body: string;
  category: NewsCategory;
  imageUrl: string;
};

/** GET /admin/news/posts: the articles admins wrote, newest first. */
export function useNewsPosts() {
  return useQuery({
    queryKey: newsKeys.posts(),
    queryFn: async ({ signal }) =>
      (
        await apiClient.get<{ posts: NewsItemDetail[]; total: number }>('/admin/news/posts', {
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
        ? apiClient.put(`/admin/news/posts/${encodeURIComponent(postId)}`, input)
        : apiClient.post('/admin/news/posts', input),
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
    mutationFn: (postId: string) => apiClient.delete(`/admin/news/posts/${encodeURIComponent(postId)}`),
    onSuccess: () => {
      toast.success('The article was deleted.');
      void queryClient.invalidateQueries({ queryKey: newsKeys.all });
    },
  });
}
