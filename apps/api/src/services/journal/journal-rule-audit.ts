import { type DbExecutor, journalTrades, type UserRow } from '@candlewise/db';
import { CHALLENGE_RULE_LABELS } from '@candlewise/shared/challenges/objectives';
import { auditTrades } from '@candlewise/shared/challenges/rule-audit';
import {
  findRuleSet,
  phaseOf,
  phaseRuleText,
  RULE_SETS,
  unknownRuleSetMessage,
} from '@candlewise/shared/challenges/rule-sets';
import { zoneClock } from '@candlewise/shared/journal/zone-time';
import { minorUnitsOf, toMinorUnits } from '@candlewise/shared/money/money';
import { and, asc, eq, gte, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { chooseCurrency, listJournalCurrencies } from './journal-currencies.ts';

export type RuleAuditQuery = {
  ruleSet: string;
  startingBalance: number;
  currency?: string;
  from?: string;
  to?: string;
};

const invalid = (path: string, message: string) =>
  new AppError(400, 'VALIDATION_FAILED', message, [{ path, message }]);

/**
 * The learner's closed journal trades in one currency run through a challenge rule set
 * (docs/challenges.md §Rule audit): when the trades would have passed or failed each phase, and
 * why, with the trades and the closed balance behind each decision.
 */
export async function auditJournalTrades(
  db: DbExecutor,
  viewer: Pick<UserRow, 'id' | 'timeZone'>,
  query: RuleAuditQuery,
) {
  const ruleSet = findRuleSet(query.ruleSet);
  if (!ruleSet) throw invalid('ruleSet', unknownRuleSetMessage(query.ruleSet));
  if (ruleSet.kind !== 'challenge')
    throw invalid(
      'ruleSet',
      `${ruleSet.ref} has no objectives to audit. Choose a challenge: ${RULE_SETS.filter(
        (each) => each.kind === 'challenge',
      )
        .map((each) => each.ref)
        .join(', ')}.`,
    );
  const currencies = await listJournalCurrencies(db, viewer.id);
  const currency = chooseCurrency(currencies, query.currency);
  const zone = viewer.timeZone || 'UTC';
  const conditions = [eq(journalTrades.userId, viewer.id), eq(journalTrades.currency, currency)];
  const clock = zoneClock(zone);
  if (query.from) conditions.push(gte(journalTrades.entryTime, clock.startOfDay(query.from)));
  if (query.to)
    conditions.push(lt(journalTrades.entryTime, new Date(clock.startOfDay(query.to).getTime() + 86_400_000)));
  const [rows, [open]] = await Promise.all([
    db
      .select({
        id: journalTrades.id,
        symbol: journalTrades.symbol,
        side: journalTrades.side,
        entryTime: journalTrades.entryTime,
        exitTime: journalTrades.exitTime,
        pnl: journalTrades.pnl,
      })
      .from(journalTrades)
      .where(and(...conditions, isNotNull(journalTrades.exitTime), isNotNull(journalTrades.pnl)))
      .orderBy(asc(journalTrades.exitTime), asc(journalTrades.id)),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(journalTrades)
      .where(and(...conditions, isNull(journalTrades.exitTime))),
  ]);
  const startingMinor = toMinorUnits(query.startingBalance);
  const result = auditTrades(
    ruleSet,
    rows.map((row) => ({
      id: row.id,
      symbol: row.symbol,
      side: row.side,
      entryMs: row.entryTime.getTime(),
      exitMs: row.exitTime!.getTime(),
      pnlMinor: minorUnitsOf(row.pnl!),
    })),
    startingMinor,
    ruleSet.day ?? { resetHour: 0, timeZone: zone },
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const phase = phaseOf(ruleSet, result.phase);
  return {
    ruleSet: {
      ...ruleSet,
      phases: ruleSet.phases.map((each) => ({ ...each, rules: phaseRuleText(ruleSet, each) })),
    },
    currency,
    currencies: currencies.map((row) => row.currency),
    startingBalance: startingMinor / 100,
    timeZone: zone,
    status: result.status,
    phase: { index: phase.index, name: phase.name, count: ruleSet.phases.length },
    objectives: result.objectives,
    decisions: result.decisions.map((decision) => ({
      kind: decision.kind,
      phase: decision.phase,
      rule: decision.rule,
      label: CHALLENGE_RULE_LABELS[decision.rule] ?? decision.rule,
      at: new Date(decision.at).toISOString(),
      balance: decision.balance,
      threshold: decision.threshold,
      rules: phaseRuleText(ruleSet, phaseOf(ruleSet, decision.phase)),
      trades: decision.tradeIds.flatMap((id) => {
        const row = byId.get(id);
        return row
          ? [
              {
                _id: row.id,
                symbol: row.symbol,
                side: row.side,
                entryTime: row.entryTime.toISOString(),
                exitTime: row.exitTime!.toISOString(),
                pnl: row.pnl!,
              },
            ]
          : [];
      }),
      balanceCurve: decision.balanceCurve,
    })),
    tradesCounted: result.tradesCounted,
    tradesAfterDecision: result.tradesAfterDecision,
    skippedTrades: result.skippedTradeIds.length,
    openTrades: open?.count ?? 0,
  };
}
