import { parentPort } from 'node:worker_threads';
import { type JournalColumnMapping, parseJournalFile } from '@candlewise/shared';
import { currencyLookup } from './listed-currencies.ts';

/** The worker side of parse-journal-file-off-thread.ts: one file at a time. */
type Task = {
  id: number;
  preset: string;
  text: string;
  timeZone: string;
  mapping?: JournalColumnMapping | null;
  listedCurrencies: Record<string, string>;
};

parentPort?.on('message', (task: Task) => {
  try {
    const parsed = parseJournalFile(task.preset, task.text, {
      timeZone: task.timeZone,
      mapping: task.mapping,
      currencyOf: currencyLookup(task.listedCurrencies),
    });
    // A broker file with row errors is used for nothing but its errors (the preview lists them, a
    // commit refuses): its fills stay here rather than being copied back onto the event loop,
    // where unpacking 70,000 of them would hold it for a good part of a second.
    const value =
      parsed.kind === 'fills' && parsed.errors.length > 0 ? { ...parsed, executions: [] } : parsed;
    parentPort?.postMessage({ id: task.id, ok: true, value });
  } catch (error) {
    const failure = error as Error & { statusCode?: number; code?: string; details?: unknown };
    parentPort?.postMessage({
      id: task.id,
      ok: false,
      error: {
        name: failure.name,
        message: failure.message,
        statusCode: failure.statusCode,
        code: failure.code,
        details: failure.details,
      },
    });
  }
});
