import {
  challengeEvents,
  type DbExecutor,
  fills as fillsTable,
  groups,
  newId,
  orders as ordersTable,
  positions as positionsTable,
  tradingAccounts,
  users,
} from '@candlewise/db';
import { decimalToNumber, fromMinorUnits, minorToDecimalText, minorUnitsOf } from '@candlewise/shared';
import { and, asc, eq, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { AccountState, CancelReason, ChallengeDecision, FillRecord } from './account-book.ts';

/**
 * The one path by which an account's balance, positions, orders and fills change, whichever
 * process causes it (an order, a tick, a removal): load the account under its row lock, decide
 * on that copy, then save here in the same transaction. Every save bumps the account's version
 * (checked, so a write can only apply to the state it was decided on) and books money exactly:
 * the balance moves by the sum of the new fills' cents, in SQL numeric arithmetic.
 */

type Row = Record<string, unknown>;

function rowsOf(result: unknown): Row[] {
  return (Array.isArray(result) ? result : (result as { rows: Row[] }).rows) as Row[];
}

/** An account row as the engine holds it (positions and orders to be added). */
export function accountStateOf(
  account: typeof tradingAccounts.$inferSelect,
  owner: { firstName: string | null; lastName: string | null; email: string },
  currency: string,
): AccountState {
  return {
    id: account.id,
    groupId: account.groupId,
    userId: account.userId,
    name: [owner.firstName, owner.lastName].filter(Boolean).join(' ') || owner.email.split('@')[0],
    currency,
    startingBalance: account.startingBalance,
    balance: account.balance,
    equity: account.equity,
    peakEquity: account.peakEquity,
    frozenUntil: account.frozenUntil?.getTime() ?? null,
    frozenReason: (account.frozenReason as AccountState['frozenReason']) ?? null,
    dayStartEquity: account.dayStartEquity,
    dayStartedAt: account.dayStartedAt?.getTime() ?? null,
    freezeCount: account.freezeCount,
    tradesCount: account.tradesCount,
    finalRank: account.finalRank,
    removed: account.removedAt !== null,
    version: account.version,
    ledgerSeq: account.ledgerSeq,
    positions: new Map(),
    openOrders: [],
    phase: account.phase,
    phaseStartedAt: account.phaseStartedAt?.getTime() ?? null,
    challengeStatus: account.challengeStatus,
    dayStartBalance: account.dayStartBalance,
    eodHighBalance: account.eodHighBalance,
    equityHigh: account.equityHigh,
    maxDrawdownPercent: account.maxDrawdownPercent,
  };
}

/** The accounts as stored, with their positions and open orders; locked until commit when asked. */
export async function loadAccounts(
  db: DbExecutor,
  accountIds: string[],
  options: { lock?: boolean } = {},
): Promise<Map<string, AccountState>> {
  if (!accountIds.length) return new Map();
  const ids = [...new Set(accountIds)].sort(); // one lock order everywhere: no deadlocks
  return readAccounts(db, inArray(tradingAccounts.id, ids), (found) => found, options);
}

/**
 * Every account of these competitions with its positions and open orders, in three statements
 * whatever their number: what a process reads for the competitions it has just taken over.
 */
export function loadAccountsOfCompetitions(
  db: DbExecutor,
  groupIds: string[],
): Promise<Map<string, AccountState>> {
  if (!groupIds.length) return Promise.resolve(new Map());
  const inCompetitions = inArray(tradingAccounts.groupId, groupIds);
  // Their positions and orders by a subquery: 51,000 ids would be 51,000 parameters.
  const ids = db.select({ id: tradingAccounts.id }).from(tradingAccounts).where(inCompetitions);
  return readAccounts(db, inCompetitions, () => ids, {});
}

/**
 * `which` picks the accounts; `theirIds` says which account ids their positions and orders belong
 * to, given the ids found (a list, or a subquery).
 */
async function readAccounts(
  db: DbExecutor,
  which: SQL,
  theirIds: (found: string[]) => string[] | SQLWrapper,
  options: { lock?: boolean },
): Promise<Map<string, AccountState>> {
  const loaded = new Map<string, AccountState>();
  const query = db
    .select({
      account: tradingAccounts,
      currency: groups.currency,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(tradingAccounts)
    .innerJoin(users, eq(users.id, tradingAccounts.userId))
    .innerJoin(groups, eq(groups.id, tradingAccounts.groupId))
    .where(which)
    .orderBy(asc(tradingAccounts.id));
  const accountRows = options.lock ? await query.for('update', { of: tradingAccounts }) : await query;
  if (!accountRows.length) return loaded;
  const found = accountRows.map((row) => row.account.id);
  // One after the other: inside a transaction they share one connection anyway.
  const owners = theirIds(found);
  const positionRows = await db
    .select()
    .from(positionsTable)
    .where(inArray(positionsTable.accountId, owners));
  const orderRows = await db
    .select()
    .from(ordersTable)
    .where(and(inArray(ordersTable.accountId, owners), eq(ordersTable.status, 'open')))
    .orderBy(asc(ordersTable.createdAt), asc(ordersTable.id));
  for (const { account, currency, firstName, lastName, email } of accountRows)
    loaded.set(account.id, accountStateOf(account, { firstName, lastName, email }, currency));
  for (const position of positionRows) {
    loaded.get(position.accountId)?.positions.set(position.symbol, {
      symbol: position.symbol,
      quantity: position.quantity,
      averagePrice: position.averagePrice,
      stopLoss: position.stopLoss,
      takeProfit: position.takeProfit,
    });
  }
  for (const order of orderRows) {
    if (order.type === 'market' || order.price === null) continue;
    loaded.get(order.accountId)?.openOrders.push({
      id: order.id,
      symbol: order.symbol,
      side: order.side,
      type: order.type,
      quantity: order.quantity,
      price: order.price,
      stopLoss: order.stopLoss,
      takeProfit: order.takeProfit,
    });
  }
  return loaded;
}

/** The member's account id in a competition, locked for the rest of the transaction. */
export async function lockAccountOf(db: DbExecutor, groupId: string, userId: string) {
  const [row] = await db
    .select({ id: tradingAccounts.id })
    .from(tradingAccounts)
    .where(and(eq(tradingAccounts.groupId, groupId), eq(tradingAccounts.userId, userId)))
    .for('update');
  return row?.id ?? null;
}

export type NewOrder = {
  id: string;
  symbol: string;
  side: 'buy' | 'sell';
  type: 'market' | 'limit' | 'stop';
  quantity: number;
  price: number | null;
  stopLoss: number | null;
  takeProfit: number | null;
  status: 'open' | 'filled';
  fillPrice: number | null;
};

/** New protective levels of an order still open (the trader amended them). */
export type AmendedOrder = { id: string; stopLoss: number | null; takeProfit: number | null };

export type AccountWrite = {
  /** The state as loaded under the lock (its version is checked). */
  before: AccountState;
  /** The state decided on it. */
  after: AccountState;
  fills: FillRecord[];
  newOrders?: NewOrder[];
  filledOrders?: Array<{ id: string; price: number }>;
  canceledOrders?: Array<{ id: string; reason: CancelReason | string }>;
  amendedOrders?: AmendedOrder[];
  /** Set (or clear) the removal of the member. */
  removedAt?: Date | null;
  /** A challenge decision to record with its evidence: the fills of its phase since `fillsSince`. */
  challenge?: ChallengeDecision & { ruleSet: string; fillsSince: number };
  /**
   * The engine's lease epoch for the account's competition (the tick's writes): the account row and
   * its fills carry it and the database refuses a stale one. Null or absent: a member's own request.
   */
  leaseEpoch?: number | null;
};

export class LedgerConflictError extends Error {
  constructor(message: string) {
    super(`ledger: ${message}`);
    this.name = 'LedgerConflictError';
  }
}

const values = (rows: SQL[]) => sql.join(rows, sql`, `);
/** A decimal-carrying number as its exact text (String prints the decimal it carries). */
const numeric = (value: number | null) =>
  value === null ? sql`null::numeric` : sql`${String(value)}::numeric`;
/** An amount in whole minor units as its exact text. */
const amount = (value: number | null) =>
  value === null ? sql`null::numeric` : sql`${minorToDecimalText(minorUnitsOf(value))}::numeric`;
const stamp = (value: number | Date | null) =>
  value === null ? sql`null::timestamptz` : sql`${new Date(value).toISOString()}::timestamptz`;

/**
 * Saves decided states. Throws (rolling the caller's transaction back) when an account changed
 * since it was loaded, or an order it fills or cancels is no longer open: then nothing is saved.
 * Sets each `after.version` and `after.balance` to what the database now holds.
 */
export async function saveAccounts(tx: DbExecutor, writes: AccountWrite[]): Promise<void> {
  if (!writes.length) return;
  const accountRows: SQL[] = [];
  for (const write of writes) {
    const { before, after, fills } = write;
    // Integers of minor units: the sum and the comparison are exact.
    const cents = fills.reduce((sum, fill) => sum + fill.realizedCents, 0);
    // A new challenge phase starts a new account at the phase's starting balance (the fills of
    // this write, its close-out, still belong to the phase that ended).
    const newPhase = after.phase !== before.phase;
    const expected = newPhase ? before.startingBalance : fromMinorUnits(minorUnitsOf(before.balance) + cents);
    if (expected !== after.balance)
      throw new LedgerConflictError(`account ${after.id}: balance ${after.balance} is not its fills' sum`);
    const setRemoved = write.removedAt !== undefined;
    accountRows.push(
      sql`(${after.id}::text, ${before.version}::int, ${minorToDecimalText(cents)}::numeric, ${fills.length}::int,
        ${amount(after.equity)}, ${amount(after.peakEquity)},
        ${stamp(after.frozenUntil)}, ${after.freezeCount}::int, ${after.finalRank}::int,
        ${setRemoved}::boolean, ${stamp(write.removedAt ?? null)}, ${after.frozenReason}::text,
        ${amount(after.dayStartEquity)},
        ${stamp(after.dayStartedAt)}, ${newPhase}::boolean, ${after.phase}::int, ${stamp(after.phaseStartedAt)},
        ${after.challengeStatus}::text, ${amount(after.dayStartBalance)}, ${amount(after.eodHighBalance)},
        ${amount(after.equityHigh)}, ${String(after.maxDrawdownPercent)}::numeric, ${write.leaseEpoch ?? null}::bigint)`,
    );
  }
  const updated = rowsOf(
    await tx.execute(sql`update trading_accounts as t set
        balance = case when v.new_phase then t.starting_balance else t.balance + v.delta end,
        trades_count = t.trades_count + v.fills,
        version = t.version + 1,
        ledger_seq = nextval('ledger_seq'),
        equity = v.equity,
        peak_equity = v.peak,
        frozen_until = v.frozen_until,
        freeze_count = v.freeze_count,
        final_rank = v.final_rank,
        removed_at = case when v.set_removed then v.removed_at else t.removed_at end,
        frozen_reason = v.frozen_reason,
        day_start_equity = v.day_start_equity,
        day_started_at = v.day_started_at,
        phase = v.phase,
        phase_started_at = v.phase_started_at,
        challenge_status = v.challenge_status,
        day_start_balance = v.day_start_balance,
        eod_high_balance = v.eod_high_balance,
        equity_high = v.equity_high,
        max_drawdown_percent = v.max_drawdown_percent,
        lease_epoch = v.lease_epoch,
        updated_at = now()
      from (values ${values(accountRows)})
        as v(id, version, delta, fills, equity, peak, frozen_until, freeze_count, final_rank, set_removed, removed_at,
          frozen_reason, day_start_equity, day_started_at, new_phase, phase, phase_started_at, challenge_status,
          day_start_balance, eod_high_balance, equity_high, max_drawdown_percent, lease_epoch)
      where t.id = v.id and t.version = v.version
      returning t.id, t.balance::text as balance, t.version, t.ledger_seq`),
  );
  if (updated.length !== writes.length)
    throw new LedgerConflictError(
      `${writes.length - updated.length} account(s) changed since they were read`,
    );
  const saved = new Map(updated.map((row) => [row.id as string, row]));
  for (const { after } of writes) {
    const row = saved.get(after.id)!;
    after.version = Number(row.version);
    after.ledgerSeq = Number(row.ledger_seq);
    after.balance = decimalToNumber(row.balance as string);
  }

  // Positions: the symbols that changed are written, the closed ones deleted.
  const upserts: SQL[] = [];
  const deletions: SQL[] = [];
  for (const { before, after } of writes) {
    const symbols = new Set([...before.positions.keys(), ...after.positions.keys()]);
    for (const symbol of symbols) {
      const old = before.positions.get(symbol);
      const next = after.positions.get(symbol);
      if (!next) {
        deletions.push(sql`(${after.id}::text, ${symbol}::text)`);
      } else if (
        !old ||
        old.quantity !== next.quantity ||
        old.averagePrice !== next.averagePrice ||
        old.stopLoss !== next.stopLoss ||
        old.takeProfit !== next.takeProfit
      ) {
        upserts.push(
          sql`(${after.id}::text, ${symbol}::text, ${String(next.quantity)}::numeric, ${String(next.averagePrice)}::numeric,
            ${numeric(next.stopLoss)}, ${numeric(next.takeProfit)})`,
        );
      }
    }
  }
  if (deletions.length)
    await tx.execute(sql`delete from positions as p using (values ${values(deletions)}) as v(account_id, symbol)
      where p.account_id = v.account_id and p.symbol = v.symbol`);
  if (upserts.length)
    await tx.execute(sql`insert into positions (account_id, symbol, quantity, average_price, stop_loss, take_profit)
      values ${values(upserts)}
      on conflict (account_id, symbol) do update set quantity = excluded.quantity,
        average_price = excluded.average_price, stop_loss = excluded.stop_loss, take_profit = excluded.take_profit`);

  // Orders: new ones, then pending ones amended, filled or cancelled — only while still open.
  const created = writes.flatMap((write) => (write.newOrders ?? []).map((order) => ({ write, order })));
  if (created.length) {
    await tx.insert(ordersTable).values(
      created.map(({ write, order }) => ({
        id: order.id,
        accountId: write.after.id,
        symbol: order.symbol,
        side: order.side,
        type: order.type,
        quantity: order.quantity,
        price: order.price,
        stopLoss: order.stopLoss,
        takeProfit: order.takeProfit,
        status: order.status,
        fillPrice: order.fillPrice,
        closedAt: order.status === 'filled' ? new Date() : null,
      })),
    );
  }
  // One order amended twice in a batch: the last amendment is its state.
  const latest = new Map<string, SQL>();
  for (const write of writes)
    for (const order of write.amendedOrders ?? [])
      latest.set(
        order.id,
        sql`(${order.id}::text, ${numeric(order.stopLoss)}, ${numeric(order.takeProfit)}, ${write.after.id}::text)`,
      );
  const amended = [...latest.values()];
  if (amended.length) {
    const rows = rowsOf(
      await tx.execute(sql`update orders as o set stop_loss = v.stop_loss, take_profit = v.take_profit
        from (values ${values(amended)}) as v(id, stop_loss, take_profit, account_id)
        where o.id = v.id and o.account_id = v.account_id and o.status = 'open' returning o.id`),
    );
    if (rows.length !== amended.length)
      throw new LedgerConflictError(`${amended.length - rows.length} order(s) to amend were no longer open`);
  }
  const filled = writes.flatMap((write) =>
    (write.filledOrders ?? []).map(
      (order) => sql`(${order.id}::text, ${String(order.price)}::numeric, ${write.after.id}::text)`,
    ),
  );
  if (filled.length) {
    const rows = rowsOf(
      await tx.execute(sql`update orders as o set status = 'filled', fill_price = v.price, closed_at = clock_timestamp()
        from (values ${values(filled)}) as v(id, price, account_id)
        where o.id = v.id and o.account_id = v.account_id and o.status = 'open' returning o.id`),
    );
    if (rows.length !== filled.length)
      throw new LedgerConflictError(`${filled.length - rows.length} order(s) to fill were no longer open`);
  }
  const canceled = writes.flatMap((write) =>
    (write.canceledOrders ?? []).map(
      (order) => sql`(${order.id}::text, ${order.reason}::text, ${write.after.id}::text)`,
    ),
  );
  if (canceled.length) {
    const rows = rowsOf(
      await tx.execute(sql`update orders as o set status = 'canceled', cancel_reason = v.reason, closed_at = clock_timestamp()
        from (values ${values(canceled)}) as v(id, reason, account_id)
        where o.id = v.id and o.account_id = v.account_id and o.status = 'open' returning o.id`),
    );
    if (rows.length !== canceled.length)
      throw new LedgerConflictError(
        `${canceled.length - rows.length} order(s) to cancel were no longer open`,
      );
  }

  const fillRows = writes.flatMap((write) =>
    write.fills.map((fill) => ({
      id: newId(),
      accountId: write.after.id,
      orderId: fill.orderId,
      symbol: fill.symbol,
      side: fill.side,
      quantity: fill.quantity,
      price: fill.price,
      realizedPnl: sql`${minorToDecimalText(fill.realizedCents)}::numeric`,
      fxRate: fill.fxRate,
      reason: fill.reason,
      // The phase the fill was decided in (a phase change's close-out belongs to the phase that ended).
      phase: write.before.phase,
      leaseEpoch: write.leaseEpoch ?? null,
      // Set above by the account's update (nextval under its row lock): the history's order.
      ledgerSeq: write.after.ledgerSeq,
      // The clock now, under the account's lock: now() is the transaction's start, which on
      // PostgreSQL can be before another transaction's fill on this account that held the lock.
      // Writes to one account are serialised by its lock, so its fills' times only go forward.
      createdAt: sql`clock_timestamp()`,
    })),
  );
  // One fill per order is also the database's rule (fills_order_unique): a second one fails here.
  if (fillRows.length) await tx.insert(fillsTable).values(fillRows as never);

  // Challenge decisions, each with the fills that crossed (or met) it, read back in booking order.
  for (const write of writes) {
    const decided = write.challenge;
    if (!decided) continue;
    const ids = rowsOf(
      await tx.execute(sql`select id from fills where account_id = ${write.after.id} and phase = ${decided.phase}
        and created_at >= ${new Date(decided.fillsSince).toISOString()}::timestamptz order by created_at, id`),
    ).map((row) => row.id as string);
    await tx.insert(challengeEvents).values({
      id: newId(),
      accountId: write.after.id,
      ruleSet: decided.ruleSet,
      phase: decided.phase,
      kind: decided.kind,
      rule: decided.rule,
      at: new Date(decided.at),
      equity: sql`${minorToDecimalText(minorUnitsOf(decided.equity))}::numeric` as never,
      balance: sql`${minorToDecimalText(minorUnitsOf(decided.balance))}::numeric` as never,
      threshold:
        decided.threshold === null
          ? null
          : (sql`${minorToDecimalText(minorUnitsOf(decided.threshold))}::numeric` as never),
      fillIds: ids,
      equityCurve: decided.equityCurve,
    });
  }
}
