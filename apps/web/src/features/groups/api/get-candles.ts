import type { DataOf } from '@candlewise/shared/api/contract';
import { CANDLE_INTERVAL_TERMS, type CandleInterval } from '@candlewise/shared/trading/candle-intervals';
import type { tradingContract } from '@candlewise/shared/trading/trading-contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { groupKeys } from './group-query-keys';

/** One candle; `time` in Unix seconds, the start of its interval (what lightweight-charts expects). */
export type Candle = DataOf<typeof tradingContract.getCandles>[number];

/** How many candles the chart asks for: 300 (the most the server gives of days, 90). */
const candleCount = (interval: CandleInterval) => Math.min(300, CANDLE_INTERVAL_TERMS[interval].maxCandles);

/**
 * GET /market/candles/{symbol}?interval=: the last 300 candles of 1m, 5m, 15m or 1h, or 90 days,
 * built by the server from its 1-minute candles; the quotes extend the last one. With a replay
 * competition's `groupId`, its replayed minutes so far; without it, the live market's.
 */
export async function getCandles(
  {
    symbol,
    replayGroupId,
    interval = '1m',
  }: { symbol: string; replayGroupId: string | null; interval?: CandleInterval },
  signal?: AbortSignal,
): Promise<Candle[]> {
  const response = await apiClient.get<Candle[]>(`/market/candles/${encodeURIComponent(symbol)}`, {
    signal,
    query: {
      limit: candleCount(interval),
      groupId: replayGroupId,
      // 1m is the endpoint's default: asked for without it, as before.
      interval: interval === '1m' ? undefined : interval,
    },
  });
  return Array.isArray(response.data) ? response.data : [];
}

export function candlesQueryOptions(
  symbol: string,
  replayGroupId: string | null,
  interval: CandleInterval = '1m',
) {
  return queryOptions({
    queryKey: [...groupKeys.candles(symbol, replayGroupId), interval] as const,
    queryFn: ({ signal }) => getCandles({ symbol, replayGroupId, interval }, signal),
    // A replay plays up to 60 minutes a minute: coming back to a symbol fetches its candles again.
    staleTime: replayGroupId ? 0 : 60_000,
  });
}

/** `replayGroupId`: the competition whose replayed market the chart shows; null for the live market. */
export function useCandles(
  symbol: string | null,
  replayGroupId: string | null = null,
  interval: CandleInterval = '1m',
) {
  return useQuery({
    ...candlesQueryOptions(symbol ?? '', replayGroupId, interval),
    enabled: Boolean(symbol),
  });
}
