import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { browserUtcOffset } from '../lib/journal-time';
import { journalKeys } from './journal-query-keys';

export type ImportPreset = {
  id: 'generic' | 'zerodha' | 'ibkr';
  name: string;
  description: string;
  required: string[];
  optional: string[];
  templateUrl: string;
};

export type ImportPreview = {
  rows: number;
  errors: Array<{ line: number; message: string }>;
  openFills: number;
  newTrades: number;
  duplicates: number;
  trades: Array<{
    line: number;
    symbol: string;
    side: 'long' | 'short';
    quantity: number;
    entryPrice: number;
    exitPrice: number | null;
    entryTime: string;
    exitTime: string | null;
    pnl: number | null;
    duplicate: boolean;
  }>;
};

export type ImportResult = {
  _id: string;
  rows: number;
  added: number;
  duplicates: number;
  openFills: number;
};

export const presetsQueryOptions = () =>
  queryOptions({
    queryKey: journalKeys.presets(),
    queryFn: async ({ signal }) =>
      (await apiClient.get<ImportPreset[]>('/journal/import/presets', { signal })).data,
    staleTime: Number.POSITIVE_INFINITY,
  });
export const useImportPresets = () => useQuery(presetsQueryOptions());

function send<T>(step: 'preview' | 'commit', preset: string, file: File) {
  const form = new FormData();
  form.append('file', file);
  return apiClient.post<T>(`/journal/import/${step}`, form, {
    query: { preset, utcOffsetMinutes: browserUtcOffset() },
  });
}

/** POST /journal/import/preview: nothing is written. */
export const usePreviewImport = () =>
  useMutation({
    mutationFn: async ({ preset, file }: { preset: string; file: File }) =>
      (await send<ImportPreview>('preview', preset, file)).data,
  });

/** POST /journal/import/commit: all rows or none. */
export function useCommitImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ preset, file }: { preset: string; file: File }) =>
      send<ImportResult>('commit', preset, file),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: journalKeys.all }),
  });
}
