import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { groupKeys } from './group-query-keys';

/** One 1-minute candle; `time` in Unix seconds (what lightweight-charts expects). */
export type Candle = { time: number; open: number; high: number; low: number; close: number };

/** GET /market/candles/{symbol}: the last 300 minutes; the live quotes extend the last one. */
export function useCandles(symbol: string | null) {
  return useQuery({
    queryKey: groupKeys.candles(symbol ?? ''),
    queryFn: async ({ signal }) =>
      (
        await apiClient.get<Candle[]>(`/market/candles/${encodeURIComponent(symbol ?? '')}`, {
          signal,
          query: { limit: 300 },
        })
      ).data,
    enabled: Boolean(symbol),
    staleTime: 60_000,
  });
}
