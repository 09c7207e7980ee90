import type { JournalTradeInput } from '@candlewise/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { journalKeys } from './journal-query-keys';
import type { JournalStatisticsView, JournalTrade, TradeFilters } from './journal-types';

export type TradesQuery = TradeFilters & {
  sort: 'date' | 'symbol' | 'pnl' | 'quantity';
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
};

export type TradesPage = {
  trades: JournalTrade[];
  total: number;
  page: number;
  pageSize: number;
  facets: { symbols: string[]; setupTags: string[]; mistakeTags: string[]; currencies: string[] };
};

/** GET /journal/trades with filters, sorting and paging. */
export function useJournalTrades(query: TradesQuery) {
  return useQuery({
    queryKey: journalKeys.trades(query),
    queryFn: async ({ signal }) =>
      (
        await apiClient.get<TradesPage>('/journal/trades', {
          query,
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

/** GET /journal/stats with the same filters, in one currency (the main one unless `currency` is given). */
export function useJournalStatistics(filters: TradeFilters & { currency?: string }) {
  return useQuery({
    queryKey: journalKeys.stats(filters),
    queryFn: async ({ signal }) =>
      (await apiClient.get<JournalStatisticsView>('/journal/stats', { query: filters, signal })).data,
    placeholderData: keepPreviousData,
  });
}

/** Any trade write changes the calendar, the day, the list and the statistics: refresh them all. */
function useJournalWrite<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: journalKeys.all }),
  });
}

export type TradeFormValues = Omit<
  JournalTradeInput,
  'setupTags' | 'mistakeTags' | 'notes' | 'fees' | 'currency' | 'multiplier'
> & {
  setupTags?: string[];
  mistakeTags?: string[];
  notes?: string;
  fees?: number;
  currency?: string;
  multiplier?: number;
};

export const useCreateTrade = () =>
  useJournalWrite(
    async (input: TradeFormValues) => (await apiClient.post<JournalTrade>('/journal/trades', input)).data,
  );

export const useUpdateTrade = () =>
  useJournalWrite(
    async ({ id, input }: { id: string; input: TradeFormValues }) =>
      (await apiClient.put<JournalTrade>(`/journal/trades/${id}`, input)).data,
  );

export const useDeleteTrade = () =>
  useJournalWrite((id: string) => apiClient.delete(`/journal/trades/${id}`));

export const useBulkTag = () =>
  useJournalWrite(
    async (input: {
      tradeIds: string[];
      setupTags: string[];
      mistakeTags: string[];
      mode: 'add' | 'remove';
    }) => (await apiClient.post<{ updated: number }>('/journal/trades/bulk-tag', input)).data,
  );

/** GET /journal/export as a file download. */
export async function downloadExport(filters: TradeFilters) {
  const blob = await apiClient.getBlob('/journal/export', { query: filters });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = 'candlewise-journal.csv';
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
