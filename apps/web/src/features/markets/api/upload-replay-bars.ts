import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { marketKeys } from './market-query-keys';

/** What an upload stored: how many bars, from the first to the last (ISO bar times). */
export type UploadedBars = { symbol: string; stored: number; first: string; last: string };

/**
 * POST /admin/market/replay-bars/{symbol} with the CSV's text: 201 with what was stored; 400 with
 * the server's sentence and up to 20 line errors (details with paths such as 'line 3').
 */
export function uploadReplayBars({ symbol, csv }: { symbol: string; csv: string }) {
  return apiClient.post<UploadedBars>(`/admin/market/replay-bars/${encodeURIComponent(symbol)}`, { csv });
}

export function useUploadReplayBars() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadReplayBars,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: marketKeys.replayBars() }),
  });
}
