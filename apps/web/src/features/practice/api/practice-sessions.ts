import type { BodyOf } from '@candlewise/shared/api/contract';
import type {
  PracticeSession,
  PracticeSummary,
  practiceContract,
} from '@candlewise/shared/practice/practice-contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { practiceKeys } from './practice-query-keys';

/** GET /practice/sessions: the learner's replays, newest first (the journal's Practice tab lists them too). */
export function usePracticeSessions() {
  return useQuery({
    queryKey: practiceKeys.sessions(),
    queryFn: async ({ signal }) =>
      (await apiClient.get<PracticeSummary[]>('/practice/sessions', { signal })).data,
  });
}

/** POST /practice/sessions: 201 with the new session; 409 with five running. */
export function useCreatePracticeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: BodyOf<typeof practiceContract.createSession>) =>
      (await apiClient.post<PracticeSession>('/practice/sessions', body)).data,
    onSuccess: (session) => {
      queryClient.setQueryData(practiceKeys.session(session._id), session);
      return queryClient.invalidateQueries({ queryKey: practiceKeys.sessions() });
    },
  });
}
