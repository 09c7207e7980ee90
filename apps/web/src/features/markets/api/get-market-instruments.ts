import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { marketKeys } from './market-query-keys';

/** One instrument as Admin → Markets sees it: where its quotes come from, its hours, its last quote. */
export type MarketInstrument = {
  symbol: string;
  name: string;
  assetClass: string;
  currency: string;
  /** 'simulated', 'binance', 'alpaca' or 'dhan'. */
  provider: string;
  /** The instrument's name at the provider; null for the simulated market. */
  providerSymbol: string | null;
  /** 'always', 'crypto', 'forex', 'nse' or 'us'. */
  session: string;
  /** The server's last quote (`time` in ms); `stale` when its provider has gone quiet. */
  quote: { bid: number; ask: number; time: number; stale: boolean } | null;
};

/** While the tab is open the quotes and their staleness are refreshed this often. */
export const MARKET_REFRESH_MS = 5000;

/** GET /admin/market/instruments. */
export async function getMarketInstruments(signal?: AbortSignal): Promise<MarketInstrument[]> {
  const response = await apiClient.get<MarketInstrument[]>('/admin/market/instruments', { signal });
  return Array.isArray(response.data) ? response.data : [];
}

export function marketInstrumentsQueryOptions() {
  return queryOptions({
    queryKey: marketKeys.instruments(),
    queryFn: ({ signal }) => getMarketInstruments(signal),
  });
}

export function useMarketInstruments() {
  return useQuery({ ...marketInstrumentsQueryOptions(), refetchInterval: MARKET_REFRESH_MS });
}
