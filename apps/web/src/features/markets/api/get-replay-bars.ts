import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { marketKeys } from './market-query-keys';

/** The 1-minute bars stored for one instrument, for replay competitions; `first`/`last` are ISO bar times. */
export type StoredBars = { symbol: string; bars: number; first: string; last: string; days: string[] };

/** GET /admin/market/replay-bars: one row per instrument with bars. */
export async function getReplayBars(signal?: AbortSignal): Promise<StoredBars[]> {
  const response = await apiClient.get<StoredBars[]>('/admin/market/replay-bars', { signal });
  return Array.isArray(response.data) ? response.data : [];
}

export function replayBarsQueryOptions() {
  return queryOptions({
    queryKey: marketKeys.replayBars(),
    queryFn: ({ signal }) => getReplayBars(signal),
  });
}

export function useReplayBars() {
  return useQuery(replayBarsQueryOptions());
}
