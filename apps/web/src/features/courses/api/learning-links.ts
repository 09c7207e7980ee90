import type { BodyOf, DataOf } from '@candlewise/shared/api/contract';
import type { adminLearningLinkContract } from '@candlewise/shared/courses/practise-next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export type LearningLinkRow = DataOf<typeof adminLearningLinkContract.list>[number];
export type SaveLearningLink = BodyOf<typeof adminLearningLinkContract.save>;

const key = ['admin', 'learning-links'] as const;

/** GET /admin/learning-links: which lesson and drill teach each mistake tag and rule. */
export const useLearningLinks = () =>
  useQuery({
    queryKey: key,
    queryFn: async ({ signal }) =>
      (await apiClient.get<LearningLinkRow[]>('/admin/learning-links', { signal })).data,
  });

function useLinkWrite<T>(write: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: key }),
        queryClient.invalidateQueries({ queryKey: ['journal', 'practise-next'] }),
      ]),
  });
}

/** PUT /admin/learning-links: one link per mistake, so saving again replaces it. */
export const useSaveLearningLink = () =>
  useLinkWrite((body: SaveLearningLink) => apiClient.put<LearningLinkRow>('/admin/learning-links', body));

export const useDeleteLearningLink = () =>
  useLinkWrite((linkId: string) => apiClient.delete(`/admin/learning-links/${encodeURIComponent(linkId)}`));
