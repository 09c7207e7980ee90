import type { groups, instruments } from '@candlewise/db';
import {
  groupPhase,
  type InstrumentSteps,
  isMarketOpen,
  LEVERAGE,
  marketFillPrice,
  nextMarketOpen,
  priceProblem,
  protectionProblem,
  quantityProblem,
  roundToStep,
  type Side,
  sessionLabel,
} from '@candlewise/shared';
import { ruleSetOf } from '@candlewise/shared/challenges/rule-sets';
import {
  type AccountState,
  accountExposure,
  type CancelReason,
  cloneAccount,
  executeFill,
  type FillRecord,
  fitsBuyingPower,
  type Market,
  markToMarket,
} from '../../engine/account-book.ts';
import type { AmendedOrder, NewOrder } from '../../engine/account-ledger.ts';
import { type ChallengeGroup, isChallenge, openChallengeDay } from '../../engine/challenge-rules.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { REMOVED_FROM_COMPETITION } from './trading-access.ts';

/**
 * The rules of the trader's own commands — place an order, cancel one, close a position, move a
 * stop-loss or take-profit — as pure functions on an account already locked and loaded. The order
 * desk (order-desk.ts) runs them, many at a time, inside the transaction that saves their result.
 */

export type OrderInput = {
  symbol: string;
  side: Side;
  type: 'market' | 'limit' | 'stop';
  quantity: number;
  price?: number;
  stopLoss?: number;
  takeProfit?: number;
};

export type OrderResult = {
  _id: string;
  status: 'open' | 'filled';
  fillPrice: number | null;
  /** The ledger sequence of the write that booked it (set by the desk once saved; 0 before). */
  ledgerSeq: number;
};

/** New protective levels: a price sets the level, null removes it, a level left out stays as it is. */
export type ProtectionInput = { stopLoss?: number | null; takeProfit?: number | null };

/** The levels a position or an open order has after an amendment. */
export type ProtectionResult = { stopLoss: number | null; takeProfit: number | null };

export type TraderCommand =
  | { kind: 'place'; userId: string; groupId: string; input: OrderInput }
  | { kind: 'cancel'; userId: string; groupId: string; orderId: string }
  | { kind: 'close'; userId: string; groupId: string; symbol: string }
  | { kind: 'protect-position'; userId: string; groupId: string; symbol: string; levels: ProtectionInput }
  | { kind: 'protect-order'; userId: string; groupId: string; orderId: string; levels: ProtectionInput };

export type CommandResult = OrderResult | ProtectionResult | null;

/** What a command adds to its account's save. */
export type CommandEffect = {
  fills: FillRecord[];
  newOrders: NewOrder[];
  canceledOrders: Array<{ id: string; reason: CancelReason | string }>;
  amendedOrders: AmendedOrder[];
};

type GroupRow = typeof groups.$inferSelect;
type InstrumentRow = typeof instruments.$inferSelect;

export { LEVERAGE };

function invalid(path: string, message: string) {
  return new AppError(400, 'VALIDATION_FAILED', message, [{ path, message }]);
}

export const marketUnavailable = () =>
  new AppError(
    503,
    'SERVICE_UNAVAILABLE',
    'The market for this instrument is not available right now. Try again in a moment.',
  );

/** Trading is allowed now: a member (not removed), inside the window, not frozen (423). */
export function assertTradable(group: GroupRow, account: AccountState, now = Date.now()): void {
  if (account.removed) throw new AppError(403, 'FORBIDDEN', REMOVED_FROM_COMPETITION);
  const phase = groupPhase(group, now);
  if (phase === 'upcoming') {
    throw new AppError(
      409,
      'CONFLICT',
      `The competition has not started yet. Orders open on ${group.startDate!.toISOString()}.`,
    );
  }
  if (phase === 'ended' || account.finalRank !== null)
    throw new AppError(409, 'CONFLICT', 'The competition has ended; orders are closed.');
  const ruleSet = ruleSetOf(group.ruleSet);
  if (ruleSet.kind === 'challenge' && account.challengeStatus === 'failed')
    throw new AppError(
      409,
      'CONFLICT',
      `This ${ruleSet.name} challenge has failed, so the account no longer trades. Open the objectives panel to see the rule and the fills that crossed it.`,
    );
  if (ruleSet.kind === 'challenge' && account.challengeStatus === 'passed')
    throw new AppError(
      409,
      'CONFLICT',
      `You passed this ${ruleSet.name} challenge: every phase is complete, so the account no longer trades.`,
    );
  if (account.frozenUntil && account.frozenUntil > now) {
    const until = new Date(account.frozenUntil).toISOString();
    throw new AppError(
      423,
      'ACCOUNT_FROZEN',
      ruleSet.kind === 'challenge'
        ? `Trading is paused until ${until}: your loss today reached the daily loss limit of ${ruleSet.name}. The challenge goes on when the next trading day begins.`
        : account.frozenReason === 'daily_loss'
          ? `Account frozen until ${until}. Your loss today reached the group's daily loss limit of ${group.dailyLossLimit}%, so trading pauses until the next trading day.`
          : `Account frozen until ${until}. Your drawdown reached the group's limit of ${group.freezeThreshold}%, so trading pauses until then.`,
    );
  }
}

/** The challenge side of a competition row (its rule set, day and clock). */
export function challengeGroupOf(group: GroupRow): ChallengeGroup {
  return {
    ruleSet: ruleSetOf(group.ruleSet),
    dailyResetHour: group.dailyResetHour,
    timeZone: group.timeZone,
    startMs: group.startDate?.getTime(),
    replay:
      group.marketMode === 'replay' && group.replayFrom
        ? { from: group.replayFrom.getTime(), speed: group.replaySpeed }
        : null,
  };
}

/**
 * The checks an order passes before it waits for the desk: the instrument, its lot step and tick.
 * The quantity and prices are then set to the exact step they are on (a JSON number may carry
 * binary noise such as 0.30000000000000004 within the checks' tolerance): the ledger computes
 * with the decimals the steps make (docs/decisions/022-exact-money.md).
 */
export function validateOrderInput(instrument: InstrumentRow | undefined, input: OrderInput): InstrumentRow {
  if (!instrument) throw invalid('symbol', `Unknown instrument ${input.symbol}.`);
  const quantityError = quantityProblem(instrument, input.quantity);
  if (quantityError) throw invalid('quantity', quantityError);
  if (input.type !== 'market' && input.price === undefined)
    throw invalid('price', 'Limit and stop orders need a price.');
  for (const [path, label, value] of [
    ['price', 'Price', input.type === 'market' ? undefined : input.price],
    ['stopLoss', 'Stop-loss', input.stopLoss],
    ['takeProfit', 'Take-profit', input.takeProfit],
  ] as const) {
    const problem = value === undefined ? null : priceProblem(instrument, value, label);
    if (problem) throw invalid(path, problem);
  }
  input.quantity = roundToStep(input.quantity, instrument.lotStep);
  if (input.price !== undefined) input.price = roundToStep(input.price, instrument.tickSize);
  if (input.stopLoss !== undefined) input.stopLoss = roundToStep(input.stopLoss, instrument.tickSize);
  if (input.takeProfit !== undefined) input.takeProfit = roundToStep(input.takeProfit, instrument.tickSize);
  return instrument;
}

/** Stop-loss below (above) a buy's (sell's) entry, take-profit the other way. */
function validateProtection(input: OrderInput, reference: number): void {
  const { side, stopLoss, takeProfit } = input;
  const problem = protectionProblem({ side, reference, stopLoss, takeProfit });
  if (problem) throw invalid(problem.path, problem.message);
}

/**
 * An order on the account (mutated): a market order fills at once at the bid/ask, a limit or stop
 * order rests until the engine fills it. Refused when it would take the worst-case exposure of
 * positions and pending orders past LEVERAGE × equity (unless it reduces it).
 */
export function applyOrder(
  account: AccountState,
  group: Pick<GroupRow, 'instruments'>,
  market: Market,
  input: OrderInput,
  orderId: string,
  options: { closing?: boolean; now?: number } = {},
): { effect: CommandEffect; order: OrderResult } {
  const now = options.now ?? Date.now();
  // Closing what is held is always allowed, even if the instrument left the competition's list.
  if (!options.closing && group.instruments.length && !group.instruments.includes(input.symbol)) {
    throw invalid(
      'symbol',
      `${input.symbol} is not traded in this competition. Choose one of ${group.instruments.join(', ')}.`,
    );
  }
  const quote = market.quote(input.symbol);
  if (!quote) throw marketUnavailable();
  if (quote.stale) {
    throw new AppError(
      503,
      'SERVICE_UNAVAILABLE',
      `Prices for ${input.symbol} have stopped arriving, so it cannot be traded until they are back. Try again in a moment.`,
      undefined,
      { 'Retry-After': '5' },
    );
  }
  const session = market.terms(input.symbol).session ?? 'always';
  if (input.type === 'market' && !isMarketOpen(session, now)) {
    const opens = nextMarketOpen(session, now);
    throw new AppError(
      409,
      'CONFLICT',
      `The ${sessionLabel(session)} market is closed${opens ? `; it opens at ${new Date(opens).toISOString()}` : ''}. Limit and stop orders can wait for it.`,
    );
  }
  const reference = input.type === 'market' ? marketFillPrice(input.side, quote) : input.price!;
  validateProtection(input, reference);
  const terms = market.terms(input.symbol);
  if (market.rate(terms.currency, account.currency) === null) {
    throw new AppError(
      503,
      'SERVICE_UNAVAILABLE',
      `We cannot convert ${terms.currency} into ${account.currency} right now, so ${input.symbol} cannot be traded. Try again in a moment.`,
    );
  }
  markToMarket(account, market);
  const exposureBefore = accountExposure(account, market);
  const effect: CommandEffect = { fills: [], newOrders: [], canceledOrders: [], amendedOrders: [] };
  let order: OrderResult;
  if (input.type === 'market') {
    const fill = executeFill(
      account,
      {
        orderId,
        symbol: input.symbol,
        side: input.side,
        quantity: input.quantity,
        price: reference,
        reason: 'order',
      },
      market,
    )!;
    const position = account.positions.get(input.symbol);
    if (position) {
      position.stopLoss = input.stopLoss ?? position.stopLoss;
      position.takeProfit = input.takeProfit ?? position.takeProfit;
    }
    effect.fills.push(fill);
    order = { _id: orderId, status: 'filled', fillPrice: reference, ledgerSeq: 0 };
  } else {
    account.openOrders.push({
      id: orderId,
      symbol: input.symbol,
      side: input.side,
      type: input.type,
      quantity: input.quantity,
      price: input.price!,
      stopLoss: input.stopLoss ?? null,
      takeProfit: input.takeProfit ?? null,
    });
    order = { _id: orderId, status: 'open', fillPrice: null, ledgerSeq: 0 };
  }
  markToMarket(account, market);
  const exposureAfter = accountExposure(account, market);
  // Exact: an exposure may grow only within LEVERAGE × equity; one that does not grow always goes.
  if (exposureAfter.gt(exposureBefore) && !fitsBuyingPower(exposureAfter, account.equity)) {
    throw invalid(
      'quantity',
      `This order needs more buying power: your positions and pending orders may not pass ${LEVERAGE}× your equity. Reduce the quantity.`,
    );
  }
  effect.newOrders.push({
    id: orderId,
    symbol: input.symbol,
    side: input.side,
    type: input.type,
    quantity: input.quantity,
    price: input.type === 'market' ? null : input.price!,
    stopLoss: input.stopLoss ?? null,
    takeProfit: input.takeProfit ?? null,
    status: order.status,
    fillPrice: order.fillPrice,
  });
  return { effect, order };
}

/** The tick-size check of new protective levels (the instrument's rule, as for a new order). */
export function validateProtectionLevels(
  instrument: InstrumentSteps | undefined,
  levels: ProtectionInput,
): void {
  if (!instrument) return;
  for (const [path, label, value] of [
    ['stopLoss', 'Stop-loss', levels.stopLoss],
    ['takeProfit', 'Take-profit', levels.takeProfit],
  ] as const) {
    const problem = value === undefined || value === null ? null : priceProblem(instrument, value, label);
    if (problem) throw invalid(path, problem);
  }
}

/** The levels after an amendment: what was sent replaces, what was left out stays. */
function amended(current: ProtectionResult, levels: ProtectionInput): ProtectionResult {
  return {
    stopLoss: levels.stopLoss === undefined ? current.stopLoss : levels.stopLoss,
    takeProfit: levels.takeProfit === undefined ? current.takeProfit : levels.takeProfit,
  };
}

/**
 * New stop-loss and take-profit of an open position (mutated): checked against the price it would
 * close at now (a long's bid, a short's ask), so a stop already through it is refused rather than
 * closing the position on the next tick. The position row is saved with the account (its version
 * bumped), so a fill decided on the account before this change cannot overwrite it, and this change
 * cannot apply to a position that a fill has closed since.
 */
export function protectPosition(
  account: AccountState,
  market: Market,
  symbol: string,
  levels: ProtectionInput,
): ProtectionResult {
  const position = account.positions.get(symbol);
  if (!position) throw notFound(`You have no open ${symbol} position.`);
  const quote = market.quote(symbol);
  if (!quote) throw marketUnavailable();
  const long = position.quantity > 0;
  const problem = protectionProblem({
    side: long ? 'buy' : 'sell',
    reference: long ? quote.bid : quote.ask,
    stopLoss: levels.stopLoss,
    takeProfit: levels.takeProfit,
    of: 'position',
  });
  if (problem) throw invalid(problem.path, problem.message);
  const next = amended(position, levels);
  position.stopLoss = next.stopLoss;
  position.takeProfit = next.takeProfit;
  return next;
}

/**
 * New stop-loss and take-profit of a pending order (mutated), checked against its entry price as
 * when it was placed. They pass to the position when the order fills.
 */
export function protectOrder(
  account: AccountState,
  orderId: string,
  levels: ProtectionInput,
): { order: AmendedOrder; result: ProtectionResult } {
  const order = account.openOrders.find((candidate) => candidate.id === orderId);
  if (!order)
    throw notFound(
      'There is no open order with that id in your account. It may have just filled or been canceled.',
    );
  const problem = protectionProblem({
    side: order.side,
    reference: order.price,
    stopLoss: levels.stopLoss,
    takeProfit: levels.takeProfit,
  });
  if (problem) throw invalid(problem.path, problem.message);
  const next = amended(order, levels);
  order.stopLoss = next.stopLoss;
  order.takeProfit = next.takeProfit;
  return { order: { id: order.id, ...next }, result: next };
}

/**
 * One command on its locked account. Works on a copy: the account changes only when the command
 * succeeds, so a refused command in a batch leaves the others' result untouched.
 */
export function applyCommand(
  account: AccountState,
  group: GroupRow,
  market: Market,
  command: TraderCommand,
  newOrderId: () => string,
): { account: AccountState; effect: CommandEffect; result: CommandResult } {
  assertTradable(group, account);
  const next = cloneAccount(account);
  // A challenge's day opens before anything fills in it: the daily loss measures from its start.
  const challenge = challengeGroupOf(group);
  if (isChallenge(challenge)) openChallengeDay(next, challenge, Date.now());
  switch (command.kind) {
    case 'place': {
      const { effect, order } = applyOrder(next, group, market, command.input, newOrderId());
      return { account: next, effect, result: order };
    }
    case 'cancel': {
      if (!next.openOrders.some((order) => order.id === command.orderId))
        throw notFound('There is no open order with that id in your account.');
      next.openOrders = next.openOrders.filter((order) => order.id !== command.orderId);
      return {
        account: next,
        effect: {
          fills: [],
          newOrders: [],
          canceledOrders: [{ id: command.orderId, reason: 'canceled by the trader' }],
          amendedOrders: [],
        },
        result: null,
      };
    }
    case 'protect-position': {
      const result = protectPosition(next, market, command.symbol, command.levels);
      return {
        account: next,
        effect: { fills: [], newOrders: [], canceledOrders: [], amendedOrders: [] },
        result,
      };
    }
    case 'protect-order': {
      const { order, result } = protectOrder(next, command.orderId, command.levels);
      return {
        account: next,
        effect: { fills: [], newOrders: [], canceledOrders: [], amendedOrders: [order] },
        result,
      };
    }
    case 'close': {
      const position = next.positions.get(command.symbol);
      if (!position) throw notFound(`You have no open ${command.symbol} position.`);
      const input: OrderInput = {
        symbol: command.symbol,
        side: position.quantity > 0 ? 'sell' : 'buy',
        type: 'market',
        quantity: Math.abs(position.quantity),
      };
      const { effect, order } = applyOrder(next, group, market, input, newOrderId(), { closing: true });
      return { account: next, effect, result: order };
    }
  }
}
