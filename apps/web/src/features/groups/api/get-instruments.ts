import type { MarketSession } from '@candlewise/shared/trading/market-hours';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { groupKeys } from './group-query-keys';

/** A tradable instrument: what the admin form and the trading panel need of it. */
export type Instrument = {
  symbol: string;
  name: string;
  assetClass: string;
  tickSize?: number;
  /** Units of the underlying in one contract (1 EURUSD = 1,000 euros). */
  contractSize?: number;
  /** Quantities go in multiples of this, and at least minQuantity. */
  lotStep?: number;
  minQuantity?: number;
  /** The quote currency: the instrument's prices are in it. */
  currency?: string;
  /** Its market hours: market orders wait for the open outside them ('always' and 'crypto' never close). */
  session?: MarketSession;
};

/** GET /instruments: every instrument the engine quotes. */
export async function getInstruments(signal?: AbortSignal): Promise<Instrument[]> {
  const response = await apiClient.get<Instrument[]>('/instruments', { signal });
  return Array.isArray(response.data) ? response.data : [];
}

export function instrumentsQueryOptions() {
  return queryOptions({
    queryKey: [...groupKeys.all, 'instruments'],
    queryFn: ({ signal }) => getInstruments(signal),
    // The list changes with a deployment, not while an admin edits.
    staleTime: 60 * 60 * 1000,
  });
}

export function useInstruments() {
  return useQuery(instrumentsQueryOptions());
}
