import type { TradeDetail } from '@candlewise/shared/journal/trade-detail';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { journalKeys } from './journal-query-keys';

export type {
  TradeCandle,
  TradeChart,
  TradeDetail,
  TradeExecution,
} from '@candlewise/shared/journal/trade-detail';

/** GET /journal/trades/:id/detail: the trade, its fills and, for a competition trade, its session. */
export async function getTradeDetail(tradeId: string, signal?: AbortSignal): Promise<TradeDetail> {
  return (
    await apiClient.get<TradeDetail>(`/journal/trades/${encodeURIComponent(tradeId)}/detail`, { signal })
  ).data;
}

/** Under the journal's key, so any trade write (an edit of its notes or tags) refreshes it too. */
export function tradeDetailQueryOptions(tradeId: string) {
  return queryOptions({
    queryKey: [...journalKeys.all, 'trade-detail', tradeId] as const,
    queryFn: ({ signal }) => getTradeDetail(tradeId, signal),
  });
}

export function useTradeDetail(tradeId: string) {
  return useQuery(tradeDetailQueryOptions(tradeId));
}
