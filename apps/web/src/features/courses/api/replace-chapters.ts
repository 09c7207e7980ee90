import type { ChapterInput } from '@candlewise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { courseKeys } from './course-query-keys';

export type ReplaceChaptersInput = { videoId: number; chapters: ChapterInput[] };

/** PUT /admin/videos/{id}/chapters: all chapters at once; 400 with a detail per chapter otherwise. */
export function replaceChapters({ videoId, chapters }: ReplaceChaptersInput) {
  return apiClient.put<unknown>(`/admin/videos/${videoId}/chapters`, { chapters });
}

export function useReplaceChapters() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replaceChapters,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courseKeys.all }),
  });
}
