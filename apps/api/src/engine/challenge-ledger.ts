import { type DbExecutor, fills } from '@candlewise/db';
import { type PhaseFacts, type PhaseFill, phaseFacts } from '@candlewise/shared/challenges/objectives';
import { minorUnitsOf } from '@candlewise/shared/money/money';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AccountState } from './account-book.ts';
import { type ChallengeGroup, challengeDay, marketTime } from './challenge-rules.ts';

/** A phase's fills, oldest first, as the objectives read them: times on the market's clock. */
export async function loadPhaseFills(
  db: DbExecutor,
  accountId: string,
  phase: number,
  group: ChallengeGroup,
): Promise<PhaseFill[]> {
  const rows = await db
    .select({
      createdAt: fills.createdAt,
      symbol: fills.symbol,
      side: fills.side,
      quantity: fills.quantity,
      realizedPnl: fills.realizedPnl,
      fee: fills.fee,
    })
    .from(fills)
    .where(and(eq(fills.accountId, accountId), eq(fills.phase, phase)))
    .orderBy(sql`${fills.ledgerSeq} asc nulls first`, asc(fills.createdAt), asc(fills.id));
  return rows.map((row) => ({
    at: marketTime(group, row.createdAt.getTime()),
    symbol: row.symbol,
    side: row.side,
    quantity: row.quantity,
    netMinor: minorUnitsOf(row.realizedPnl) - minorUnitsOf(row.fee),
  }));
}

/** The phase's trading days and day results, from the ledger (what a pass is decided on). */
export async function loadPhaseFacts(
  db: DbExecutor,
  account: Pick<AccountState, 'id' | 'phase'>,
  group: ChallengeGroup,
): Promise<PhaseFacts> {
  return phaseFacts(await loadPhaseFills(db, account.id, account.phase, group), challengeDay(group));
}
