import { type Database, type DbExecutor, groups, newId, tradingAccounts } from '@candlewise/db';
import { eq, sql } from 'drizzle-orm';
import { AppError, notFound } from '../../lib/app-error.ts';

export type GroupFields = {
  name: string;
  description: string;
  startDate: string;
  endDate: string;
  freezeDuration: number;
  freezeThreshold: number;
  startingBalance: number;
  currency: string;
  drawdownBasis: string;
  dailyLossLimit: number;
  dailyResetHour: number;
  timeZone: string;
  registrationOpen: boolean;
  instruments: string[];
};

export async function createGroup(db: DbExecutor, input: GroupFields) {
  const [created] = await db
    .insert(groups)
    .values({ id: newId(), ...input, startDate: new Date(input.startDate), endDate: new Date(input.endDate) })
    .returning();
  return created;
}

/**
 * Edits a competition. Its account currency is fixed once members have accounts (their balances
 * are in it): the change is refused, in the same statement that would make it.
 */
export async function updateGroup(db: Database, groupId: string, input: GroupFields) {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(groups).where(eq(groups.id, groupId)).for('update');
    if (!current) throw notFound('We could not find that group.');
    if (current.currency !== input.currency) {
      const [funded] = await tx
        .select({ one: sql<number>`1` })
        .from(tradingAccounts)
        .where(eq(tradingAccounts.groupId, groupId))
        .limit(1);
      if (funded)
        throw new AppError(
          409,
          'CONFLICT',
          `Members already hold ${current.currency} accounts in this competition, so its currency cannot change.`,
        );
    }
    const [updated] = await tx
      .update(groups)
      .set({
        ...input,
        startDate: new Date(input.startDate),
        endDate: new Date(input.endDate),
        updatedAt: new Date(),
      })
      .where(eq(groups.id, groupId))
      .returning();
    return updated;
  });
}
