/**
 * A rule audit of real trades (docs/challenges.md §Rule audit): a journal's closed trades run through
 * a challenge rule set, to see when it would have passed or failed and why. Imported trades carry
 * no prices between entry and exit, so the audit measures on the **closed balance**: each trade's
 * net P&L lands at its exit; a phase passes only at a moment with no trade open. Exact cents.
 */

import { fromMinorUnits } from '../money/money.ts';
import { dayWindowStart } from '../trading/risk-rules.ts';
import {
  consistencyMet,
  describeObjectives,
  type LossBreach,
  lossBreach,
  type ObjectiveView,
  type PhaseMoney,
  percentOfAmountMinor,
  phaseDeadline,
} from './objectives.ts';
import type { ChallengeStatus, RuleSet, RuleSetPhase } from './rule-sets.ts';

export type AuditTrade = {
  id: string;
  symbol: string;
  side: 'long' | 'short';
  entryMs: number;
  /** Closed trades only. */
  exitMs: number;
  /** Net P&L (fees taken off), minor units. */
  pnlMinor: number;
};

export type AuditDecision = {
  kind: 'passed' | 'failed' | 'day-ended';
  phase: number;
  rule: string;
  at: number;
  /** The closed balance when decided, and the level it crossed (or the target it met). */
  balance: number;
  threshold: number | null;
  /** The trades of that phase's day up to the decision (a pass: the phase's trades). */
  tradeIds: string[];
  /** The closed balance over the phase up to the decision, [ms, balance]. */
  balanceCurve: Array<[number, number]>;
};

export type AuditResult = {
  status: ChallengeStatus;
  phase: number;
  decisions: AuditDecision[];
  /** The objectives of the phase the audit ended in, measured on the closed balance. */
  objectives: ObjectiveView[];
  /** Trades that would not have been allowed: entered on a day already ended by its daily loss. */
  skippedTradeIds: string[];
  /** Trades counted, and those after the challenge was decided (not counted). */
  tradesCounted: number;
  tradesAfterDecision: number;
};

type Step = { at: number; kind: 'entry' | 'exit'; trade: AuditTrade };

export function auditTrades(
  ruleSet: RuleSet,
  trades: readonly AuditTrade[],
  startingBalanceMinor: number,
  day: { resetHour: number; timeZone: string },
  now = Date.now(),
): AuditResult {
  const steps: Step[] = [];
  for (const trade of trades) {
    steps.push({ at: trade.entryMs, kind: 'entry', trade });
    steps.push({ at: trade.exitMs, kind: 'exit', trade });
  }
  // In time; at one moment an exit before an entry (a trade closed, then the next opened).
  steps.sort(
    (a, b) =>
      a.at - b.at || (a.kind === b.kind ? a.trade.id.localeCompare(b.trade.id) : a.kind === 'exit' ? -1 : 1),
  );

  const decisions: AuditDecision[] = [];
  const skipped = new Set<string>();
  let phaseIndex = 1;
  let status: ChallengeStatus = 'in-progress';
  let phase: RuleSetPhase = ruleSet.phases[0];
  let inPhase = new Set<string>();
  let open = new Set<string>();
  let balance = startingBalanceMinor;
  let dayStart: number | null = null;
  let dayStartBalance = startingBalanceMinor;
  let eodHigh = startingBalanceMinor;
  let balanceHigh = startingBalanceMinor;
  let pausedUntilDay: number | null = null;
  let phaseStartedAt: number | null = steps[0]?.at ?? null;
  const tradingDays = new Set<number>();
  const dayResults = new Map<number, number>();
  let curve: Array<[number, number]> = [];
  const dayTrades = new Map<number, string[]>();
  let counted = 0;
  let afterDecision = 0;

  const money = (): PhaseMoney => ({
    initialMinor: startingBalanceMinor,
    balanceMinor: balance,
    equityMinor: balance,
    dayStartBalanceMinor: dayStartBalance,
    eodHighBalanceMinor: eodHigh,
    equityHighMinor: balanceHigh,
  });
  const decide = (
    kind: AuditDecision['kind'],
    rule: string,
    at: number,
    threshold: number | null,
    ids: string[],
  ) => {
    decisions.push({
      kind,
      phase: phaseIndex,
      rule,
      at,
      balance: fromMinorUnits(balance),
      threshold: threshold === null ? null : fromMinorUnits(threshold),
      tradeIds: ids,
      balanceCurve: curve.map(([ms, minor]) => [ms, fromMinorUnits(minor)] as [number, number]),
    });
  };
  const openDay = (at: number) => {
    const start = dayWindowStart(at, day.timeZone, day.resetHour);
    if (dayStart === start) return start;
    if (dayStart !== null) eodHigh = Math.max(eodHigh, balance);
    dayStart = start;
    dayStartBalance = balance;
    return start;
  };

  for (const step of steps) {
    if (status !== 'in-progress') {
      if (step.kind === 'entry') afterDecision += 1;
      continue;
    }
    const { trade } = step;
    // A deadline passed before this moment fails the phase then.
    const deadline = phaseDeadline(phase, phaseStartedAt);
    if (deadline !== null && step.at >= deadline) {
      decide('failed', 'time_limit', deadline, null, []);
      status = 'failed';
      continue;
    }
    const today = openDay(step.at);
    if (step.kind === 'entry') {
      if (pausedUntilDay === today) {
        skipped.add(trade.id);
        continue;
      }
      pausedUntilDay = null;
      inPhase.add(trade.id);
      open.add(trade.id);
      tradingDays.add(today);
      counted += 1;
      if (!dayTrades.has(today)) dayTrades.set(today, []);
      dayTrades.get(today)!.push(trade.id);
      continue;
    }
    if (!inPhase.has(trade.id)) continue; // skipped, or opened in an earlier phase (not counted)
    open.delete(trade.id);
    balance += trade.pnlMinor;
    balanceHigh = Math.max(balanceHigh, balance);
    dayResults.set(today, (dayResults.get(today) ?? 0) + trade.pnlMinor);
    if (!(dayTrades.get(today) ?? []).includes(trade.id))
      dayTrades.set(today, [...(dayTrades.get(today) ?? []), trade.id]);
    curve.push([step.at, balance]);

    const breach: LossBreach | null = lossBreach(phase, money());
    if (breach) {
      const ids = dayTrades.get(today) ?? [];
      if (breach.action === 'fail') {
        decide('failed', breach.rule, step.at, breach.floorMinor, ids);
        status = 'failed';
      } else {
        decide('day-ended', breach.rule, step.at, breach.floorMinor, ids);
        pausedUntilDay = today;
      }
      continue;
    }
    const target = phase.objectives.profitTargetPercent;
    if (target === null || open.size > 0) continue;
    const profit = balance - startingBalanceMinor;
    if (profit < percentOfAmountMinor(startingBalanceMinor, target)) continue;
    if (tradingDays.size < phase.objectives.minTradingDays) continue;
    if (phase.objectives.consistencyPercent !== null) {
      const best = Math.max(0, ...dayResults.values());
      if (!consistencyMet(phase.objectives.consistencyPercent, best, profit)) continue;
    }
    decide(
      'passed',
      'objectives',
      step.at,
      startingBalanceMinor + percentOfAmountMinor(startingBalanceMinor, target),
      [...inPhase],
    );
    if (phaseIndex >= ruleSet.phases.length) {
      status = 'passed';
      continue;
    }
    // The next phase: a new account at the starting balance from the next trade on.
    phaseIndex += 1;
    phase = ruleSet.phases[phaseIndex - 1];
    phaseStartedAt = step.at;
    balance = startingBalanceMinor;
    dayStartBalance = startingBalanceMinor;
    eodHigh = startingBalanceMinor;
    balanceHigh = startingBalanceMinor;
    inPhase = new Set();
    open = new Set();
    tradingDays.clear();
    dayResults.clear();
    dayTrades.clear();
    curve = [];
  }
  const failed = decisions.find((decision) => decision.kind === 'failed' && decision.phase === phaseIndex);
  const objectives = describeObjectives({
    ruleSet,
    phase,
    money: money(),
    facts: { tradingDays: [...tradingDays].sort((a, b) => a - b), dayResults },
    now: Math.max(now, steps.at(-1)?.at ?? now),
    phaseStartedAt,
    status,
    failedRule: failed?.rule ?? null,
    pausedUntil: null,
  });
  return {
    status,
    phase: phaseIndex,
    decisions,
    objectives,
    skippedTradeIds: [...skipped],
    tradesCounted: counted,
    tradesAfterDecision: afterDecision,
  };
}
