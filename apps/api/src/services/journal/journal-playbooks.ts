import {
  type DbExecutor,
  journalPlaybookRules,
  journalPlaybooks,
  journalTradeRuleChecks,
  journalTrades,
  newId,
} from '@candlewise/db';
import {
  DEFAULT_CURRENCY,
  PLAYBOOK_LIMIT,
  type Playbook,
  type PlaybookInput,
  type PlaybookReport,
  playbookRuleReport,
} from '@candlewise/shared';
import { and, asc, count, desc, eq, inArray, isNotNull, ne, notInArray, sql } from 'drizzle-orm';
import { AppError, conflict, notFound } from '../../lib/app-error.ts';

/**
 * Playbooks (issue #41): the learner's setups with their rules as a checklist. Every read and write
 * is the caller's own: another learner's playbook answers 404, as everywhere in the journal.
 */

const NOT_YOURS = 'That playbook is not in your journal.';

const duplicateName = (name: string) =>
  conflict(`You already have a playbook called “${name}”: choose another name or edit that one.`);

/** A unique violation (the per-learner name index), as the driver or PGlite reports it. */
const isUniqueViolation = (error: unknown) =>
  (error as { code?: string }).code === '23505' ||
  (error as { cause?: { code?: string } }).cause?.code === '23505';

/** Names are unique per learner whatever their case; the index backs this check up under races. */
async function assertNameFree(db: DbExecutor, userId: string, name: string, exceptId?: string) {
  const [clash] = await db
    .select({ id: journalPlaybooks.id })
    .from(journalPlaybooks)
    .where(
      and(
        eq(journalPlaybooks.userId, userId),
        sql`lower(${journalPlaybooks.name}) = lower(${name})`,
        exceptId ? ne(journalPlaybooks.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (clash) throw duplicateName(name);
}

async function findOwnPlaybook(db: DbExecutor, userId: string, playbookId: string) {
  const [row] = await db
    .select()
    .from(journalPlaybooks)
    .where(and(eq(journalPlaybooks.id, playbookId), eq(journalPlaybooks.userId, userId)))
    .limit(1);
  if (!row) throw notFound(NOT_YOURS);
  return row;
}

async function toPlaybooks(
  db: DbExecutor,
  rows: ReadonlyArray<typeof journalPlaybooks.$inferSelect>,
): Promise<Playbook[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [rules, counts] = await Promise.all([
    db
      .select()
      .from(journalPlaybookRules)
      .where(inArray(journalPlaybookRules.playbookId, ids))
      .orderBy(asc(journalPlaybookRules.position), asc(journalPlaybookRules.id)),
    db
      .select({ playbookId: journalTrades.playbookId, trades: count() })
      .from(journalTrades)
      .where(inArray(journalTrades.playbookId, ids))
      .groupBy(journalTrades.playbookId),
  ]);
  const tradesOf = new Map(counts.map((row) => [row.playbookId, row.trades]));
  return rows.map((row) => ({
    _id: row.id,
    name: row.name,
    description: row.description,
    rules: rules
      .filter((rule) => rule.playbookId === row.id)
      .map((rule) => ({ _id: rule.id, text: rule.text, position: rule.position })),
    trades: tradesOf.get(row.id) ?? 0,
    updatedAt: row.updatedAt.toISOString(),
  }));
}

export async function listPlaybooks(db: DbExecutor, userId: string): Promise<Playbook[]> {
  const rows = await db
    .select()
    .from(journalPlaybooks)
    .where(eq(journalPlaybooks.userId, userId))
    .orderBy(asc(journalPlaybooks.name), asc(journalPlaybooks.id));
  return toPlaybooks(db, rows);
}

export async function getPlaybook(db: DbExecutor, userId: string, playbookId: string): Promise<Playbook> {
  const [playbook] = await toPlaybooks(db, [await findOwnPlaybook(db, userId, playbookId)]);
  return playbook;
}

/**
 * Writes the rules as listed: a rule sent with its id keeps it (its trades' checks stay), a rule
 * without one is added, a rule left out is deleted with its checks. An id that is not one of this
 * playbook's rules is refused.
 */
async function writeRules(db: DbExecutor, playbookId: string, rules: PlaybookInput['rules']) {
  const existing = await db
    .select({ id: journalPlaybookRules.id })
    .from(journalPlaybookRules)
    .where(eq(journalPlaybookRules.playbookId, playbookId));
  const known = new Set(existing.map((rule) => rule.id));
  const stranger = rules.findIndex((rule) => rule.id !== undefined && !known.has(rule.id));
  if (stranger >= 0) {
    throw new AppError(400, 'VALIDATION_FAILED', 'One of the rules is not in this playbook.', [
      {
        path: `rules.${stranger}.id`,
        message: 'This rule is not in this playbook: remove its id to add it.',
      },
    ]);
  }
  const kept = rules.flatMap((rule) => (rule.id ? [rule.id] : []));
  await db
    .delete(journalPlaybookRules)
    .where(
      kept.length
        ? and(eq(journalPlaybookRules.playbookId, playbookId), notInArray(journalPlaybookRules.id, kept))
        : eq(journalPlaybookRules.playbookId, playbookId),
    );
  for (const [position, rule] of rules.entries()) {
    if (rule.id) {
      await db
        .update(journalPlaybookRules)
        .set({ text: rule.text, position })
        .where(eq(journalPlaybookRules.id, rule.id));
    } else {
      await db.insert(journalPlaybookRules).values({ id: newId(), playbookId, text: rule.text, position });
    }
  }
}

export async function createPlaybook(db: DbExecutor, userId: string, input: PlaybookInput) {
  let id: string;
  try {
    id = await db.transaction(async (tx) => {
      const [{ playbooks }] = await tx
        .select({ playbooks: count() })
        .from(journalPlaybooks)
        .where(eq(journalPlaybooks.userId, userId));
      if (playbooks >= PLAYBOOK_LIMIT) {
        throw conflict(`You have ${PLAYBOOK_LIMIT} playbooks, the most a journal keeps: delete one first.`);
      }
      await assertNameFree(tx, userId, input.name);
      const [row] = await tx
        .insert(journalPlaybooks)
        .values({ id: newId(), userId, name: input.name, description: input.description })
        .returning({ id: journalPlaybooks.id });
      await writeRules(tx, row.id, input.rules);
      return row.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName(input.name);
    throw error;
  }
  return getPlaybook(db, userId, id);
}

export async function updatePlaybook(
  db: DbExecutor,
  userId: string,
  playbookId: string,
  input: PlaybookInput,
) {
  try {
    await db.transaction(async (tx) => {
      await findOwnPlaybook(tx, userId, playbookId);
      await assertNameFree(tx, userId, input.name, playbookId);
      await tx
        .update(journalPlaybooks)
        .set({ name: input.name, description: input.description, updatedAt: new Date() })
        .where(eq(journalPlaybooks.id, playbookId));
      await writeRules(tx, playbookId, input.rules);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName(input.name);
    throw error;
  }
  return getPlaybook(db, userId, playbookId);
}

/** Deletes a playbook and its rules; its trades stay, without a playbook. */
export async function deletePlaybook(db: DbExecutor, userId: string, playbookId: string) {
  const deleted = await db
    .delete(journalPlaybooks)
    .where(and(eq(journalPlaybooks.id, playbookId), eq(journalPlaybooks.userId, userId)))
    .returning({ id: journalPlaybooks.id });
  if (deleted.length === 0) throw notFound(NOT_YOURS);
}

/**
 * Sets the playbook a trade followed and, for each of its rules, whether the trade kept to it
 * (`followedRuleIds` kept, the others broken). Null takes the playbook off; undefined changes nothing.
 */
export async function setTradePlaybook(
  db: DbExecutor,
  userId: string,
  tradeId: string,
  playbookId: string | null | undefined,
  followedRuleIds: readonly string[] = [],
) {
  if (playbookId === undefined) return;
  await db.delete(journalTradeRuleChecks).where(eq(journalTradeRuleChecks.tradeId, tradeId));
  if (playbookId === null) {
    await db.update(journalTrades).set({ playbookId: null }).where(eq(journalTrades.id, tradeId));
    return;
  }
  await findOwnPlaybook(db, userId, playbookId);
  const rules = await db
    .select({ id: journalPlaybookRules.id })
    .from(journalPlaybookRules)
    .where(eq(journalPlaybookRules.playbookId, playbookId));
  const ruleIds = new Set(rules.map((rule) => rule.id));
  const stranger = followedRuleIds.findIndex((id) => !ruleIds.has(id));
  if (stranger >= 0) {
    throw new AppError(400, 'VALIDATION_FAILED', 'One of the rules ticked is not in that playbook.', [
      { path: `followedRuleIds.${stranger}`, message: 'This rule is not in the playbook chosen.' },
    ]);
  }
  await db.update(journalTrades).set({ playbookId }).where(eq(journalTrades.id, tradeId));
  const followed = new Set(followedRuleIds);
  if (rules.length) {
    await db
      .insert(journalTradeRuleChecks)
      .values(rules.map((rule) => ({ tradeId, ruleId: rule.id, followed: followed.has(rule.id) })));
  }
}

/** The rules a trade kept to, for the trade's answer and its edit form. */
export async function followedRuleIdsOf(db: DbExecutor, tradeIds: readonly string[]) {
  const map = new Map<string, string[]>(tradeIds.map((id) => [id, []]));
  if (tradeIds.length === 0) return map;
  const rows = await db
    .select({ tradeId: journalTradeRuleChecks.tradeId, ruleId: journalTradeRuleChecks.ruleId })
    .from(journalTradeRuleChecks)
    .where(
      and(inArray(journalTradeRuleChecks.tradeId, [...tradeIds]), eq(journalTradeRuleChecks.followed, true)),
    );
  for (const row of rows) map.get(row.tradeId)?.push(row.ruleId);
  for (const ids of map.values()) ids.sort();
  return map;
}

/**
 * The playbook's report in one currency (asked for, else the one most of its closed trades are in):
 * every closed trade, then per rule the trades that kept to it against those that broke it.
 */
export async function getPlaybookReport(
  db: DbExecutor,
  userId: string,
  playbookId: string,
  requestedCurrency?: string,
): Promise<PlaybookReport> {
  const playbook = await getPlaybook(db, userId, playbookId);
  const closed = and(
    eq(journalTrades.userId, userId),
    eq(journalTrades.playbookId, playbookId),
    isNotNull(journalTrades.pnl),
  );
  const currencies = await db
    .select({ currency: journalTrades.currency, trades: count() })
    .from(journalTrades)
    .where(closed)
    .groupBy(journalTrades.currency)
    .orderBy(desc(count()), asc(journalTrades.currency));
  const currency = requestedCurrency ?? currencies[0]?.currency ?? DEFAULT_CURRENCY;
  const trades = await db
    .select({ id: journalTrades.id, pnl: journalTrades.pnl })
    .from(journalTrades)
    .where(and(closed, eq(journalTrades.currency, currency)));
  const checks = trades.length
    ? await db
        .select()
        .from(journalTradeRuleChecks)
        .where(
          inArray(
            journalTradeRuleChecks.tradeId,
            trades.map((trade) => trade.id),
          ),
        )
    : [];
  const byTrade = new Map(trades.map((trade) => [trade.id, new Map<string, boolean>()]));
  for (const check of checks) byTrade.get(check.tradeId)?.set(check.ruleId, check.followed);
  const report = playbookRuleReport(
    playbook.rules.map((rule) => ({ id: rule._id, text: rule.text })),
    trades.map((trade) => ({ pnl: trade.pnl!, checks: byTrade.get(trade.id)! })),
  );
  return { playbook, currency, currencies, ...report };
}
