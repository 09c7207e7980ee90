import type { MarketSession } from '@candlewise/shared/trading/market-hours';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { apiClient } from '@/lib/api-client';
import type { MarketProvider } from '../lib/market-sources';
import { marketKeys } from './market-query-keys';

/** What PUT /admin/market/instruments/{symbol} takes: providerSymbol is required unless simulated. */
export type InstrumentSource = {
  provider: MarketProvider;
  providerSymbol: string | null;
  session: MarketSession;
};

/** PUT /admin/market/instruments/{symbol}: 200 with a sentence; 400 with details per field. */
export function updateMarketInstrument({ symbol, source }: { symbol: string; source: InstrumentSource }) {
  return apiClient.put<InstrumentSource & { symbol: string }>(
    `/admin/market/instruments/${encodeURIComponent(symbol)}`,
    source,
  );
}

/** The engine resubscribes at once, so the instruments and the providers' state are fetched again. */
export function useUpdateMarketInstrument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMarketInstrument,
    onSuccess: (response) => {
      toast.success(response.message ?? 'Saved.');
      return queryClient.invalidateQueries({ queryKey: marketKeys.all });
    },
  });
}
