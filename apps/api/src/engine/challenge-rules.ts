/**
 * A challenge rule set applied to one account (docs/challenges.md): the rule set's day, the loss
 * limits (fail, or end the day), the time limit, and the pass that moves the member to the next
 * phase. Pure, like decide-account.ts: mutates the account it is given and says what happened.
 */
import {
  type LossBreach,
  lossBreach,
  objectivesMet,
  type PhaseFacts,
  type PhaseMoney,
  percentOfAmountMinor,
  phaseDeadline,
} from '@candlewise/shared/challenges/objectives';
import { phaseOf, type RuleSet } from '@candlewise/shared/challenges/rule-sets';
import { fromMinorUnits, minorUnitsOf, percentOfMinor } from '@candlewise/shared/money/money';
import { dayWindowStart, nextDayWindowStart } from '@candlewise/shared/trading/risk-rules';
import {
  type AccountDecision,
  type AccountState,
  type ChallengeDecision,
  closeOut,
  type Market,
  markToMarket,
} from './account-book.ts';

/** What a competition's challenge needs to know of it: the rule set, its day, and its clock. */
export type ChallengeGroup = {
  ruleSet: RuleSet;
  dailyResetHour?: number;
  timeZone?: string;
  startMs?: number;
  /** A replayed day: days and time limits run on the replayed clock. */
  replay?: { from: number; speed: number } | null;
};

export function isChallenge(group: { ruleSet?: RuleSet }): group is ChallengeGroup {
  return group.ruleSet?.kind === 'challenge';
}

/** The market's clock: the replayed time for a replay, the wall clock otherwise. */
export function marketTime(group: ChallengeGroup, now: number): number {
  if (!group.replay || group.startMs === undefined) return now;
  return group.replay.from + Math.max(0, now - group.startMs) * group.replay.speed;
}

/** A market-clock moment back on the wall clock. */
export function wallTime(group: ChallengeGroup, marketMs: number): number {
  if (!group.replay || group.startMs === undefined) return marketMs;
  return group.startMs + Math.ceil((marketMs - group.replay.from) / group.replay.speed);
}

export function challengeDay(group: ChallengeGroup): { resetHour: number; timeZone: string } {
  return group.ruleSet.day ?? { resetHour: group.dailyResetHour ?? 0, timeZone: group.timeZone ?? 'UTC' };
}

const SAMPLE_EVERY_MS = 5_000;
const SAMPLES_KEPT = 240; // 20 minutes at one sample per 5 s

/**
 * The equity high of the phase and the largest drawdown from it (the Calmar ranking), after a mark
 * to market. A competition's accounts keep only these; a challenge's also keep their equity curve
 * (`trackEquity`).
 */
export function trackDrawdown(account: AccountState): void {
  const equityMinor = minorUnitsOf(account.equity);
  const high = Math.max(minorUnitsOf(account.equityHigh ?? account.startingBalance), equityMinor);
  account.equityHigh = fromMinorUnits(high);
  if (high > equityMinor) {
    const drawdown = percentOfMinor(high - equityMinor, high);
    if (drawdown > account.maxDrawdownPercent) account.maxDrawdownPercent = drawdown;
  }
}

/**
 * A challenge account's drawdown (trackDrawdown) and, in the leader's memory, a sample of equity
 * every 5 s for a breach's evidence. Only a challenge's decisions carry the curve: 240 samples for
 * each of 100,000 competitors were ~1.5 GB held by the engine.
 */
export function trackEquity(account: AccountState, now: number): void {
  trackDrawdown(account);
  if (!account.equitySamples) account.equitySamples = [];
  const kept = account.equitySamples;
  const last = kept[kept.length - 1];
  if (!last || now - last[0] >= SAMPLE_EVERY_MS) {
    kept.push([now, account.equity]);
    if (kept.length > SAMPLES_KEPT) kept.splice(0, kept.length - SAMPLES_KEPT);
  } else if (last[1] !== account.equity && now - last[0] >= 1_000) {
    // Keep the newest second's equity in the last sample's place when it moved.
    kept[kept.length - 1] = [now, account.equity];
  }
}

/**
 * A new day of the rule set began (on the market's clock): the balance now is the end of the day
 * before (the end-of-day high trails it) and the start of this one (the daily loss measures from
 * it). Call before anything fills. Returns whether a day began.
 */
export function openChallengeDay(account: AccountState, group: ChallengeGroup, now: number): boolean {
  const day = challengeDay(group);
  const dayStart = dayWindowStart(marketTime(group, now), day.timeZone, day.resetHour);
  if (account.dayStartedAt !== null && account.dayStartedAt >= dayStart && account.dayStartBalance !== null)
    return false;
  if (account.dayStartedAt !== null) {
    const high = Math.max(
      minorUnitsOf(account.eodHighBalance ?? account.startingBalance),
      minorUnitsOf(account.balance),
    );
    account.eodHighBalance = fromMinorUnits(high);
  }
  account.dayStartBalance = account.balance;
  account.dayStartEquity = account.equity;
  account.dayStartedAt = dayStart;
  return true;
}

export function phaseMoney(account: AccountState): PhaseMoney {
  return {
    initialMinor: minorUnitsOf(account.startingBalance),
    balanceMinor: minorUnitsOf(account.balance),
    equityMinor: minorUnitsOf(account.equity),
    dayStartBalanceMinor: account.dayStartBalance === null ? null : minorUnitsOf(account.dayStartBalance),
    eodHighBalanceMinor: account.eodHighBalance === null ? null : minorUnitsOf(account.eodHighBalance),
    equityHighMinor: account.equityHigh === null ? null : minorUnitsOf(account.equityHigh),
  };
}

/** Whether equity has reached the phase's profit target (then the other objectives are worth reading). */
export function reachesTarget(account: AccountState, group: ChallengeGroup): boolean {
  const target = phaseOf(group.ruleSet, account.phase).objectives.profitTargetPercent;
  if (target === null) return false;
  const initial = minorUnitsOf(account.startingBalance);
  return minorUnitsOf(account.equity) - initial >= percentOfAmountMinor(initial, target);
}

/** The loss limit crossed now, if any. */
export function challengeBreach(account: AccountState, group: ChallengeGroup): LossBreach | null {
  return lossBreach(phaseOf(group.ruleSet, account.phase), phaseMoney(account));
}

/** Whether the phase's time limit has run out. */
export function pastDeadline(account: AccountState, group: ChallengeGroup, now: number): boolean {
  const phase = phaseOf(group.ruleSet, account.phase);
  const started = account.phaseStartedAt ?? group.startMs ?? null;
  const deadline = phaseDeadline(phase, started === null ? null : marketTime(group, started));
  return deadline !== null && marketTime(group, now) >= deadline;
}

function decided(
  account: AccountState,
  kind: ChallengeDecision['kind'],
  rule: string,
  now: number,
  equity: number,
  threshold: number | null,
): ChallengeDecision {
  const curve = [...(account.equitySamples ?? [])];
  if (!curve.length || curve[curve.length - 1][0] !== now) curve.push([now, equity]);
  return {
    kind,
    rule,
    phase: account.phase,
    at: now,
    equity,
    balance: account.balance,
    threshold,
    equityCurve: curve,
  };
}

/**
 * After the account's orders and exits of this second and its mark to market: a loss limit
 * crossed (close out; fail, or pause until the next day), the time limit run out (close out,
 * fail), or every objective met (close out at the market; the next phase starts a new account at
 * the starting balance, or the challenge is passed). `facts` are the phase's trading days and day
 * results as the ledger holds them; without them no pass is decided this second.
 */
export function decideChallenge(
  account: AccountState,
  group: ChallengeGroup,
  market: Market,
  now: number,
  facts: PhaseFacts | null,
  decision: AccountDecision,
): void {
  const breach = challengeBreach(account, group);
  if (breach) {
    const equity = account.equity;
    closeOut(account, market, 'breach', decision);
    if (breach.action === 'fail') {
      account.challengeStatus = 'failed';
    } else {
      const day = challengeDay(group);
      account.frozenUntil = wallTime(
        group,
        nextDayWindowStart(marketTime(group, now), day.timeZone, day.resetHour),
      );
      account.frozenReason = 'daily_loss';
      account.freezeCount += 1;
      decision.frozeUntil = account.frozenUntil;
      decision.frozeFor = 'daily_loss';
    }
    decision.challenge = decided(
      account,
      breach.action === 'fail' ? 'failed' : 'day-ended',
      breach.rule,
      now,
      equity,
      fromMinorUnits(breach.floorMinor),
    );
    return;
  }
  if (pastDeadline(account, group, now)) {
    const equity = account.equity;
    closeOut(account, market, 'phase_end', decision);
    account.challengeStatus = 'failed';
    decision.challenge = decided(account, 'failed', 'time_limit', now, equity, null);
    return;
  }
  if (!facts || !reachesTarget(account, group)) return;
  const phase = phaseOf(group.ruleSet, account.phase);
  const clock = marketTime(group, now);
  if (
    !objectivesMet({
      ruleSet: group.ruleSet,
      phase,
      money: phaseMoney(account),
      facts,
      now: clock,
      phaseStartedAt: account.phaseStartedAt,
    })
  )
    return;
  const equity = account.equity;
  const target = fromMinorUnits(
    minorUnitsOf(account.startingBalance) +
      percentOfAmountMinor(minorUnitsOf(account.startingBalance), phase.objectives.profitTargetPercent!),
  );
  closeOut(account, market, 'phase_end', decision);
  decision.challenge = decided(account, 'passed', 'objectives', now, equity, target);
  if (account.phase < group.ruleSet.phases.length) startNextPhase(account, now, market);
  else account.challengeStatus = 'passed';
}

/** A new account for the next phase: the starting balance again, the history kept in its phase. */
function startNextPhase(account: AccountState, now: number, market: Market): void {
  account.phase += 1;
  account.phaseStartedAt = now;
  account.balance = account.startingBalance;
  markToMarket(account, market);
  account.peakEquity = account.startingBalance;
  account.dayStartBalance = account.startingBalance;
  account.dayStartEquity = account.startingBalance;
  account.eodHighBalance = null;
  account.equityHigh = null;
  account.maxDrawdownPercent = 0;
  account.equitySamples = [];
}
