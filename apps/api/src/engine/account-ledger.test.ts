import { type DatabaseHandle, fills } from '@candlewise/db';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addApprovedMembers } from '../../test/competition-members.ts';
import { createTestDatabase } from '../../test/helper.ts';
import { cloneAccount, executeFill } from './account-book.ts';
import { loadAccounts, saveAccounts } from './account-ledger.ts';
import { marketOf, quoteOf } from './testing/engine-fixtures.ts';

let database: DatabaseHandle;
beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(() => database.close());

describe('saveAccounts', () => {
  it('stamps a fill with the clock when it is written under the lock, not when its transaction began', async () => {
    const [member] = await addApprovedMembers(database.db, 'ledger-clock', 'group-running', 1, 'clock');
    const started = await database.db.transaction(async (tx) => {
      const result = (await tx.execute(sql`select now() as began`)) as unknown as {
        rows: Array<{ began: string }>;
      };
      const [{ began }] = result.rows;
      // What waiting for another transaction's lock on the account looks like from here.
      await tx.execute(sql`select pg_sleep(0.3)`);
      const before = (await loadAccounts(tx, [member.accountId])).get(member.accountId)!;
      const after = cloneAccount(before);
      const fill = executeFill(
        after,
        { orderId: null, symbol: 'NIFTY50', side: 'buy', quantity: 1, price: 20_000, reason: 'order' },
        marketOf(quoteOf('NIFTY50', 20_000)),
      )!;
      await saveAccounts(tx, [{ before, after, fills: [fill] }]);
      return new Date(began).getTime();
    });
    const [row] = await database.db.select().from(fills).where(eq(fills.accountId, member.accountId));
    expect(row.createdAt.getTime() - started).toBeGreaterThanOrEqual(300);
  });
});

describe('the account history', () => {
  it('stamps each fill with the ledger sequence of the account write that booked it', async () => {
    const [member] = await addApprovedMembers(database.db, 'ledger-order', 'group-running', 1, 'order');
    const book = async (side: 'buy' | 'sell') => {
      const before = (await loadAccounts(database.db, [member.accountId])).get(member.accountId)!;
      const after = cloneAccount(before);
      const fill = executeFill(
        after,
        { orderId: null, symbol: 'NIFTY50', side, quantity: 1, price: 20_000, reason: 'order' },
        marketOf(quoteOf('NIFTY50', 20_000)),
      )!;
      await database.db.transaction((tx) => saveAccounts(tx, [{ before, after, fills: [fill] }]));
      return after.ledgerSeq;
    };
    const opened = await book('buy');
    const closed = await book('sell');
    expect(closed).toBeGreaterThan(opened);
    const rows = await database.db.select().from(fills).where(eq(fills.accountId, member.accountId));
    expect(rows.map((row) => [row.side, row.ledgerSeq]).sort((a, b) => Number(a[1]) - Number(b[1]))).toEqual([
      ['buy', opened],
      ['sell', closed],
    ]);
  });
});
