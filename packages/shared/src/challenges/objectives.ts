/**
 * A challenge phase measured (docs/challenges.md): the loss floors, the trading days and the best
 * day, and each objective's status. Pure and exact: amounts are whole minor units (integers), so a
 * floor crossed by one cent is crossed. The engine decides with these functions; the account
 * endpoint shows them; the API suite recomputes every decision with its own code and compares.
 */

import { decimal, fromMinorUnits, percentOfMinor, toMinorUnits } from '../money/money.ts';
import { dayWindowStart } from '../trading/risk-rules.ts';
import type { ChallengeStatus, ObjectiveStatus, RuleSet, RuleSetPhase } from './rule-sets.ts';

/** `percent` % of an amount in minor units, rounded to the minor unit by the rule. */
export function percentOfAmountMinor(amountMinor: number, percent: number): number {
  return toMinorUnits(decimal(amountMinor).times(percent).div(10_000));
}

export type PhaseMoney = {
  /** The phase's initial balance, its balance and equity now (minor units). */
  initialMinor: number;
  balanceMinor: number;
  equityMinor: number;
  /** The balance at the start of the rule set's day (null: the day has not been seen: the balance). */
  dayStartBalanceMinor: number | null;
  /** The highest end-of-day balance of the phase (null: the initial balance). */
  eodHighBalanceMinor: number | null;
  /** The highest equity of the phase (null: the initial balance). */
  equityHighMinor: number | null;
};

export type LossBreach = {
  rule: 'daily_loss' | 'max_loss';
  /** The level equity fell below (minor units). */
  floorMinor: number;
  action: 'fail' | 'end-day';
};

/** The daily loss floor: the day's starting balance less the allowance. Null when the phase has none. */
export function dailyLossFloorMinor(phase: RuleSetPhase, money: PhaseMoney): number | null {
  const limit = phase.limits.dailyLoss;
  if (!limit) return null;
  const dayStart = money.dayStartBalanceMinor ?? money.balanceMinor;
  return dayStart - percentOfAmountMinor(money.initialMinor, limit.percent);
}

/** The maximum loss floor by its mode; a trailing floor stops at the initial balance. Null: none. */
export function maxLossFloorMinor(phase: RuleSetPhase, money: PhaseMoney): number | null {
  const limit = phase.limits.maxLoss;
  if (!limit) return null;
  const allowance = percentOfAmountMinor(money.initialMinor, limit.percent);
  if (limit.mode === 'static') return money.initialMinor - allowance;
  const high =
    limit.mode === 'trailing-intraday'
      ? Math.max(money.equityHighMinor ?? money.initialMinor, money.initialMinor)
      : Math.max(money.eodHighBalanceMinor ?? money.initialMinor, money.initialMinor);
  return Math.min(high - allowance, money.initialMinor);
}

/**
 * The loss limit equity is below now, if any: the maximum loss first (it fails), then the daily
 * loss. "Below" is strict: equity exactly at a floor has not crossed it.
 */
export function lossBreach(phase: RuleSetPhase, money: PhaseMoney): LossBreach | null {
  const maxFloor = maxLossFloorMinor(phase, money);
  if (maxFloor !== null && money.equityMinor < maxFloor)
    return { rule: 'max_loss', floorMinor: maxFloor, action: 'fail' };
  const dayFloor = dailyLossFloorMinor(phase, money);
  if (dayFloor !== null && money.equityMinor < dayFloor)
    return { rule: 'daily_loss', floorMinor: dayFloor, action: phase.limits.dailyLoss!.onBreach };
  return null;
}

/** One fill of the phase as the objectives need it: when, what, and the net realised result. */
export type PhaseFill = {
  at: number;
  symbol: string;
  side: 'buy' | 'sell';
  quantity: number;
  /** Realised P&L less fees, in minor units. */
  netMinor: number;
};

export type PhaseFacts = {
  /** Day starts (epoch ms) on which a trade was opened. */
  tradingDays: number[];
  /** Net realised result per day start (minor units). */
  dayResults: Map<number, number>;
};

/**
 * Trading days and day results from the phase's fills, oldest first: a fill that opens or adds to
 * a position (from flat, the same direction, or through zero) opens a trade on its day.
 */
export function phaseFacts(
  fills: readonly PhaseFill[],
  day: { resetHour: number; timeZone: string },
): PhaseFacts {
  const held = new Map<string, number>();
  const days = new Set<number>();
  const dayResults = new Map<number, number>();
  for (const fill of fills) {
    const dayStart = dayWindowStart(fill.at, day.timeZone, day.resetHour);
    const before = held.get(fill.symbol) ?? 0;
    const signed = fill.side === 'buy' ? fill.quantity : -fill.quantity;
    const after = before + signed;
    // Quantities carry up to 8 decimals: compare them scaled, so 0.1 + 0.2 lands on 0.3.
    const scaledAfter = Math.round(after * 1e8);
    const opens =
      before === 0 ||
      Math.sign(signed) === Math.sign(before) ||
      Math.sign(scaledAfter) === -Math.sign(before);
    if (opens) days.add(dayStart);
    held.set(fill.symbol, scaledAfter / 1e8);
    dayResults.set(dayStart, (dayResults.get(dayStart) ?? 0) + fill.netMinor);
  }
  return { tradingDays: [...days].sort((a, b) => a - b), dayResults };
}

export type ObjectiveView = {
  key: string;
  label: string;
  kind: 'target' | 'limit';
  target: number | null;
  limit: number | null;
  value: number;
  unit: 'amount' | 'days' | 'percent';
  status: ObjectiveStatus;
  detail: string;
};

export type PhaseStanding = {
  ruleSet: RuleSet;
  phase: RuleSetPhase;
  money: PhaseMoney;
  facts: PhaseFacts;
  now: number;
  phaseStartedAt: number | null;
  /** The challenge as decided so far, and the rule that failed it. */
  status: ChallengeStatus;
  failedRule: string | null;
  /** A day-ending breach pauses trading until then (null: not paused). */
  pausedUntil: number | null;
};

/** The best day's result, with today's open result counted in today (minor units). */
export function bestDayMinor(standing: Pick<PhaseStanding, 'facts' | 'money' | 'now' | 'ruleSet'>): number {
  const day = standing.ruleSet.day ?? { resetHour: 0, timeZone: 'UTC' };
  const today = dayWindowStart(standing.now, day.timeZone, day.resetHour);
  const results = new Map(standing.facts.dayResults);
  const open = standing.money.equityMinor - standing.money.balanceMinor;
  results.set(today, (results.get(today) ?? 0) + open);
  let best = 0;
  for (const result of results.values()) if (result > best) best = result;
  return best;
}

/** Whether the best day is under the consistency share of the total profit (exactly). */
export function consistencyMet(percent: number, bestMinor: number, totalMinor: number): boolean {
  if (totalMinor <= 0) return false;
  return decimal(bestMinor).times(100).lt(decimal(percent).times(totalMinor));
}

/** Whether every objective of the phase is met now (a pass): target, days, consistency. */
export function objectivesMet(
  standing: Omit<PhaseStanding, 'status' | 'failedRule' | 'pausedUntil'>,
): boolean {
  const { objectives } = standing.phase;
  const { money } = standing;
  if (objectives.profitTargetPercent === null) return false; // nothing to pass (Practice)
  const profit = money.equityMinor - money.initialMinor;
  if (profit < percentOfAmountMinor(money.initialMinor, objectives.profitTargetPercent)) return false;
  if (standing.facts.tradingDays.length < objectives.minTradingDays) return false;
  if (
    objectives.consistencyPercent !== null &&
    !consistencyMet(objectives.consistencyPercent, bestDayMinor(standing), profit)
  )
    return false;
  return true;
}

/** When the phase's time limit runs out, or null. */
export function phaseDeadline(phase: RuleSetPhase, phaseStartedAt: number | null): number | null {
  if (phase.objectives.timeLimitDays === null || phaseStartedAt === null) return null;
  return phaseStartedAt + phase.objectives.timeLimitDays * 86_400_000;
}

const amount = fromMinorUnits;
/** An amount in a sentence: grouped, two decimals ("101,420.50"). */
const said = (minor: number) =>
  fromMinorUnits(minor).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Each objective and limit of the phase with where the member stands (the desk's panel). */
export function describeObjectives(standing: PhaseStanding): ObjectiveView[] {
  const { phase, money, facts, status, failedRule } = standing;
  const { objectives } = phase;
  const views: ObjectiveView[] = [];
  const passed = status === 'passed';
  const profit = money.equityMinor - money.initialMinor;
  const targetState = (met: boolean): ObjectiveStatus =>
    passed || met ? 'met' : status === 'failed' ? 'failed' : 'pending';
  if (objectives.profitTargetPercent !== null) {
    const target = percentOfAmountMinor(money.initialMinor, objectives.profitTargetPercent);
    views.push({
      key: 'profit_target',
      label: `Profit target ${objectives.profitTargetPercent}%`,
      kind: 'target',
      target: amount(target),
      limit: null,
      value: amount(profit),
      unit: 'amount',
      status: targetState(profit >= target),
      detail: `Equity ${objectives.profitTargetPercent}% of the initial balance above it; open positions close when the phase passes.`,
    });
  }
  if (objectives.minTradingDays > 0) {
    views.push({
      key: 'min_trading_days',
      label: `Minimum ${objectives.minTradingDays} trading days`,
      kind: 'target',
      target: objectives.minTradingDays,
      limit: null,
      value: facts.tradingDays.length,
      unit: 'days',
      status: targetState(facts.tradingDays.length >= objectives.minTradingDays),
      detail: 'A day counts when a trade is opened on it, in the rule set’s day and time zone.',
    });
  }
  if (objectives.consistencyPercent !== null) {
    const best = bestDayMinor(standing);
    const share = profit > 0 ? percentOfMinor(best, profit) : 0;
    views.push({
      key: 'consistency',
      label: `Best day under ${objectives.consistencyPercent}% of profit`,
      kind: 'target',
      target: objectives.consistencyPercent,
      limit: null,
      value: share,
      unit: 'percent',
      status: targetState(consistencyMet(objectives.consistencyPercent, best, profit)),
      detail: `Best day ${said(best)} of a total profit of ${said(Math.max(profit, 0))}.`,
    });
  }
  const deadline = phaseDeadline(phase, standing.phaseStartedAt);
  if (objectives.timeLimitDays !== null) {
    const usedDays =
      standing.phaseStartedAt === null
        ? 0
        : Math.floor((standing.now - standing.phaseStartedAt) / 86_400_000);
    views.push({
      key: 'time_limit',
      label: `Time limit ${objectives.timeLimitDays} days`,
      kind: 'limit',
      target: null,
      limit: objectives.timeLimitDays,
      value: Math.min(usedDays, objectives.timeLimitDays),
      unit: 'days',
      status:
        failedRule === 'time_limit'
          ? 'failed'
          : passed || deadline === null || standing.now < deadline
            ? 'passing'
            : 'failed',
      detail: 'Calendar days from the start of the phase.',
    });
  }
  const dayFloor = dailyLossFloorMinor(phase, money);
  if (dayFloor !== null) {
    const dayStart = money.dayStartBalanceMinor ?? money.balanceMinor;
    const crossed = failedRule === 'daily_loss' || standing.pausedUntil !== null;
    views.push({
      key: 'daily_loss',
      label: `Maximum daily loss ${phase.limits.dailyLoss!.percent}%`,
      kind: 'limit',
      target: null,
      limit: amount(dayStart - dayFloor),
      value: amount(Math.max(0, dayStart - money.equityMinor)),
      unit: 'amount',
      status: crossed ? 'failed' : 'passing',
      detail: `Equity may not fall below ${said(dayFloor)} today (the day's starting balance ${said(dayStart)} less ${phase.limits.dailyLoss!.percent}% of the initial balance); a breach ${phase.limits.dailyLoss!.onBreach === 'fail' ? 'fails the phase' : 'ends the day'}.`,
    });
  }
  const maxFloor = maxLossFloorMinor(phase, money);
  if (maxFloor !== null) {
    views.push({
      key: 'max_loss',
      label: `Maximum loss ${phase.limits.maxLoss!.percent}%`,
      kind: 'limit',
      target: null,
      limit: amount(maxFloor),
      value: amount(money.equityMinor),
      unit: 'amount',
      status: failedRule === 'max_loss' ? 'failed' : 'passing',
      detail: `Equity may not fall below ${said(maxFloor)}${phase.limits.maxLoss!.mode === 'static' ? '' : ' (the floor trails the high and stops at the initial balance)'}.`,
    });
  }
  return views;
}

/** The label of a rule that decided a phase. */
export const CHALLENGE_RULE_LABELS: Record<string, string> = {
  daily_loss: 'Maximum daily loss',
  max_loss: 'Maximum loss',
  time_limit: 'Time limit',
  objectives: 'Objectives met',
  competition_end: 'The competition ended',
};
