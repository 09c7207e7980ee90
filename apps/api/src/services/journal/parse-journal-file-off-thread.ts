import { type JournalColumnMapping, parseJournalFile } from '@candlewise/shared';
import { AppError } from '../../lib/app-error.ts';
import { WorkerPool } from '../../lib/worker-pool.ts';
import { currencyLookup } from './listed-currencies.ts';

/** Below this a file is read at once (a few ms); above it, on a worker thread. */
export const OFF_THREAD_FROM_CHARS = 256 * 1024;

let pool: WorkerPool | null = null;

/**
 * Reads an import file. A large one (a 4.8 MB file takes about a second) is read on a worker
 * thread, so /health and everyone else's requests keep being answered meanwhile (issue #43:
 * four 4.8 MB previews pushed /health from 26 ms to 2.4 s).
 */
export async function parseJournalFileOffThread(
  preset: string,
  text: string,
  options: {
    timeZone: string;
    mapping?: JournalColumnMapping | null;
    listedCurrencies: Record<string, string>;
  },
): Promise<ReturnType<typeof parseJournalFile>> {
  if (text.length < OFF_THREAD_FROM_CHARS) {
    return parseJournalFile(preset, text, {
      timeZone: options.timeZone,
      mapping: options.mapping,
      currencyOf: currencyLookup(options.listedCurrencies),
    });
  }
  pool ??= new WorkerPool(new URL('./parse-journal-file-worker.ts', import.meta.url));
  try {
    return await pool.run({ preset, text, ...options });
  } catch (error) {
    const failure = error as Error & { statusCode?: number; code?: string; details?: unknown };
    if (failure.statusCode) {
      throw new AppError(
        failure.statusCode,
        failure.code as ConstructorParameters<typeof AppError>[1],
        failure.message,
        failure.details as ConstructorParameters<typeof AppError>[3],
      );
    }
    throw error;
  }
}
