import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { MarketProvider } from '../lib/market-sources';

export type ProbeQuote = { bid: number; ask: number; time: number };

/**
 * POST /admin/market/providers/{provider}/test: the provider's first quote for one symbol; 502 with
 * the provider's sentence, 409 when the provider is not configured on the server.
 */
export function testProviderConnection({
  provider,
  providerSymbol,
}: {
  provider: Exclude<MarketProvider, 'simulated'>;
  providerSymbol: string;
}) {
  return apiClient.post<ProbeQuote>(`/admin/market/providers/${encodeURIComponent(provider)}/test`, {
    providerSymbol,
  });
}

export function useTestProviderConnection() {
  return useMutation({ mutationFn: testProviderConnection });
}
