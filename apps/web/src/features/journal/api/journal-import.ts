import type { JournalColumnMapping } from '@candlewise/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { journalKeys } from './journal-query-keys';
import type { NeedsOpeningHoldings } from './journal-types';

/** A file layout the import reads: a broker's file (fills) or the Candlewise template (trades). */
export type ImportPreset = {
  id: string;
  kind: 'fills' | 'trades';
  name: string;
  description: string;
  /** How to get the file from the broker, step by step. */
  howToExport: string;
  /** The template or an example file, when there is one. */
  templateUrl: string | null;
};

/** What broker files (fills) and the template (trades) both answer. */
type ImportCounts = {
  /** 'fills': a broker file, rebuilt with the account's other fills; 'trades': template rows. */
  format: 'fills' | 'trades';
  newFills: number;
  knownFills: number;
  /** Complete trades the file's fills belong to, and positions they leave open. */
  completeTrades: number;
  openPositions: number;
  needsOpeningHoldings: NeedsOpeningHoldings[];
};

export type ImportPreview = ImportCounts & {
  /** The layout the file was read in (found from its columns when the choice was 'auto'). */
  layout: string | null;
  /** A file no layout fits: the columns of its first row, for the learner to map. */
  columns?: string[];
  rows: number;
  errors: Array<{ line: number; message: string }>;
  skipped: Record<string, number>;
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
    currency: string;
    duplicate: boolean;
  }>;
};

export type ImportResult = ImportCounts & {
  _id: string;
  layout: string;
  rows: number;
  /** Trades new to the journal, and trades already there. */
  added: number;
  duplicates: number;
};

export const presetsQueryOptions = () =>
  queryOptions({
    queryKey: journalKeys.presets(),
    queryFn: async ({ signal }) =>
      (await apiClient.get<ImportPreset[]>('/journal/import/presets', { signal })).data,
    staleTime: Number.POSITIVE_INFINITY,
  });
export const useImportPresets = () => useQuery(presetsQueryOptions());

/** What to import: the layout (or 'column-mapping' with the learner's mapping) and the file. */
export type ImportRequest = { preset: string; file: File; mapping?: JournalColumnMapping | null };

function send<T>(step: 'preview' | 'commit', { preset, file, mapping }: ImportRequest) {
  const form = new FormData();
  form.append('file', file);
  return apiClient.post<T>(`/journal/import/${step}`, form, {
    query: mapping ? { preset: 'column-mapping', mapping: JSON.stringify(mapping) } : { preset },
  });
}

/** POST /journal/import/preview: nothing is written. */
export const usePreviewImport = () =>
  useMutation({
    mutationFn: async (request: ImportRequest) => (await send<ImportPreview>('preview', request)).data,
  });

/** POST /journal/import/commit: all rows or none. */
export function useCommitImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: ImportRequest) => send<ImportResult>('commit', request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: journalKeys.all }),
  });
}
