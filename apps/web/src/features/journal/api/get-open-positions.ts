import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { journalKeys } from './journal-query-keys';
import type { NeedsOpeningHoldings, OpenPosition } from './journal-types';

export type OpenPositions = {
  positions: OpenPosition[];
  needsOpeningHoldings: Array<NeedsOpeningHoldings & { accountLabel: string }>;
};

/** GET /journal/positions: open positions per account (not trades yet) and sales needing opening holdings. */
export const openPositionsQueryOptions = () =>
  queryOptions({
    queryKey: journalKeys.positions(),
    queryFn: async ({ signal }) =>
      (await apiClient.get<OpenPositions>('/journal/positions', { signal })).data,
  });

export const useOpenPositions = () => useQuery(openPositionsQueryOptions());
