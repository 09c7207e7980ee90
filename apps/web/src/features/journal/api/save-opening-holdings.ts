import type { JournalOpeningHoldingsInput } from '@candlewise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { journalKeys } from './journal-query-keys';
import type { NeedsOpeningHoldings } from './journal-types';

export type OpeningHoldingsResult = {
  completeTrades: number;
  addedTrades: number;
  openPositions: number;
  needsOpeningHoldings: NeedsOpeningHoldings[];
};

/** POST /journal/opening-holdings: the account is rebuilt, so trades, positions and statistics all change. */
export function useSaveOpeningHoldings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: JournalOpeningHoldingsInput) =>
      apiClient.post<OpeningHoldingsResult>('/journal/opening-holdings', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: journalKeys.all }),
  });
}
