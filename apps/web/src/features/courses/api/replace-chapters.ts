import type { BodyOf, DataOf } from '@candlewise/shared/api/contract';
import type { adminCourseContract } from '@candlewise/shared/courses/course-contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { courseKeys } from './course-query-keys';

type ReplaceChapters = typeof adminCourseContract.replaceChapters;
export type ReplaceChaptersInput = { videoId: number } & BodyOf<ReplaceChapters>;

/** PUT /admin/videos/{id}/chapters: all chapters at once; 400 with a detail per chapter otherwise. */
export function replaceChapters({ videoId, chapters }: ReplaceChaptersInput) {
  return apiClient.put<DataOf<ReplaceChapters>>(`/admin/videos/${videoId}/chapters`, { chapters });
}

export function useReplaceChapters() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replaceChapters,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courseKeys.all }),
  });
}
