import type { DataOf } from '@candlewise/shared/api/contract';
import type { lessonPlayerContract } from '@candlewise/shared/courses/lesson-player-contract';
import { DEFAULT_PLAYBACK_RATE } from '@candlewise/shared/courses/lesson-player-rules';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { apiClient } from '@/lib/api-client';
import { courseKeys } from './course-query-keys';

export type LearningPreferences = DataOf<typeof lessonPlayerContract.getLearningPreferences>;

/** GET /users/me/learning-preferences: the learner's playback speed (1 until they change it). */
export async function getLearningPreferences(signal?: AbortSignal): Promise<LearningPreferences> {
  const response = await apiClient.get<LearningPreferences>('/users/me/learning-preferences', { signal });
  return response.data;
}

/** PUT /users/me/learning-preferences: remembered on the server, so every device plays at it. */
export async function saveLearningPreferences(
  preferences: LearningPreferences,
): Promise<LearningPreferences> {
  const response = await apiClient.put<LearningPreferences>('/users/me/learning-preferences', preferences);
  return response.data;
}

/** The learner's playback speed; normal speed while it loads or when it cannot be read. */
export function usePlaybackRate(): number {
  const query = useQuery({
    queryKey: courseKeys.learningPreferences(),
    queryFn: ({ signal }) => getLearningPreferences(signal),
    staleTime: 5 * 60_000,
    retry: false,
  });
  return query.data?.playbackRate ?? DEFAULT_PLAYBACK_RATE;
}

/**
 * Changes the speed at once (the cache holds the new one, so the player and the next lesson use it)
 * and saves it; a refusal puts the previous speed back with a toast.
 */
export function useSavePlaybackRate() {
  const queryClient = useQueryClient();
  const key = courseKeys.learningPreferences();
  return useMutation({
    scope: { id: 'learning-preferences' },
    mutationFn: (playbackRate: number) => saveLearningPreferences({ playbackRate }),
    onMutate: async (playbackRate) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<LearningPreferences>(key);
      queryClient.setQueryData<LearningPreferences>(key, { playbackRate });
      return { previous };
    },
    onError: (error, _rate, context) => {
      queryClient.setQueryData<LearningPreferences>(
        key,
        context?.previous ?? { playbackRate: DEFAULT_PLAYBACK_RATE },
      );
      toast.error(`We could not remember the playback speed. ${error.message}`);
    },
    onSuccess: (saved) => queryClient.setQueryData<LearningPreferences>(key, saved),
  });
}
