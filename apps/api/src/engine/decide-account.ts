/**
 * The risk rules and the one-second decision of an account (docs/architecture.md §Competitions):
 * pending orders, stop-loss and take-profit exits, the drawdown and the daily loss limit, the
 * freeze and its release. Pure: mutates the account it is given and returns what to save.
 */
import {
  type DrawdownBasis,
  dayWindowStart,
  type FreezeReason,
  nextDayWindowStart,
  pendingOrderFill,
  protectiveExit,
} from '@candlewise/shared';
import type { PhaseFacts } from '@candlewise/shared/challenges/objectives';
import { lossReachesPercent } from '@candlewise/shared/money/money';
import {
  type AccountDecision,
  type AccountState,
  accountExposure,
  cloneAccount,
  closeOut,
  executeFill,
  fitsBuyingPower,
  type Market,
  markToMarket,
  noDecision,
} from './account-book.ts';
import {
  type ChallengeGroup,
  challengeBreach,
  decideChallenge,
  isChallenge,
  openChallengeDay,
  pastDeadline,
  reachesTarget,
  trackDrawdown,
  trackEquity,
} from './challenge-rules.ts';

export type CompetitionRules = Partial<Omit<ChallengeGroup, 'dailyResetHour' | 'timeZone'>> & {
  freezeThreshold: number;
  freezeDurationMs: number;
  drawdownBasis?: DrawdownBasis;
  /** Loss % in one day that freezes (0: off), the day starting at `dailyResetHour` in `timeZone`. */
  dailyLossLimit?: number;
  dailyResetHour?: number;
  timeZone?: string;
};

/** When the competition day after the one holding `now` begins. */
function nextDay(now: number, rules: CompetitionRules): number {
  return nextDayWindowStart(now, rules.timeZone ?? 'Asia/Kolkata', rules.dailyResetHour ?? 0);
}

/** A new competition day began: the daily loss is measured from the equity now. */
function rollDay(account: AccountState, rules: CompetitionRules, now: number): void {
  if (!rules.dailyLossLimit) return;
  const dayStart = dayWindowStart(now, rules.timeZone ?? 'Asia/Kolkata', rules.dailyResetHour ?? 0);
  if (account.dayStartedAt === null || account.dayStartedAt < dayStart || account.dayStartEquity === null) {
    account.dayStartEquity = account.equity;
    account.dayStartedAt = dayStart;
  }
}

/** Which rule the account breaks now, if any (the drawdown first). */
export function breachedRule(account: AccountState, rules: CompetitionRules): FreezeReason | null {
  // Exact comparisons of whole minor units: a threshold crossed by a cent decides on that cent.
  const basis = rules.drawdownBasis ?? 'peak';
  const reference =
    basis === 'peak' ? account.peakEquity : basis === 'balance' ? account.balance : account.startingBalance;
  if (lossReachesPercent(reference, account.equity, rules.freezeThreshold)) return 'drawdown';
  if (
    rules.dailyLossLimit &&
    account.dayStartEquity !== null &&
    lossReachesPercent(account.dayStartEquity, account.equity, rules.dailyLossLimit)
  )
    return 'daily_loss';
  return null;
}

/**
 * Pending orders the quote triggers (refused, and cancelled, when the fill would pass the buying
 * power) and stop-loss and take-profit exits. Nothing fills on a stale quote or in a closed market.
 */
function fillOrdersAndExits(
  account: AccountState,
  market: Market,
  now: number,
  decision: AccountDecision,
): void {
  for (const order of [...account.openOrders]) {
    if (!market.tradable(order.symbol, now)) continue;
    const quote = market.quote(order.symbol)!;
    const price = pendingOrderFill(order, quote);
    if (price === null) continue;
    const execution = {
      orderId: order.id,
      symbol: order.symbol,
      side: order.side,
      quantity: order.quantity,
      price,
      reason: 'order' as const,
    };
    // Would the fill pass the buying power at today's prices? Then it is refused, not filled.
    const trial = cloneAccount(account);
    trial.openOrders = trial.openOrders.filter((other) => other.id !== order.id);
    if (!executeFill(trial, execution, market)) continue; // no conversion rate right now: it waits
    markToMarket(trial, market);
    // A fill that shrinks the position always goes; one that grows it must fit the buying power
    // now (prices and equity may have moved since the order was accepted).
    const held = Math.abs(account.positions.get(order.symbol)?.quantity ?? 0);
    const reduces = Math.abs(trial.positions.get(order.symbol)?.quantity ?? 0) < held;
    const allowed = reduces || fitsBuyingPower(accountExposure(trial, market), trial.equity);
    account.openOrders = account.openOrders.filter((other) => other.id !== order.id);
    if (!allowed) {
      decision.canceledOrders.push({ id: order.id, reason: 'buying_power', order });
      continue;
    }
    decision.fills.push(executeFill(account, execution, market)!);
    decision.filledOrders.push({ id: order.id, price });
    const position = account.positions.get(order.symbol);
    if (position && (order.stopLoss !== null || order.takeProfit !== null)) {
      position.stopLoss = order.stopLoss ?? position.stopLoss;
      position.takeProfit = order.takeProfit ?? position.takeProfit;
    }
  }

  for (const position of [...account.positions.values()]) {
    if (position.stopLoss === null && position.takeProfit === null) continue;
    if (!market.tradable(position.symbol, now)) continue;
    const exit = protectiveExit(position, market.quote(position.symbol)!);
    if (!exit) continue;
    const fill = executeFill(
      account,
      {
        orderId: null,
        symbol: position.symbol,
        side: position.quantity > 0 ? 'sell' : 'buy',
        quantity: Math.abs(position.quantity),
        price: exit.price,
        reason: exit.reason,
      },
      market,
    );
    if (fill) decision.fills.push(fill);
  }
}

/**
 * One second of one account (docs/architecture.md §Competitions): a due release (the peak and the day restart from there),
 * pending orders that the quote triggers (refused, and cancelled, when the fill would pass the
 * buying power), stop-loss and take-profit exits, mark-to-market and the peak, and the risk rules
 * (drawdown on the group's basis, the daily loss limit). Nothing fills on a stale quote or in a
 * closed market: orders and exits wait. Mutates `account`; returns what happened to be saved.
 */
export function decideAccount(
  account: AccountState,
  rules: CompetitionRules,
  market: Market,
  now: number,
  facts: PhaseFacts | null = null,
): AccountDecision {
  if (isChallenge(rules)) return decideChallengeAccount(account, rules, market, now, facts);
  const decision = noDecision();
  if (account.removed || account.finalRank !== null) return decision;
  if (account.frozenUntil !== null) {
    markToMarket(account, market);
    if (account.frozenUntil > now) return decision;
    // A new day measures its loss from the equity at its start; the same day keeps its first equity
    // whatever freezes happen in it.
    rollDay(account, rules, now);
    const still = breachedRule(account, rules);
    if ((rules.drawdownBasis ?? 'peak') === 'start' && still === 'drawdown') {
      // A static maximum loss stays broken: the freeze goes on, quietly (no new count, no bell).
      account.frozenUntil = now + rules.freezeDurationMs;
      decision.extended = true;
      return decision;
    }
    if (still === 'daily_loss') {
      // The day's loss is still past the limit: frozen, quietly, until the next day begins.
      account.frozenUntil = Math.max(now + rules.freezeDurationMs, nextDay(now, rules));
      decision.extended = true;
      return decision;
    }
    decision.releasedFrom = account.frozenReason ?? 'drawdown';
    account.frozenUntil = null;
    account.frozenReason = null;
    // The drawdown is measured from the release on.
    account.peakEquity = account.equity;
    decision.released = true;
  }

  fillOrdersAndExits(account, market, now, decision);

  const equity = markToMarket(account, market);
  if (equity > account.peakEquity) account.peakEquity = equity;
  trackDrawdown(account); // a competition keeps no equity curve
  rollDay(account, rules, now);
  const breached = breachedRule(account, rules);
  if (breached) {
    closeOut(account, market, 'freeze', decision);
    // A daily-loss freeze lasts at least until the next day begins: the day's loss stays past its limit.
    account.frozenUntil =
      breached === 'daily_loss'
        ? Math.max(now + rules.freezeDurationMs, nextDay(now, rules))
        : now + rules.freezeDurationMs;
    account.frozenReason = breached;
    account.freezeCount += 1;
    decision.frozeUntil = account.frozenUntil;
    decision.frozeFor = breached;
  }
  return decision;
}

/** Whether a pending order or a stop-loss/take-profit would fill at the quotes now. */
function triggersSomething(account: AccountState, market: Market, now: number): boolean {
  // Most members hold nothing at a given second: no iterator for them (51,000 accounts a tick).
  if (account.openOrders.length === 0 && account.positions.size === 0) return false;
  for (const order of account.openOrders) {
    if (market.tradable(order.symbol, now) && pendingOrderFill(order, market.quote(order.symbol)!) !== null)
      return true;
  }
  for (const position of account.positions.values()) {
    if (position.stopLoss === null && position.takeProfit === null) continue;
    if (market.tradable(position.symbol, now) && protectiveExit(position, market.quote(position.symbol)!))
      return true;
  }
  return false;
}

/**
 * The cheap question the leader asks of every account every second, on its in-memory copy: would
 * decideAccount change anything? (Only those accounts are then locked, re-decided and saved.)
 * Keeps equity, the peak and the competition day current in memory as it goes.
 */
export function needsDecision(
  account: AccountState,
  rules: CompetitionRules,
  market: Market,
  now: number,
): boolean {
  if (account.removed || account.finalRank !== null) return false;
  if (isChallenge(rules)) return challengeNeedsDecision(account, rules, market, now);
  if (account.frozenUntil !== null) {
    markToMarket(account, market);
    return account.frozenUntil <= now;
  }
  if (triggersSomething(account, market, now)) return true;
  const equity = markToMarket(account, market);
  if (equity > account.peakEquity) account.peakEquity = equity;
  trackDrawdown(account);
  rollDay(account, rules, now);
  return breachedRule(account, rules) !== null;
}

/**
 * One second of an account under a challenge rule set (challenge-rules.ts): a paused day that is
 * over resumes, a new day opens, orders and exits fill, then the loss limits, the time limit and
 * the objectives decide. An account whose challenge passed or failed no longer trades.
 */
function decideChallengeAccount(
  account: AccountState,
  group: ChallengeGroup,
  market: Market,
  now: number,
  facts: PhaseFacts | null,
): AccountDecision {
  const decision = noDecision();
  if (account.removed || account.finalRank !== null || account.challengeStatus !== 'in-progress')
    return decision;
  if (account.frozenUntil !== null) {
    markToMarket(account, market);
    if (account.frozenUntil > now) return decision;
    decision.releasedFrom = account.frozenReason ?? 'daily_loss';
    account.frozenUntil = null;
    account.frozenReason = null;
    decision.released = true;
  }
  markToMarket(account, market);
  openChallengeDay(account, group, now);
  fillOrdersAndExits(account, market, now, decision);
  markToMarket(account, market);
  if (account.equity > account.peakEquity) account.peakEquity = account.equity;
  trackEquity(account, now);
  decideChallenge(account, group, market, now, facts, decision);
  return decision;
}

/** The leader's cheap question for a challenge account (see needsDecision). */
function challengeNeedsDecision(
  account: AccountState,
  group: ChallengeGroup,
  market: Market,
  now: number,
): boolean {
  if (account.challengeStatus !== 'in-progress') return false;
  markToMarket(account, market);
  if (account.frozenUntil !== null) return account.frozenUntil <= now;
  if (triggersSomething(account, market, now)) return true;
  if (account.equity > account.peakEquity) account.peakEquity = account.equity;
  trackEquity(account, now);
  openChallengeDay(account, group, now);
  if (challengeBreach(account, group) || pastDeadline(account, group, now)) return true;
  // The target is reached: the other objectives are read from the ledger under the lock, once per
  // change of the account (or every 30 s, as today's open result moves the best day).
  if (!reachesTarget(account, group)) return false;
  const checked = account.passCheckedAt;
  return !checked || checked.version !== account.version || now - checked.at >= 30_000;
}
