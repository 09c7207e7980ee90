import { roundMoney } from '@candlewise/shared/trading/account-money';
import type { TagTone } from '@/components/plain/plain-tag';
import type { TradingAccount } from '../api/get-trading-account';
import { formatGroupDateTime } from './group-date-text';
import { formatMoney, formatSignedMoney } from './trading-format';

/**
 * The desk's objectives panel in words (docs/challenges.md): each objective's target or limit and
 * where the member stands, the challenge's phase and status, and each decision. The figures are the
 * API's (GET /group/:id/account); these functions only say them.
 */

export type Objective = TradingAccount['objectives'][number];
export type Challenge = TradingAccount['challenge'];
export type ChallengeEvent = Challenge['events'][number];

/**
 * Whether a group's rule set is the Practice freeze rule (no objectives to pass), by its reference
 * (`practice@<version>`; none is Practice, the API's default). By the name alone, so the desk does
 * not carry every rule set's text to tell.
 */
export function isPracticeRuleSet(ref: string | null | undefined): boolean {
  return !ref || ref.split('@')[0] === 'practice';
}

export const OBJECTIVE_STATUS_TAGS: Record<Objective['status'], { label: string; tone: TagTone }> = {
  passing: { label: 'Passing', tone: 'cyan' },
  met: { label: 'Met', tone: 'green' },
  failed: { label: 'Failed', tone: 'red' },
  pending: { label: 'Pending', tone: 'neutral' },
};

export const CHALLENGE_STATUS_TAGS: Record<Challenge['status'], { label: string; tone: TagTone }> = {
  'in-progress': { label: 'In progress', tone: 'orange' },
  passed: { label: 'Passed', tone: 'green' },
  failed: { label: 'Failed', tone: 'red' },
};

/** 'Two-step 10/5 · Phase 1 of 2: Challenge'; a one-phase rule set names its phase alone. */
export function challengePhaseLine(challenge: Challenge): string {
  const { phase } = challenge;
  const where = phase.count > 1 ? `Phase ${phase.index} of ${phase.count}: ${phase.name}` : phase.name;
  return where === challenge.ruleSetName ? where : `${challenge.ruleSetName} · ${where}`;
}

/** A percentage as the panel writes it: at most two decimals, '1.25%', '40%'. */
export function formatPercent(value: number): string {
  return `${Number(value.toFixed(2))}%`;
}

const days = (value: number) => `${value} ${value === 1 ? 'day' : 'days'}`;

/** A figure of an objective in its unit: money in the account currency, days, or a percentage. */
export function formatObjectiveFigure(value: number, unit: Objective['unit'], currency: string): string {
  if (unit === 'amount') return formatMoney(value, currency);
  if (unit === 'days') return days(value);
  return formatPercent(value);
}

/**
 * What the objective asks, as a short phrase beside its label: 'Target ₹10,000.00', 'Under 40%',
 * 'Equity above ₹90,000.00', 'Limit ₹5,000.00 today', 'Limit 5%'.
 */
export function objectiveGoalText(objective: Objective, currency: string): string {
  const figure = (value: number | null) =>
    value === null ? '—' : formatObjectiveFigure(value, objective.unit, currency);
  if (objective.kind === 'target') {
    return objective.key === 'consistency'
      ? `Under ${figure(objective.target)}`
      : `Target ${figure(objective.target)}`;
  }
  if (objective.key === 'max_loss' && objective.unit === 'amount')
    return `Equity above ${figure(objective.limit)}`;
  if (objective.key === 'daily_loss' && objective.unit === 'amount')
    return `Limit ${figure(objective.limit)} today`;
  return `Limit ${figure(objective.limit)}`;
}

/**
 * Where the member stands, as a short phrase: 'Now +₹2,500.00' (the profit, signed), 'Now 2 days',
 * 'Best day 32.5%', 'Equity ₹95,000.00', 'Lost ₹1,200.00', 'Now 1.2%'.
 */
export function objectiveValueText(objective: Objective, currency: string): string {
  const { key, unit, value } = objective;
  if (key === 'profit_target' && unit === 'amount') return `Profit ${formatSignedMoney(value, currency)}`;
  if (key === 'consistency') return `Best day ${formatPercent(value)}`;
  if (key === 'max_loss' && unit === 'amount') return `Equity ${formatMoney(value, currency)}`;
  if (key === 'daily_loss' && unit === 'amount') return `Lost ${formatMoney(value, currency)}`;
  if (key === 'time_limit') return `Used ${days(value)}`;
  return `Now ${formatObjectiveFigure(value, unit, currency)}`;
}

/**
 * The bar under an objective: for a target to reach, how much of it is done ('progress'); for a limit
 * measured as a loss or a time used, how much of it is used ('usage'), which turns warning and then
 * danger as it fills. Null when a bar would not say anything true: the consistency share (lower is
 * better) or a limit that is a level rather than an allowance.
 */
export function objectiveBar(
  objective: Objective,
  { initial }: { initial: number },
): { kind: 'progress' | 'usage'; fraction: number } | null {
  const clamp = (value: number) => Math.min(1, Math.max(0, value));
  if (objective.kind === 'target') {
    if (objective.key === 'consistency' || objective.target === null || objective.target <= 0) return null;
    return { kind: 'progress', fraction: clamp(objective.value / objective.target) };
  }
  if (objective.limit === null) return null;
  if (objective.key === 'max_loss' && objective.unit === 'amount') {
    // The limit is the floor equity must stay above: the bar is the loss so far of the room to it.
    const room = initial - objective.limit;
    return room > 0 ? { kind: 'usage', fraction: clamp((initial - objective.value) / room) } : null;
  }
  if (objective.limit <= 0) return null;
  return { kind: 'usage', fraction: clamp(objective.value / objective.limit) };
}

/**
 * The objectives at a new equity from the member's live standings row (each second), before the
 * account's next read (every 5 s): the profit and the maximum loss are measured on equity alone
 * (`profit = equity − the phase's initial balance`), so they follow it; the rest wait for the read.
 */
export function objectivesAtEquity(
  objectives: readonly Objective[],
  { initial, equity, status }: { initial: number; equity: number; status: Challenge['status'] },
): Objective[] {
  return objectives.map((objective) => {
    if (objective.unit !== 'amount') return objective;
    if (objective.key === 'profit_target') {
      const value = roundMoney(equity - initial);
      // While the challenge runs the target is met exactly when the profit reaches it (as the API says).
      const met = objective.target !== null && value >= objective.target;
      return {
        ...objective,
        value,
        status: status === 'in-progress' ? (met ? 'met' : 'pending') : objective.status,
      };
    }
    if (objective.key === 'max_loss') return { ...objective, value: equity };
    return objective;
  });
}

const RULE_TEXT: Record<string, string> = {
  daily_loss: 'Maximum daily loss',
  max_loss: 'Maximum loss',
  time_limit: 'Time limit',
  objectives: 'Objectives met',
  competition_end: 'The competition ended',
};

/** The rule that decided, in words ('daily_loss' → 'Maximum daily loss'). */
export function challengeRuleText(rule: string): string {
  return RULE_TEXT[rule] ?? rule.replace(/_/g, ' ').replace(/^./, (first) => first.toUpperCase());
}

/** 'Phase 1 passed', 'Phase 2 failed: Maximum daily loss', 'Day ended: Maximum daily loss'. */
export function challengeEventTitle(event: ChallengeEvent, phaseCount: number): string {
  const phase = phaseCount > 1 ? `Phase ${event.phase}` : 'Challenge';
  if (event.kind === 'passed') return `${phase} passed`;
  if (event.kind === 'failed') return `${phase} failed: ${challengeRuleText(event.rule)}`;
  return `Day ended: ${challengeRuleText(event.rule)}`;
}

/** 'Nov 19, 2026, 9:41 AM, equity ₹94,000.00'. */
export function challengeEventWhen(event: Pick<ChallengeEvent, 'at' | 'equity'>, currency: string): string {
  return `${formatGroupDateTime(event.at)}, equity ${formatMoney(event.equity, currency)}`;
}
