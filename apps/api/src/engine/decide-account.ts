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

export type CompetitionRules = {
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
): AccountDecision {
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

  const equity = markToMarket(account, market);
  if (equity > account.peakEquity) account.peakEquity = equity;
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
  if (account.frozenUntil !== null) {
    markToMarket(account, market);
    return account.frozenUntil <= now;
  }
  for (const order of account.openOrders) {
    if (market.tradable(order.symbol, now) && pendingOrderFill(order, market.quote(order.symbol)!) !== null)
      return true;
  }
  for (const position of account.positions.values()) {
    if (position.stopLoss === null && position.takeProfit === null) continue;
    if (market.tradable(position.symbol, now) && protectiveExit(position, market.quote(position.symbol)!))
      return true;
  }
  const equity = markToMarket(account, market);
  if (equity > account.peakEquity) account.peakEquity = equity;
  rollDay(account, rules, now);
  return breachedRule(account, rules) !== null;
}
