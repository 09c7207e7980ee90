import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { groupKeys } from './group-query-keys';

/** One 1-minute candle; `time` in Unix seconds (what lightweight-charts expects). */
export type Candle = { time: number; open: number; high: number; low: number; close: number };

/**
 * GET /market/candles/{symbol}: the last 300 minutes; the quotes extend the last one. With a replay
 * competition's `groupId`, its replayed minutes so far; without it, the live market's.
 */
export async function getCandles(
  { symbol, replayGroupId }: { symbol: string; replayGroupId: string | null },
  signal?: AbortSignal,
): Promise<Candle[]> {
  const response = await apiClient.get<Candle[]>(`/market/candles/${encodeURIComponent(symbol)}`, {
    signal,
    query: { limit: 300, groupId: replayGroupId },
  });
  return Array.isArray(response.data) ? response.data : [];
}

export function candlesQueryOptions(symbol: string, replayGroupId: string | null) {
  return queryOptions({
    queryKey: groupKeys.candles(symbol, replayGroupId),
    queryFn: ({ signal }) => getCandles({ symbol, replayGroupId }, signal),
    // A replay plays up to 60 minutes a minute: coming back to a symbol fetches its candles again.
    staleTime: replayGroupId ? 0 : 60_000,
  });
}

/** `replayGroupId`: the competition whose replayed market the chart shows; null for the live market. */
export function useCandles(symbol: string | null, replayGroupId: string | null = null) {
  return useQuery({ ...candlesQueryOptions(symbol ?? '', replayGroupId), enabled: Boolean(symbol) });
}
