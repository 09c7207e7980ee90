import { IMPORT_JOB_MIN_ROWS, type JournalColumnMapping, type JournalImportJob } from '@candlewise/shared';
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
  /** Futures still open after their expiry: their settlement price is asked for, not invented. */
  needsSettlement?: Array<{
    account: string;
    symbol: string;
    side: 'long' | 'short';
    quantity: number;
    currency: string;
    expiresAt: string;
  }>;
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

function send<T>(step: 'preview' | 'commit' | 'jobs', { preset, file, mapping }: ImportRequest) {
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

/** How often a background import is asked how far it is. */
export const IMPORT_JOB_POLL_MS = 500;

/**
 * Imports the file, all rows or none: POST /journal/import/commit, or for a file of
 * IMPORT_JOB_MIN_ROWS rows or more (`rows` from the preview) a background job followed with
 * GET /journal/import/jobs/:id, each answer handed to `onProgress`. Resolves with the commit's
 * answer and sentence either way; a job that imported nothing rejects with its reason.
 */
export function useCommitImport(onProgress: (job: JournalImportJob) => void = () => undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: ImportRequest & { rows?: number }) => {
      if ((request.rows ?? 0) < IMPORT_JOB_MIN_ROWS) return send<ImportResult>('commit', request);
      let job = (await send<JournalImportJob>('jobs', request)).data;
      onProgress(job);
      while (job.status === 'running') {
        await new Promise((resolve) => setTimeout(resolve, IMPORT_JOB_POLL_MS));
        job = (await apiClient.get<JournalImportJob>(`/journal/import/jobs/${job._id}`)).data;
        onProgress(job);
      }
      if (job.status === 'failed' || !job.result) {
        const lines = job.error?.errors?.slice(0, 3).map((row) => `line ${row.line}: ${row.message}`) ?? [];
        throw new Error([job.error?.message ?? 'The import failed.', ...lines].join(' '));
      }
      return { data: job.result as unknown as ImportResult, message: job.message ?? undefined };
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: journalKeys.all }),
  });
}
