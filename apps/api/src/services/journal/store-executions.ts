import { type DbExecutor, journalExecutions, newId } from '@candlewise/db';
import type { ImportedExecution, JournalExecutionSource } from '@candlewise/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';

export type StoredCounts = {
  /** Fills the journal did not know. */
  added: number;
  /**
   * Fills already known whose fee changed (a broker's charges reported after the fill) or that
   * gained the broker's marks (a short sale, the exchange's zone).
   */
  feeUpdated: number;
  /** Fills already known, unchanged. */
  known: number;
  /** Accounts with a new or changed fill: their trades need rebuilding. */
  changedAccounts: Set<string>;
};

/**
 * Stores fills by identity, unique per learner, source and account: a fill read again adds nothing,
 * except that a fee reported later (brokers add charges after the fill) replaces the stored one —
 * a later 0 never erases known charges — and the broker's marks are added when first read.
 */
export async function storeExecutions(
  db: DbExecutor,
  userId: string,
  source: JournalExecutionSource,
  executions: readonly ImportedExecution[],
  known?: KnownFills,
  onStored: (done: number) => void = () => undefined,
): Promise<StoredCounts> {
  const counts: StoredCounts = { added: 0, feeUpdated: 0, known: 0, changedAccounts: new Set() };
  // One statement may not touch a row twice: a fill listed twice is stored once.
  const unique = [
    ...new Map(
      executions.map((execution) => [`${execution.account}\n${execution.identity}`, execution]),
    ).values(),
  ];
  counts.known += executions.length - unique.length;
  // A fill read again unchanged is the common case (a statement exported again, a sync's overlap):
  // those are counted here from one read instead of sent through the upsert, which costs a conflict
  // per row (a 20,000-row file of known fills took 11 s on the embedded database). What may have
  // changed still goes through the upsert, which decides under the unique index.
  const unchanged = await unchangedFills(db, userId, source, unique, known);
  counts.known += unchanged.size;
  const toWrite = unchanged.size === 0 ? unique : unique.filter((execution) => !unchanged.has(execution));
  const alreadyDone = executions.length - toWrite.length;
  onStored(alreadyDone);
  // Chunks keep each statement well under PostgreSQL's 65,535 bind-parameter limit.
  for (let start = 0; start < toWrite.length; start += 2000) {
    const chunk = toWrite.slice(start, start + 2000);
    const written = await db
      .insert(journalExecutions)
      .values(
        chunk.map((execution) => ({
          id: newId(execution.executedAt),
          userId,
          source,
          account: execution.account,
          identity: execution.identity,
          // An export read back brings opening holdings as what they were.
          kind: (execution as { opening?: boolean }).opening ? ('opening' as const) : ('fill' as const),
          symbol: execution.symbol,
          assetClass: execution.assetClass,
          side: execution.side,
          quantity: execution.quantity,
          price: execution.price,
          fee: execution.fee,
          currency: execution.currency,
          multiplier: execution.multiplier,
          executedAt: execution.executedAt,
          brokerTradeId: execution.brokerTradeId ?? null,
          orderId: execution.orderId ?? null,
          shortSale: execution.shortSale ?? false,
          marketZone: execution.marketZone ?? null,
          expiresAt: execution.expiresAt ?? null,
        })),
      )
      .onConflictDoUpdate({
        target: [
          journalExecutions.userId,
          journalExecutions.source,
          journalExecutions.account,
          journalExecutions.identity,
        ],
        // A fill read again may bring what the first reading lacked: its fee, or the broker's marks
        // (a short sale, the exchange's zone) that an earlier version of the importer did not read.
        set: {
          fee: sql`case when excluded.fee <> 0 then excluded.fee else ${journalExecutions.fee} end`,
          shortSale: sql`${journalExecutions.shortSale} or excluded.short_sale`,
          marketZone: sql`coalesce(excluded.market_zone, ${journalExecutions.marketZone})`,
          expiresAt: sql`coalesce(excluded.expires_at, ${journalExecutions.expiresAt})`,
        },
        setWhere: sql`(excluded.fee <> 0 and ${journalExecutions.fee} <> excluded.fee)
          or (excluded.short_sale and not ${journalExecutions.shortSale})
          or (excluded.market_zone is not null and ${journalExecutions.marketZone} is distinct from excluded.market_zone)
          or (excluded.expires_at is not null and ${journalExecutions.expiresAt} is distinct from excluded.expires_at)`,
      })
      // xmax is 0 on a row this statement inserted, the updating transaction's id on an updated one.
      .returning({ account: journalExecutions.account, inserted: sql<boolean>`(xmax = 0)` });
    for (const row of written) {
      if (row.inserted) counts.added += 1;
      else counts.feeUpdated += 1;
      counts.changedAccounts.add(row.account);
    }
    counts.known += chunk.length - written.length;
    onStored(alreadyDone + start + chunk.length);
  }
  return counts;
}

/** What the upsert compares of each stored fill of an account, by identity. */
export type StoredMarks = { fee: number; shortSale: boolean; marketZone: string | null };
/**
 * The stored fills of some accounts, read in the same transaction just before (an import's plan),
 * so they are not read twice.
 */
export type KnownFills = Map<string, Map<string, StoredMarks>>;

/** Micro-units, as numeric(20, 6) keeps a fee. */
const micros = (value: number) => Math.round(value * 1e6);

/**
 * The fills of `executions` already stored with nothing the upsert would change (the same test as
 * its `setWhere`, on the stored values).
 */
async function unchangedFills(
  db: DbExecutor,
  userId: string,
  source: JournalExecutionSource,
  executions: readonly ImportedExecution[],
  known?: KnownFills,
): Promise<Set<ImportedExecution>> {
  const unchanged = new Set<ImportedExecution>();
  const byAccount = new Map<string, ImportedExecution[]>();
  for (const execution of executions) {
    const list = byAccount.get(execution.account) ?? [];
    list.push(execution);
    byAccount.set(execution.account, list);
  }
  const isUnchanged = (execution: ImportedExecution, row: StoredMarks | undefined) => {
    if (!row) return false;
    const feeChanges = execution.fee !== 0 && micros(execution.fee) !== micros(row.fee);
    const marksShort = (execution.shortSale ?? false) && !row.shortSale;
    const zoneChanges = (execution.marketZone ?? null) !== null && execution.marketZone !== row.marketZone;
    return !feeChanges && !marksShort && !zoneChanges;
  };
  for (const [account, list] of byAccount) {
    const read = known?.get(account);
    if (read) {
      for (const execution of list)
        if (isUnchanged(execution, read.get(execution.identity))) unchanged.add(execution);
      continue;
    }
    for (let start = 0; start < list.length; start += 5000) {
      const chunk = list.slice(start, start + 5000);
      const stored = await db
        .select({
          identity: journalExecutions.identity,
          fee: journalExecutions.fee,
          shortSale: journalExecutions.shortSale,
          marketZone: journalExecutions.marketZone,
        })
        .from(journalExecutions)
        .where(
          and(
            eq(journalExecutions.userId, userId),
            eq(journalExecutions.source, source),
            eq(journalExecutions.account, account),
            inArray(
              journalExecutions.identity,
              chunk.map((execution) => execution.identity),
            ),
          ),
        );
      const byIdentity = new Map(stored.map((row) => [row.identity, row]));
      for (const execution of chunk)
        if (isUnchanged(execution, byIdentity.get(execution.identity))) unchanged.add(execution);
    }
  }
  return unchanged;
}
