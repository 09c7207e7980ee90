import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { MARKET_REFRESH_MS } from './get-market-instruments';
import { marketKeys } from './market-query-keys';

/** One live provider's connection, as the engine's leader holds it. */
export type ProviderStatus = {
  name: string;
  connected: boolean;
  /** How many instruments it streams. */
  subscribed: number;
  /** Milliseconds, or null before the first quote. */
  lastQuoteAt: number | null;
  /** The last problem, in a sentence an admin can act on. */
  lastError: string | null;
};

/** The providers configured on the server; `role` says whether this server runs the engine. */
export type MarketProviders = { role: 'leader' | 'follower'; providers: ProviderStatus[] };

/** GET /admin/market/providers. */
export async function getMarketProviders(signal?: AbortSignal): Promise<MarketProviders> {
  const response = await apiClient.get<MarketProviders>('/admin/market/providers', { signal });
  return {
    role: response.data?.role === 'follower' ? 'follower' : 'leader',
    providers: Array.isArray(response.data?.providers) ? response.data.providers : [],
  };
}

export function marketProvidersQueryOptions() {
  return queryOptions({
    queryKey: marketKeys.providers(),
    queryFn: ({ signal }) => getMarketProviders(signal),
  });
}

export function useMarketProviders() {
  return useQuery({ ...marketProvidersQueryOptions(), refetchInterval: MARKET_REFRESH_MS });
}
