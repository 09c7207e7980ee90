import { type DbExecutor, journalExecutions, journalTrades, newId, users } from '@candlewise/db';
import {
  EXPIRY_ASSUMED_ZERO_NOTE,
  type Execution,
  type JournalExecutionSource,
  type RebuildOptions,
  type RebuiltPositions,
  type RoundTrip,
  rebuildPositions,
} from '@candlewise/shared';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';

/** One account of fills: CSV ('' or the file's account), a broker connection, a competition account. */
export type ExecutionAccount = { source: JournalExecutionSource; account: string };

/** Presets whose trades were stored before fills were kept (hashed ids): adopted by the rebuild. */
const LEGACY_PRESET_ORIGINS = ['zerodha', 'ibkr'];

/** How an account's fills are paired: only paper history is known to be complete. */
export function rebuildOptionsFor(source: JournalExecutionSource, timeZone: string): RebuildOptions {
  return { historyMayBeIncomplete: source !== 'paper', timeZone };
}

/** The columns of a stored fill the pairing rule reads. */
export const EXECUTION_COLUMNS = {
  identity: journalExecutions.identity,
  kind: journalExecutions.kind,
  symbol: journalExecutions.symbol,
  assetClass: journalExecutions.assetClass,
  side: journalExecutions.side,
  quantity: journalExecutions.quantity,
  price: journalExecutions.price,
  fee: journalExecutions.fee,
  currency: journalExecutions.currency,
  multiplier: journalExecutions.multiplier,
  executedAt: journalExecutions.executedAt,
  shortSale: journalExecutions.shortSale,
  marketZone: journalExecutions.marketZone,
  expiresAt: journalExecutions.expiresAt,
} as const;

type StoredExecution = Pick<typeof journalExecutions.$inferSelect, keyof typeof EXECUTION_COLUMNS>;

/** A stored fill as the pairing rule reads it (the identity is the fill's id). */
export function toRebuildExecution(row: StoredExecution): Execution {
  return {
    id: row.identity,
    symbol: row.symbol,
    side: row.side,
    quantity: row.quantity,
    price: row.price,
    fee: row.fee,
    time: row.executedAt,
    currency: row.currency,
    multiplier: row.multiplier,
    assetClass: row.assetClass,
    opening: row.kind === 'opening',
    shortSale: row.shortSale,
    marketZone: row.marketZone,
    expiresAt: row.expiresAt,
  };
}

/** All fills of an account as the pairing rule reads them (the identity is the fill's id). */
export async function loadAccountExecutions(
  db: DbExecutor,
  userId: string,
  { source, account }: ExecutionAccount,
): Promise<Execution[]> {
  const rows = await db
    .select(EXECUTION_COLUMNS)
    .from(journalExecutions)
    .where(
      and(
        eq(journalExecutions.userId, userId),
        eq(journalExecutions.source, source),
        eq(journalExecutions.account, account),
      ),
    );
  return rows.map(toRebuildExecution);
}

export async function userTimeZone(db: DbExecutor, userId: string): Promise<string> {
  const [row] = await db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, userId));
  return row?.timeZone ?? 'Asia/Kolkata';
}

/** The columns a rebuild computes; everything else on a trade is the learner's. */
function computedColumns(trip: RoundTrip) {
  return {
    symbol: trip.symbol,
    side: trip.side,
    quantity: trip.quantity,
    entryPrice: trip.entryPrice,
    exitPrice: trip.exitPrice,
    entryTime: trip.entryTime,
    exitTime: trip.exitTime,
    fees: trip.fees,
    pnl: trip.pnl,
    currency: trip.currency,
    multiplier: trip.multiplier,
  };
}

type StoredTrade = Omit<ReturnType<typeof computedColumns>, 'exitPrice' | 'exitTime' | 'pnl'> & {
  id: string;
  externalId: string | null;
  exitPrice: number | null;
  exitTime: Date | null;
  pnl: number | null;
};

function differs(row: StoredTrade, trip: RoundTrip): boolean {
  const next = computedColumns(trip);
  return (
    row.symbol !== next.symbol ||
    row.side !== next.side ||
    row.quantity !== next.quantity ||
    row.entryPrice !== next.entryPrice ||
    row.exitPrice !== next.exitPrice ||
    row.entryTime.getTime() !== next.entryTime.getTime() ||
    row.exitTime?.getTime() !== next.exitTime.getTime() ||
    row.fees !== next.fees ||
    row.pnl !== next.pnl ||
    row.currency !== next.currency ||
    row.multiplier !== next.multiplier
  );
}

export type RebuildResult = RebuiltPositions & {
  /** Trades new to the journal, changed (a later fill or fee), and gone (history changed). */
  added: number;
  updated: number;
  removed: number;
};

/**
 * Rebuilds an account's trades from all its fills and replaces the trades it had: a trade is keyed
 * by its opening fill's identity, so a rebuilt trade keeps its row — and with it the tags, notes,
 * stop, target and journal-entry links the learner added. Run inside the caller's transaction; an
 * advisory lock makes two rebuilds of one account take turns.
 */
export async function rebuildAccountTrades(
  tx: DbExecutor,
  input: ExecutionAccount & { userId: string; origin: string | null; timeZone?: string },
): Promise<RebuildResult> {
  const { userId, source, account } = input;
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`journal-rebuild:${userId}:${source}:${account}`}))`,
  );
  const timeZone = input.timeZone ?? (await userTimeZone(tx, userId));
  const executions = await loadAccountExecutions(tx, userId, input);
  const rebuilt = rebuildPositions(executions, rebuildOptionsFor(source, timeZone));

  const stored: StoredTrade[] = await tx
    .select({
      id: journalTrades.id,
      externalId: journalTrades.externalId,
      symbol: journalTrades.symbol,
      side: journalTrades.side,
      quantity: journalTrades.quantity,
      entryPrice: journalTrades.entryPrice,
      exitPrice: journalTrades.exitPrice,
      entryTime: journalTrades.entryTime,
      exitTime: journalTrades.exitTime,
      fees: journalTrades.fees,
      pnl: journalTrades.pnl,
      currency: journalTrades.currency,
      multiplier: journalTrades.multiplier,
    })
    .from(journalTrades)
    .where(
      and(
        eq(journalTrades.userId, userId),
        eq(journalTrades.source, source),
        eq(journalTrades.account, account),
      ),
    );
  const byExternalId = new Map(stored.map((row) => [row.externalId, row]));
  const now = new Date();
  let updated = 0;
  let fresh: RoundTrip[] = [];
  for (const trip of rebuilt.trips) {
    const row = byExternalId.get(trip.externalId);
    if (!row) {
      fresh.push(trip);
      continue;
    }
    byExternalId.delete(trip.externalId);
    if (!differs(row, trip)) continue;
    await tx
      .update(journalTrades)
      .set({ ...computedColumns(trip), updatedAt: now })
      .where(eq(journalTrades.id, row.id));
    updated += 1;
  }
  const stale = [...byExternalId.values()].map((row) => row.id);
  for (let start = 0; start < stale.length; start += 1000) {
    await tx.delete(journalTrades).where(inArray(journalTrades.id, stale.slice(start, start + 1000)));
  }
  if (source === 'csv' && fresh.length > 0) fresh = await adoptLegacyPresetTrades(tx, input, fresh);

  let added = 0;
  for (let start = 0; start < fresh.length; start += 500) {
    const inserted = await tx
      .insert(journalTrades)
      .values(
        fresh.slice(start, start + 500).map((trip) => ({
          id: newId(trip.entryTime),
          userId,
          ...computedColumns(trip),
          source,
          verified: source !== 'csv',
          externalId: trip.externalId,
          origin: input.origin,
          account,
          // Said on the trade, once: the learner edits it when the option expired in the money.
          ...(trip.closedAtExpiry === 'assumed-zero' ? { notes: EXPIRY_ASSUMED_ZERO_NOTE } : {}),
        })),
      )
      // A trade of the same opening fill filed under another account (a reconnected broker, a trade
      // made before fills were kept) moves here with the learner's additions.
      .onConflictDoUpdate({
        target: [journalTrades.userId, journalTrades.source, journalTrades.externalId],
        set: {
          symbol: sql`excluded.symbol`,
          side: sql`excluded.side`,
          quantity: sql`excluded.quantity`,
          entryPrice: sql`excluded.entry_price`,
          exitPrice: sql`excluded.exit_price`,
          entryTime: sql`excluded.entry_time`,
          exitTime: sql`excluded.exit_time`,
          fees: sql`excluded.fees`,
          pnl: sql`excluded.pnl`,
          currency: sql`excluded.currency`,
          multiplier: sql`excluded.multiplier`,
          account: sql`excluded.account`,
          updatedAt: now,
        },
      })
      .returning({ inserted: sql<boolean>`(xmax = 0)` });
    added += inserted.filter((row) => row.inserted).length;
  }
  return { ...rebuilt, added, updated, removed: stale.length };
}

/**
 * Trades imported from a preset before fills were kept have a hashed id and no account. The same
 * trade rebuilt (same symbol, side, quantity and entry time) takes over that row, so importing the
 * old files again neither doubles them nor loses the learner's tags and notes. Returns the trips
 * still to insert.
 */
async function adoptLegacyPresetTrades(
  tx: DbExecutor,
  input: ExecutionAccount & { userId: string; origin: string | null },
  trips: RoundTrip[],
): Promise<RoundTrip[]> {
  const legacy = await tx
    .select({
      id: journalTrades.id,
      symbol: journalTrades.symbol,
      side: journalTrades.side,
      quantity: journalTrades.quantity,
      entryTime: journalTrades.entryTime,
    })
    .from(journalTrades)
    .where(
      and(
        eq(journalTrades.userId, input.userId),
        eq(journalTrades.source, 'csv'),
        isNull(journalTrades.account),
        inArray(journalTrades.origin, LEGACY_PRESET_ORIGINS),
      ),
    );
  if (legacy.length === 0) return trips;
  const keyOf = (trade: { symbol: string; side: string; quantity: number; entryTime: Date }) =>
    `${trade.symbol}|${trade.side}|${trade.quantity}|${trade.entryTime.getTime()}`;
  const byKey = new Map(legacy.map((row) => [keyOf(row), row.id]));
  const rest: RoundTrip[] = [];
  for (const trip of trips) {
    const id = byKey.get(keyOf(trip));
    if (!id) {
      rest.push(trip);
      continue;
    }
    byKey.delete(keyOf(trip));
    await tx
      .update(journalTrades)
      .set({
        ...computedColumns(trip),
        externalId: trip.externalId,
        account: input.account,
        origin: input.origin,
        updatedAt: new Date(),
      })
      .where(eq(journalTrades.id, id));
  }
  return rest;
}
