import type { DbExecutor } from '@candlewise/db';
import type { ImportedExecution, JournalExecutionSource } from '@candlewise/shared';
import { type RebuildResult, rebuildAccountTrades, userTimeZone } from './rebuild-account-trades.ts';
import { type KnownFills, type StoredCounts, storeExecutions } from './store-executions.ts';

export type RecordedExecutions = {
  stored: StoredCounts;
  /** The rebuild of each account that had a new or changed fill. */
  rebuilt: Map<string, RebuildResult>;
  /** Trades new to the journal, over all accounts. */
  addedTrades: number;
};

/**
 * The one path from fills to trades, for CSV imports, broker syncs and competition fills alike:
 * store the fills (idempotent by identity), then rebuild the trades of every account that changed.
 * Run it in a transaction so the fills and their trades are written together.
 */
export async function recordExecutions(
  tx: DbExecutor,
  input: {
    userId: string;
    source: JournalExecutionSource;
    executions: readonly ImportedExecution[];
    /** The broker connection, competition or preset the trades of an account came from. */
    originOf: (account: string) => string | null;
    /** The accounts' stored fills, when the caller read them in this transaction already. */
    known?: KnownFills;
    /** Called as fills are stored: how many of the input are done (a job's progress). */
    onStored?: (done: number) => void;
  },
): Promise<RecordedExecutions> {
  const stored = await storeExecutions(
    tx,
    input.userId,
    input.source,
    input.executions,
    input.known,
    input.onStored,
  );
  const rebuilt = new Map<string, RebuildResult>();
  let addedTrades = 0;
  if (stored.changedAccounts.size === 0) return { stored, rebuilt, addedTrades };
  const timeZone = await userTimeZone(tx, input.userId);
  for (const account of [...stored.changedAccounts].sort()) {
    const result = await rebuildAccountTrades(tx, {
      userId: input.userId,
      source: input.source,
      account,
      origin: input.originOf(account),
      timeZone,
    });
    rebuilt.set(account, result);
    addedTrades += result.added;
  }
  return { stored, rebuilt, addedTrades };
}
