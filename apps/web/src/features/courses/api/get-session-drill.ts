import type { DataOf } from '@candlewise/shared/api/contract';
import type { drillContract } from '@candlewise/shared/courses/drill-contract';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { drillKeys } from './drill-query-keys';

export type SessionDrill = DataOf<typeof drillContract.sessionDrill>;

/** GET /drills/by-session/:sessionId: the drill a practice replay is an attempt at, or null. */
export function useSessionDrill(sessionId: string) {
  return useQuery({
    queryKey: drillKeys.session(sessionId),
    queryFn: async ({ signal }) =>
      (await apiClient.get<SessionDrill>(`/drills/by-session/${encodeURIComponent(sessionId)}`, { signal }))
        .data,
  });
}
