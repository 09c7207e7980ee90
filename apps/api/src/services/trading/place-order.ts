import { type Database, fills, groups, newId, orders, positions, tradingAccounts } from '@candlewise/db';
import { applyFill, groupPhase, marketFillPrice, type Side } from '@candlewise/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { TradingEngine } from '../../engine/trading-engine.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { NOT_A_MEMBER } from './trading-access.ts';

export type OrderInput = {
  symbol: string;
  side: Side;
  type: 'market' | 'limit' | 'stop';
  quantity: number;
  price?: number;
  stopLoss?: number;
  takeProfit?: number;
};

/** Buying power: total exposure may not pass 10 × equity. */
export const LEVERAGE = 10;

function invalid(path: string, message: string) {
  return new AppError(400, 'VALIDATION_FAILED', message, [{ path, message }]);
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Locks the member's account row for the rest of the transaction and checks that trading is
 * allowed now: inside the competition window and not frozen (423 with the release time).
 */
export async function lockTradableAccount(tx: Tx, userId: string, groupId: string, now = Date.now()) {
  const [group] = await tx.select().from(groups).where(eq(groups.id, groupId));
  if (!group) throw notFound('We could not find that group.');
  const [account] = await tx
    .select()
    .from(tradingAccounts)
    .where(and(eq(tradingAccounts.groupId, groupId), eq(tradingAccounts.userId, userId)))
    .for('update');
  if (!account) throw new AppError(403, 'FORBIDDEN', NOT_A_MEMBER);
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
  if (account.frozenUntil && account.frozenUntil.getTime() > now) {
    throw new AppError(
      423,
      'ACCOUNT_FROZEN',
      `Account frozen until ${account.frozenUntil.toISOString()}. Your drawdown reached the group's limit of ${group.freezeThreshold}%, so trading pauses until then.`,
    );
  }
  return { group, account };
}

/**
 * Places an order for the caller. Market orders fill at once at the engine's bid/ask; limit and
 * stop orders wait for the engine. Runs under a row lock on the account and bumps its version, so
 * the engine notices and reloads it.
 */
export async function placeOrder(
  db: Database,
  engine: TradingEngine,
  userId: string,
  groupId: string,
  input: OrderInput,
) {
  const instrument = engine.instruments.get(input.symbol);
  if (!instrument) throw invalid('symbol', `Unknown instrument ${input.symbol}.`);
  const quote = engine.quote(input.symbol);
  if (!quote)
    throw new AppError(
      503,
      'SERVICE_UNAVAILABLE',
      'The market for this instrument is not available right now. Try again in a moment.',
    );
  if (input.type !== 'market' && input.price === undefined)
    throw invalid('price', 'Limit and stop orders need a price.');

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

  const result = await db.transaction(async (tx) => {
    const { group, account } = await lockTradableAccount(tx, userId, groupId);
    if (group.instruments.length && !group.instruments.includes(input.symbol)) {
      throw invalid(
        'symbol',
        `${input.symbol} is not traded in this competition. Choose one of ${group.instruments.join(', ')}.`,
      );
    }
    const held = await tx.select().from(positions).where(eq(positions.accountId, account.id));
    const exposure = held.reduce((sum, position) => {
      const q = engine.quote(position.symbol);
      return (
        sum +
        Math.abs(position.quantity) *
          (q?.mid ?? position.averagePrice) *
          (engine.sizes.get(position.symbol) ?? 1)
      );
    }, 0);
    const notional = input.quantity * reference * instrument.contractSize;
    const current = held.find((position) => position.symbol === input.symbol);
    const reduces = current && Math.sign(current.quantity) !== (input.side === 'buy' ? 1 : -1);
    if (!reduces && exposure + notional > Math.max(0, account.equity) * LEVERAGE) {
      throw invalid(
        'quantity',
        `This order needs more buying power: exposure may not pass ${LEVERAGE}× your equity. Reduce the quantity.`,
      );
    }

    const orderId = newId();
    if (input.type !== 'market') {
      await tx.insert(orders).values({
        id: orderId,
        accountId: account.id,
        symbol: input.symbol,
        side: input.side,
        type: input.type,
        quantity: input.quantity,
        price: input.price!,
        stopLoss: input.stopLoss ?? null,
        takeProfit: input.takeProfit ?? null,
        status: 'open',
      });
      await tx
        .update(tradingAccounts)
        .set({ version: sql`${tradingAccounts.version} + 1`, updatedAt: new Date() })
        .where(eq(tradingAccounts.id, account.id));
      return { accountId: account.id, order: { _id: orderId, status: 'open' as const, fillPrice: null } };
    }

    const next = applyFill(
      { quantity: current?.quantity ?? 0, averagePrice: current?.averagePrice ?? 0 },
      { side: input.side, quantity: input.quantity, price: reference },
      instrument.contractSize,
    );
    await tx
      .delete(positions)
      .where(and(eq(positions.accountId, account.id), eq(positions.symbol, input.symbol)));
    if (next.position.quantity !== 0) {
      const sameDirection = current && Math.sign(current.quantity) === Math.sign(next.position.quantity);
      await tx.insert(positions).values({
        accountId: account.id,
        symbol: input.symbol,
        quantity: next.position.quantity,
        averagePrice: next.position.averagePrice,
        stopLoss: input.stopLoss ?? (sameDirection ? current.stopLoss : null),
        takeProfit: input.takeProfit ?? (sameDirection ? current.takeProfit : null),
      });
    }
    await tx.insert(orders).values({
      id: orderId,
      accountId: account.id,
      symbol: input.symbol,
      side: input.side,
      type: 'market',
      quantity: input.quantity,
      stopLoss: input.stopLoss ?? null,
      takeProfit: input.takeProfit ?? null,
      status: 'filled',
      fillPrice: reference,
      closedAt: new Date(),
    });
    await tx.insert(fills).values({
      id: newId(),
      accountId: account.id,
      orderId,
      symbol: input.symbol,
      side: input.side,
      quantity: input.quantity,
      price: reference,
      realizedPnl: next.realizedPnl,
      reason: 'order',
    });
    await tx
      .update(tradingAccounts)
      .set({
        balance: sql`${tradingAccounts.balance} + ${next.realizedPnl}`,
        tradesCount: sql`${tradingAccounts.tradesCount} + 1`,
        version: sql`${tradingAccounts.version} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(tradingAccounts.id, account.id));
    return {
      accountId: account.id,
      order: { _id: orderId, status: 'filled' as const, fillPrice: reference },
    };
  });
  await engine.announceAccountChange(result.accountId);
  return result.order;
}

export async function cancelOrder(
  db: Database,
  engine: TradingEngine,
  userId: string,
  groupId: string,
  orderId: string,
) {
  const accountId = await db.transaction(async (tx) => {
    const { account } = await lockTradableAccount(tx, userId, groupId);
    const [canceled] = await tx
      .update(orders)
      .set({ status: 'canceled', cancelReason: 'canceled by the trader', closedAt: new Date() })
      .where(and(eq(orders.id, orderId), eq(orders.accountId, account.id), eq(orders.status, 'open')))
      .returning({ id: orders.id });
    if (!canceled) throw notFound('There is no open order with that id in your account.');
    await tx
      .update(tradingAccounts)
      .set({ version: sql`${tradingAccounts.version} + 1` })
      .where(eq(tradingAccounts.id, account.id));
    return account.id;
  });
  await engine.announceAccountChange(accountId);
}

/** Closes a whole position at market. */
export async function closePosition(
  db: Database,
  engine: TradingEngine,
  userId: string,
  groupId: string,
  symbol: string,
) {
  const account = await db.transaction(async (tx) => {
    const { account } = await lockTradableAccount(tx, userId, groupId);
    return account;
  });
  const [position] = await db
    .select()
    .from(positions)
    .where(and(eq(positions.accountId, account.id), eq(positions.symbol, symbol)));
  if (!position) throw notFound(`You have no open ${symbol} position.`);
  return placeOrder(db, engine, userId, groupId, {
    symbol,
    side: position.quantity > 0 ? 'sell' : 'buy',
    type: 'market',
    quantity: Math.abs(position.quantity),
  });
}
