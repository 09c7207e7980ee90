import { type DbExecutor, groups, newId } from '@candlewise/db';
import {
  groupPhase,
  LEVERAGE,
  marketFillPrice,
  priceProblem,
  quantityProblem,
  type Side,
  withinBuyingPower,
} from '@candlewise/shared';
import { eq } from 'drizzle-orm';
import {
  type AccountState,
  accountExposure,
  cloneAccount,
  executeFill,
  type Market,
  markToMarket,
} from '../../engine/account-book.ts';
import { type AccountWrite, loadAccounts, lockAccountOf, saveAccounts } from '../../engine/account-ledger.ts';
import type { TradingEngine } from '../../engine/trading-engine.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { NOT_A_MEMBER, REMOVED_FROM_COMPETITION } from './trading-access.ts';

export type OrderInput = {
  symbol: string;
  side: Side;
  type: 'market' | 'limit' | 'stop';
  quantity: number;
  price?: number;
  stopLoss?: number;
  takeProfit?: number;
};

export { LEVERAGE };

function invalid(path: string, message: string) {
  return new AppError(400, 'VALIDATION_FAILED', message, [{ path, message }]);
}

const marketUnavailable = () =>
  new AppError(
    503,
    'SERVICE_UNAVAILABLE',
    'The market for this instrument is not available right now. Try again in a moment.',
  );

/**
 * Locks the member's account row for the rest of the transaction, loads it whole, and checks that
 * trading is allowed now: a member (not removed), inside the competition window, not frozen (423
 * with the release time).
 */
export async function lockTradableAccount(tx: DbExecutor, userId: string, groupId: string, now = Date.now()) {
  const [group] = await tx.select().from(groups).where(eq(groups.id, groupId));
  if (!group) throw notFound('We could not find that group.');
  const accountId = await lockAccountOf(tx, groupId, userId);
  const account = accountId ? (await loadAccounts(tx, [accountId])).get(accountId) : undefined;
  if (!account) throw new AppError(403, 'FORBIDDEN', NOT_A_MEMBER);
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
  if (account.frozenUntil && account.frozenUntil > now) {
    throw new AppError(
      423,
      'ACCOUNT_FROZEN',
      `Account frozen until ${new Date(account.frozenUntil).toISOString()}. Your drawdown reached the group's limit of ${group.freezeThreshold}%, so trading pauses until then.`,
    );
  }
  return { group, account };
}

/** The checks that need no database: the instrument, its lot step and tick size, SL/TP sides. */
function validateOrder(engine: TradingEngine, market: Market, input: OrderInput) {
  const instrument = engine.instruments.get(input.symbol);
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
  const quote = market.quote(input.symbol);
  if (!quote) throw marketUnavailable();

  const reference = input.type === 'market' ? marketFillPrice(input.side, quote) : input.price!;
  if (
    input.stopLoss !== undefined &&
    (input.side === 'buy' ? input.stopLoss >= reference : input.stopLoss <= reference)
  ) {
    throw invalid(
      'stopLoss',
      input.side === 'buy'
        ? 'A buy’s stop-loss must be below the entry price.'
        : 'A sell’s stop-loss must be above the entry price.',
    );
  }
  if (
    input.takeProfit !== undefined &&
    (input.side === 'buy' ? input.takeProfit <= reference : input.takeProfit >= reference)
  ) {
    throw invalid(
      'takeProfit',
      input.side === 'buy'
        ? 'A buy’s take-profit must be above the entry price.'
        : 'A sell’s take-profit must be below the entry price.',
    );
  }
  return { instrument, reference };
}

/**
 * The order on the locked account: a market order fills at once at the bid/ask, a limit or stop
 * order rests until the engine fills it. Refused when it would take the worst-case exposure of
 * positions and pending orders past LEVERAGE × equity (unless it reduces it).
 */
function applyOrder(
  before: AccountState,
  group: typeof groups.$inferSelect,
  market: Market,
  input: OrderInput,
  reference: number,
  options: { closing?: boolean } = {},
): { write: AccountWrite; order: { _id: string; status: 'open' | 'filled'; fillPrice: number | null } } {
  // Closing what is held is always allowed, even if the instrument left the competition's list.
  if (!options.closing && group.instruments.length && !group.instruments.includes(input.symbol)) {
    throw invalid(
      'symbol',
      `${input.symbol} is not traded in this competition. Choose one of ${group.instruments.join(', ')}.`,
    );
  }
  const terms = market.terms(input.symbol);
  if (market.rate(terms.currency, before.currency) === null) {
    throw new AppError(
      503,
      'SERVICE_UNAVAILABLE',
      `We cannot convert ${terms.currency} into ${before.currency} right now, so ${input.symbol} cannot be traded. Try again in a moment.`,
    );
  }
  markToMarket(before, market);
  const after = cloneAccount(before);
  const orderId = newId();
  const write: AccountWrite = { before, after, fills: [] };
  let order: { _id: string; status: 'open' | 'filled'; fillPrice: number | null };
  if (input.type === 'market') {
    const fill = executeFill(
      after,
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
    const position = after.positions.get(input.symbol);
    if (position) {
      position.stopLoss = input.stopLoss ?? position.stopLoss;
      position.takeProfit = input.takeProfit ?? position.takeProfit;
    }
    write.fills.push(fill);
    order = { _id: orderId, status: 'filled', fillPrice: reference };
  } else {
    after.openOrders.push({
      id: orderId,
      symbol: input.symbol,
      side: input.side,
      type: input.type,
      quantity: input.quantity,
      price: input.price!,
      stopLoss: input.stopLoss ?? null,
      takeProfit: input.takeProfit ?? null,
    });
    order = { _id: orderId, status: 'open', fillPrice: null };
  }
  markToMarket(after, market);
  if (!withinBuyingPower(accountExposure(before, market), accountExposure(after, market), after.equity)) {
    throw invalid(
      'quantity',
      `This order needs more buying power: your positions and pending orders may not pass ${LEVERAGE}× your equity. Reduce the quantity.`,
    );
  }
  write.newOrders = [
    {
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
    },
  ];
  return { write, order };
}

/** Places an order for the caller, under the account's row lock, through the ledger. */
export async function placeOrder(
  db: DbExecutor,
  engine: TradingEngine,
  userId: string,
  groupId: string,
  input: OrderInput,
) {
  const market = engine.market();
  const { reference } = validateOrder(engine, market, input);
  const { write, order } = await db.transaction(async (tx) => {
    const { group, account } = await lockTradableAccount(tx, userId, groupId);
    const placed = applyOrder(account, group, market, input, reference);
    await saveAccounts(tx, [placed.write]);
    return placed;
  });
  await engine.accountSaved(write.after);
  return order;
}

export async function cancelOrder(
  db: DbExecutor,
  engine: TradingEngine,
  userId: string,
  groupId: string,
  orderId: string,
) {
  const after = await db.transaction(async (tx) => {
    const { account: before } = await lockTradableAccount(tx, userId, groupId);
    if (!before.openOrders.some((order) => order.id === orderId))
      throw notFound('There is no open order with that id in your account.');
    const after = cloneAccount(before);
    after.openOrders = after.openOrders.filter((order) => order.id !== orderId);
    await saveAccounts(tx, [
      { before, after, fills: [], canceledOrders: [{ id: orderId, reason: 'canceled by the trader' }] },
    ]);
    return after;
  });
  await engine.accountSaved(after);
}

/** Closes a whole position at market, in the same transaction that finds it. */
export async function closePosition(
  db: DbExecutor,
  engine: TradingEngine,
  userId: string,
  groupId: string,
  symbol: string,
) {
  const market = engine.market();
  const { write, order } = await db.transaction(async (tx) => {
    const { group, account } = await lockTradableAccount(tx, userId, groupId);
    const position = account.positions.get(symbol);
    if (!position) throw notFound(`You have no open ${symbol} position.`);
    const input: OrderInput = {
      symbol,
      side: position.quantity > 0 ? 'sell' : 'buy',
      type: 'market',
      quantity: Math.abs(position.quantity),
    };
    const quote = market.quote(symbol);
    if (!quote) throw marketUnavailable();
    const placed = applyOrder(account, group, market, input, marketFillPrice(input.side, quote), {
      closing: true,
    });
    await saveAccounts(tx, [placed.write]);
    return placed;
  });
  await engine.accountSaved(write.after);
  return order;
}
