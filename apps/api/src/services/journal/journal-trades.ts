import { type DbExecutor, type JournalTradeRow, journalTrades, newId } from '@candlewise/db';
import { type JournalTradeInput, tradePnl } from '@candlewise/shared';
import { and, type Column, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { AppError, conflict, notFound } from '../../lib/app-error.ts';
import { setTradePlaybook } from './journal-playbooks.ts';

/** A manual trade: P&L is stored net of fees when it closes, so statistics need no arithmetic. */
export async function createJournalTrade(db: DbExecutor, userId: string, input: JournalTradeInput) {
  const { playbookId, followedRuleIds, ...fields } = input;
  const entryTime = new Date(input.entryTime);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(journalTrades)
      .values({
        id: newId(),
        userId,
        ...fields,
        entryTime,
        exitTime: input.exitTime ? new Date(input.exitTime) : null,
        pnl: tradePnl(input),
        source: 'manual',
        verified: false,
      })
      .returning();
    if (playbookId === undefined || playbookId === null) return row;
    await setTradePlaybook(tx, userId, row.id, playbookId, followedRuleIds);
    return { ...row, playbookId };
  });
}

/** The caller's trade, or 404: another learner's trade is indistinguishable from none. */
export async function findOwnTrade(db: DbExecutor, userId: string, tradeId: string) {
  const [row] = await db
    .select()
    .from(journalTrades)
    .where(and(eq(journalTrades.id, tradeId), eq(journalTrades.userId, userId)))
    .limit(1);
  if (!row) throw notFound('That trade is not in your journal.');
  return row;
}

/**
 * Replaces a trade. Trades rebuilt from fills (broker files, broker sync, competitions) keep what
 * their fills say — only the stop, target, tags, notes and playbook, which the learner adds, change; the next
 * rebuild would undo any other edit.
 */
export async function updateJournalTrade(
  db: DbExecutor,
  userId: string,
  tradeId: string,
  input: JournalTradeInput,
) {
  const existing = await findOwnTrade(db, userId, tradeId);
  if (existing.verified || existing.account !== null) refuseChangedFacts(existing, input);
  const annotations = {
    stopPrice: input.stopPrice,
    targetPrice: input.targetPrice,
    setupTags: input.setupTags,
    mistakeTags: input.mistakeTags,
    notes: input.notes,
    updatedAt: new Date(),
  };
  const changes =
    existing.verified || existing.account !== null
      ? annotations
      : {
          ...annotations,
          symbol: input.symbol,
          side: input.side,
          quantity: input.quantity,
          entryPrice: input.entryPrice,
          exitPrice: input.exitPrice,
          entryTime: new Date(input.entryTime),
          exitTime: input.exitTime ? new Date(input.exitTime) : null,
          fees: input.fees,
          currency: input.currency,
          multiplier: input.multiplier,
          pnl: tradePnl(input),
        };
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(journalTrades)
      .set(changes)
      .where(and(eq(journalTrades.id, tradeId), eq(journalTrades.userId, userId)))
      .returning();
    if (!row) throw notFound('That trade is not in your journal.');
    // The playbook and its rule checks are the learner's annotations too, on any trade (own only:
    // the update above found it among the caller's trades).
    if (input.playbookId === undefined) return row;
    await setTradePlaybook(tx, userId, tradeId, input.playbookId, input.followedRuleIds);
    return { ...row, playbookId: input.playbookId };
  });
}

/** What fills (or a verified source) decide, with the words the refusal uses. */
const FACTS = {
  symbol: 'symbol',
  side: 'side',
  quantity: 'quantity',
  entryPrice: 'entry price',
  exitPrice: 'exit price',
  entryTime: 'entry time',
  exitTime: 'exit time',
  fees: 'fees',
  currency: 'currency',
  multiplier: 'multiplier',
} as const;
type Fact = keyof typeof FACTS;

export const EDITABLE_ON_REBUILT_TRADES =
  'You can edit its stop, target, setup tags, mistake tags and notes.';

/** Times to the minute (what the form shows and sends back), symbols and currencies in any case. */
function sameFact(fact: Fact, stored: unknown, sent: unknown): boolean {
  if (fact === 'entryTime' || fact === 'exitTime') {
    const minute = (value: unknown) =>
      value == null ? null : Math.floor(new Date(value as string | Date).getTime() / 60_000);
    return minute(stored) === minute(sent);
  }
  if (fact === 'symbol' || fact === 'currency') {
    return String(stored ?? '').toUpperCase() === String(sent ?? '').toUpperCase();
  }
  if (typeof stored === 'number' || typeof sent === 'number')
    return Number(stored ?? 0) === Number(sent ?? 0);
  return (stored ?? null) === (sent ?? null);
}

/**
 * A trade rebuilt from fills keeps what they say: an edit that changes any of it is refused with
 * 409 naming what changed and what can be edited, instead of answering "Trade saved." and quietly
 * keeping the old numbers. Sending the same facts back (the form does) is fine.
 */
function refuseChangedFacts(existing: JournalTradeRow, input: JournalTradeInput) {
  const changed = (Object.keys(FACTS) as Fact[]).filter(
    (fact) => !sameFact(fact, existing[fact], (input as Record<Fact, unknown>)[fact]),
  );
  if (changed.length === 0) return;
  const words = changed.map((fact) => FACTS[fact]);
  const list = words.length === 1 ? words[0] : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
  const verb = changed.length === 1 && changed[0] !== 'fees' ? 'comes' : 'come';
  throw new AppError(
    409,
    'CONFLICT',
    `This trade is rebuilt from its fills, so its ${list} ${verb} from them. ${EDITABLE_ON_REBUILT_TRADES}`,
    changed.map((fact) => ({ path: fact, message: 'Comes from the fills: it cannot be edited.' })),
  );
}

/**
 * Deletes a trade typed in or read from the template. A trade rebuilt from fills (a broker file, a
 * broker sync, a competition) is refused with 409: the next import or sync would rebuild it from
 * the same fills, so deleting it would not last.
 */
export async function deleteJournalTrade(db: DbExecutor, userId: string, tradeId: string) {
  const deleted = await db
    .delete(journalTrades)
    .where(
      and(eq(journalTrades.id, tradeId), eq(journalTrades.userId, userId), isNull(journalTrades.account)),
    )
    .returning({ id: journalTrades.id });
  if (deleted.length > 0) return;
  const [kept] = await db
    .select({ source: journalTrades.source })
    .from(journalTrades)
    .where(and(eq(journalTrades.id, tradeId), eq(journalTrades.userId, userId)));
  if (!kept) throw notFound('That trade is not in your journal.');
  throw conflict(
    kept.source === 'paper'
      ? 'This trade is a competition result, rebuilt from the competition’s fills, so it cannot be deleted. Add a note or a mistake tag instead.'
      : 'This trade is rebuilt from your broker’s fills at every import or sync, so deleting it would not last. Add a note or a mistake tag instead.',
  );
}

/**
 * Adds or removes tags on many trades in one statement. Ids that are not the caller's are a 404 for
 * the whole request, so nothing is half-applied.
 */
export async function bulkTagJournalTrades(
  db: DbExecutor,
  userId: string,
  input: { tradeIds: string[]; setupTags: string[]; mistakeTags: string[]; mode: 'add' | 'remove' },
) {
  const ids = [...new Set(input.tradeIds)];
  return db.transaction(async (tx) => {
    const owned = await tx
      .select({ id: journalTrades.id })
      .from(journalTrades)
      .where(and(eq(journalTrades.userId, userId), inArray(journalTrades.id, ids)));
    if (owned.length !== ids.length) throw notFound('Some of the selected trades are not in your journal.');
    const setup = sql`${sql.param(input.setupTags)}::text[]`;
    const mistake = sql`${sql.param(input.mistakeTags)}::text[]`;
    const apply = (column: Column, tags: SQL): SQL =>
      input.mode === 'add'
        ? sql`array(select distinct t from unnest(${column} || ${tags}) as t order by t)`
        : sql`array(select t from unnest(${column}) as t where not (t = any(${tags})))`;
    const updated = await tx
      .update(journalTrades)
      .set({
        setupTags: apply(journalTrades.setupTags, setup),
        mistakeTags: apply(journalTrades.mistakeTags, mistake),
        updatedAt: new Date(),
      })
      .where(and(eq(journalTrades.userId, userId), inArray(journalTrades.id, ids)))
      .returning({ id: journalTrades.id });
    return updated.length;
  });
}
