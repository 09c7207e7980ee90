import type { DataOf } from '@candlewise/shared/api/contract';
import type {
  adminDrillContract,
  Drill,
  DrillAttempt,
  DrillDetail,
  DrillFieldsOutput,
  DrillSummary,
  drillContract,
} from '@candlewise/shared/courses/drill-contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { courseKeys } from './course-query-keys';

/** Trade drills (issue #42): under 'courses', so an admin edit refreshes the course page too. */
export const drillKeys = {
  all: [...courseKeys.all, 'drills'] as const,
  course: (courseId: string) => [...drillKeys.all, 'course', courseId] as const,
  detail: (drillId: string) => [...drillKeys.all, 'detail', drillId] as const,
  session: (sessionId: string) => [...drillKeys.all, 'session', sessionId] as const,
  admin: (courseId: string) => [...drillKeys.all, 'admin', courseId] as const,
  preview: (symbol: string, day: string, startAt: string) =>
    [...drillKeys.all, 'preview', symbol, day, startAt] as const,
};

const enc = encodeURIComponent;
export type SessionDrill = DataOf<typeof drillContract.sessionDrill>;
export type DrillPreview = DataOf<typeof adminDrillContract.previewDay>;
export type DrillFieldsOut = DrillFieldsOutput;

/** GET /courses/:courseId/drills: the drills placed after the course's lessons, with the caller's best. */
export function useCourseDrills(courseId: string) {
  return useQuery({
    queryKey: drillKeys.course(courseId),
    queryFn: async ({ signal }) =>
      (await apiClient.get<DrillSummary[]>(`/courses/${enc(courseId)}/drills`, { signal })).data,
  });
}

/** GET /drills/:drillId: the task, rules and the caller's attempts (newest first). */
export function useDrill(drillId: string) {
  return useQuery({
    queryKey: drillKeys.detail(drillId),
    queryFn: async ({ signal }) =>
      (await apiClient.get<DrillDetail>(`/drills/${enc(drillId)}`, { signal })).data,
  });
}

/** POST /drills/:drillId/attempts: a new attempt and its practice replay (409 with five replays running). */
export function useStartDrill(drillId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await apiClient.post<{ attempt: DrillAttempt; sessionId: string }>(`/drills/${enc(drillId)}/attempts`))
        .data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: drillKeys.all }),
  });
}

/** POST …/attempts/:attemptId/score: ends the replay and scores it. */
export function useScoreDrillAttempt(drillId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (attemptId: string) =>
      (await apiClient.post<DrillAttempt>(`/drills/${enc(drillId)}/attempts/${enc(attemptId)}/score`)).data,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: drillKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['practice'] }),
      ]),
  });
}

/** GET /drills/by-session/:sessionId: the drill a practice replay is an attempt at, or null. */
export function useSessionDrill(sessionId: string) {
  return useQuery({
    queryKey: drillKeys.session(sessionId),
    queryFn: async ({ signal }) =>
      (await apiClient.get<SessionDrill>(`/drills/by-session/${enc(sessionId)}`, { signal })).data,
  });
}

/** GET /admin/courses/:courseId/drills. */
export function useAdminDrills(courseId: string) {
  return useQuery({
    queryKey: drillKeys.admin(courseId),
    queryFn: async ({ signal }) =>
      (await apiClient.get<Drill[]>(`/admin/courses/${enc(courseId)}/drills`, { signal })).data,
  });
}

/** POST /admin/courses/:courseId/drills or PUT /admin/drills/:drillId. */
export function useSaveDrill(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ drillId, fields }: { drillId: string | null; fields: DrillFieldsOut }) =>
      (drillId
        ? await apiClient.put<Drill>(`/admin/drills/${enc(drillId)}`, fields)
        : await apiClient.post<Drill>(`/admin/courses/${enc(courseId)}/drills`, fields)
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: drillKeys.all }),
  });
}

/** DELETE /admin/drills/:drillId. */
export function useDeleteDrill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (drillId: string) => apiClient.delete<null>(`/admin/drills/${enc(drillId)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: drillKeys.all }),
  });
}

/** GET /admin/drills/preview: the day's candles up to the start minute (only with a complete choice). */
export function useDrillPreview(symbol: string, day: string, startAt: string) {
  const complete = Boolean(
    symbol && /^\d{4}-\d{2}-\d{2}$/.test(day) && /^([01]\d|2[0-3]):[0-5]\d$/.test(startAt),
  );
  return useQuery({
    queryKey: drillKeys.preview(symbol, day, startAt),
    enabled: complete,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) =>
      (
        await apiClient.get<DrillPreview>('/admin/drills/preview', {
          signal,
          query: { symbol, day, startAt },
        })
      ).data,
  });
}
