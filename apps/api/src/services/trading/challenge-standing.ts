import { challengeEvents, type DbExecutor, fills } from '@candlewise/db';
import {
  CHALLENGE_RULE_LABELS,
  describeObjectives,
  type ObjectiveView,
} from '@candlewise/shared/challenges/objectives';
import { phaseOf, phaseRuleText, ruleSetOf } from '@candlewise/shared/challenges/rule-sets';
import { minorUnitsOf, percentOfMinor } from '@candlewise/shared/money/money';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AccountState, GroupState } from '../../engine/account-book.ts';
import { loadPhaseFacts } from '../../engine/challenge-ledger.ts';
import { marketTime } from '../../engine/challenge-rules.ts';
import { notFound } from '../../lib/app-error.ts';
import { findGroupOrThrow, findMyAccount } from './trading-access.ts';

/**
 * A member's challenge as the desk shows it (docs/challenges.md): the phase's objectives with
 * where they stand, and the challenge's status with every decision and its evidence. Read from the
 * ledger (the phase's fills, the decisions written), so what the desk shows is what decided.
 */

type GroupRules = Pick<
  GroupState,
  | 'ruleSet'
  | 'freezeThreshold'
  | 'drawdownBasis'
  | 'dailyLossLimit'
  | 'dailyResetHour'
  | 'timeZone'
  | 'replay'
> & { startMs: number };

/** The freeze rule of a Practice group as limits on the panel. */
function practiceObjectives(group: GroupRules, account: AccountState, equity: number): ObjectiveView[] {
  const views: ObjectiveView[] = [];
  const equityMinor = minorUnitsOf(equity);
  if (group.freezeThreshold > 0) {
    const reference =
      group.drawdownBasis === 'peak'
        ? Math.max(account.peakEquity, equity)
        : group.drawdownBasis === 'balance'
          ? account.balance
          : account.startingBalance;
    const referenceMinor = minorUnitsOf(reference);
    views.push({
      key: 'drawdown',
      label: `Drawdown freeze ${group.freezeThreshold}%`,
      kind: 'limit',
      target: null,
      limit: group.freezeThreshold,
      value: equityMinor < referenceMinor ? percentOfMinor(referenceMinor - equityMinor, referenceMinor) : 0,
      unit: 'percent',
      status: account.frozenUntil !== null && account.frozenReason !== 'daily_loss' ? 'failed' : 'passing',
      detail: 'Reaching it closes positions and pauses trading for the freeze duration.',
    });
  }
  if (group.dailyLossLimit > 0) {
    const dayStart = minorUnitsOf(account.dayStartEquity ?? equity);
    views.push({
      key: 'daily_loss',
      label: `Daily loss freeze ${group.dailyLossLimit}%`,
      kind: 'limit',
      target: null,
      limit: group.dailyLossLimit,
      value: equityMinor < dayStart ? percentOfMinor(dayStart - equityMinor, dayStart) : 0,
      unit: 'percent',
      status: account.frozenUntil !== null && account.frozenReason === 'daily_loss' ? 'failed' : 'passing',
      detail: "Measured from the day's starting equity; reaching it pauses trading until the next day.",
    });
  }
  return views;
}

export async function challengeStanding(
  db: DbExecutor,
  group: GroupRules,
  account: AccountState,
  equity: number,
  now = Date.now(),
) {
  const { ruleSet } = group;
  const phase = phaseOf(ruleSet, account.phase);
  const events = await db
    .select()
    .from(challengeEvents)
    .where(eq(challengeEvents.accountId, account.id))
    .orderBy(asc(challengeEvents.at), asc(challengeEvents.id));
  const failed = events.find((event) => event.kind === 'failed' && event.phase === account.phase) ?? null;
  const paused = account.frozenUntil !== null && account.frozenUntil > now && ruleSet.kind === 'challenge';
  let objectives: ObjectiveView[];
  if (ruleSet.kind === 'practice') {
    objectives = practiceObjectives(group, account, equity);
  } else {
    const facts = await loadPhaseFacts(db, account, group);
    objectives = describeObjectives({
      ruleSet,
      phase,
      money: {
        initialMinor: minorUnitsOf(account.startingBalance),
        balanceMinor: minorUnitsOf(account.balance),
        equityMinor: minorUnitsOf(equity),
        dayStartBalanceMinor: account.dayStartBalance === null ? null : minorUnitsOf(account.dayStartBalance),
        eodHighBalanceMinor: account.eodHighBalance === null ? null : minorUnitsOf(account.eodHighBalance),
        equityHighMinor: account.equityHigh === null ? null : minorUnitsOf(account.equityHigh),
      },
      facts,
      now: marketTime(group, now),
      phaseStartedAt: account.phaseStartedAt === null ? null : marketTime(group, account.phaseStartedAt),
      status: account.challengeStatus,
      failedRule: failed?.rule ?? null,
      pausedUntil: paused ? account.frozenUntil : null,
    });
  }
  const eventView = (event: typeof challengeEvents.$inferSelect) => ({
    _id: event.id,
    kind: event.kind,
    phase: event.phase,
    rule: event.rule,
    at: event.at.toISOString(),
    equity: event.equity,
    balance: event.balance,
    threshold: event.threshold,
  });
  return {
    objectives,
    challenge: {
      ruleSet: ruleSet.ref,
      ruleSetName: ruleSet.name,
      status: account.challengeStatus,
      phase: {
        index: phase.index,
        name: phase.name,
        count: ruleSet.phases.length,
        startedAt: account.phaseStartedAt ? new Date(account.phaseStartedAt).toISOString() : null,
      },
      failure: failed
        ? {
            eventId: failed.id,
            rule: failed.rule,
            label: CHALLENGE_RULE_LABELS[failed.rule] ?? failed.rule,
            at: failed.at.toISOString(),
            equity: failed.equity,
            threshold: failed.threshold,
            fills: failed.fillIds,
          }
        : null,
      pausedUntil: paused ? new Date(account.frozenUntil!).toISOString() : null,
      events: events.map(eventView),
    },
  };
}

/**
 * One decision of the caller's own challenge with its evidence: the rule text of the version the
 * group runs, the fills that crossed (or met) it, and the equity sampled before it.
 */
export async function getChallengeEvidence(db: DbExecutor, userId: string, groupId: string, eventId: string) {
  const [group, account] = await Promise.all([
    findGroupOrThrow(db, groupId),
    findMyAccount(db, userId, groupId),
  ]);
  const [event] = await db
    .select()
    .from(challengeEvents)
    .where(and(eq(challengeEvents.id, eventId), eq(challengeEvents.accountId, account.id)));
  if (!event) throw notFound('We could not find that challenge decision in your account.');
  const ruleSet = ruleSetOf(event.ruleSet);
  const phase = phaseOf(ruleSet, event.phase);
  const fillRows = event.fillIds.length
    ? await db
        .select()
        .from(fills)
        .where(and(eq(fills.accountId, account.id), inArray(fills.id, event.fillIds)))
        .orderBy(sql`${fills.ledgerSeq} asc nulls first`, asc(fills.createdAt), asc(fills.id))
    : [];
  return {
    event: {
      _id: event.id,
      kind: event.kind,
      phase: event.phase,
      rule: event.rule,
      at: event.at.toISOString(),
      equity: event.equity,
      balance: event.balance,
      threshold: event.threshold,
    },
    ruleSet: {
      ...ruleSet,
      phases: ruleSet.phases.map((each) => ({ ...each, rules: phaseRuleText(ruleSet, each) })),
    },
    rules: phaseRuleText(ruleSet, phase),
    currency: group.currency,
    fills: fillRows.map((fill) => ({
      _id: fill.id,
      symbol: fill.symbol,
      side: fill.side,
      quantity: fill.quantity,
      price: fill.price,
      realizedPnl: fill.realizedPnl,
      reason: fill.reason,
      createdAt: fill.createdAt.toISOString(),
    })),
    equityCurve: event.equityCurve,
  };
}
