import { newId } from '@candlewise/db';
import { reanchor, type Side, stepTarget } from '@candlewise/shared';
import { notFound } from '../../lib/app-error.ts';
import {
  applyOrder,
  type OrderInput,
  type ProtectionInput,
  protectOrder,
  protectPosition,
  validateOrderInput,
  validateProtectionLevels,
} from '../trading/place-order.ts';
import { ended, hhmm, type PracticeDeps, plain, withSession } from './practice-work.ts';

/*
 * The learner's commands in a practice replay (docs/decisions/030-practice-replays.md): the clock,
 * orders, stop-loss and take-profit, close and end, each run by the live desk's rules on the
 * session settled to now, and logged with its replayed time.
 */

export type ClockAction =
  | { action: 'play' }
  | { action: 'pause' }
  | { action: 'step' }
  | { action: 'speed'; speed: number };

/** Play, pause, one bar on, or a new speed: the clock re-anchored at now, the decision logged. */
export async function driveClock(
  deps: PracticeDeps,
  userId: string,
  sessionId: string,
  action: ClockAction,
  now: number,
) {
  return (
    await withSession(deps.db, deps.cache, userId, sessionId, now, (practice) => {
      if (practice.isEnded) throw ended();
      const at = practice.replayed;
      switch (action.action) {
        case 'play':
          practice.clock = reanchor(practice.clock, now, { state: 'playing' });
          practice.log({ kind: 'play', summary: `Played at ${practice.clock.speed}×.` }, at);
          break;
        case 'pause':
          practice.clock = reanchor(practice.clock, now, { state: 'paused' });
          practice.log({ kind: 'pause', summary: 'Paused.' }, at);
          break;
        case 'speed':
          practice.clock = reanchor(practice.clock, now, { speed: action.speed });
          practice.log(
            { kind: 'speed', summary: `Speed set to ${action.speed}×.`, details: { speed: action.speed } },
            at,
          );
          break;
        case 'step': {
          const target = stepTarget(practice.bars, at, practice.clock.endMs);
          practice.log({ kind: 'step', summary: `Stepped one bar, to ${hhmm(target)} UTC.` }, at);
          practice.clock = { ...practice.clock, state: 'paused', positionMs: target, anchorWallMs: now };
          practice.settle(target);
          break;
        }
      }
    })
  ).session;
}

function orderSummary(input: OrderInput, fillPrice: number | null): string {
  const parts = [
    `${input.side === 'buy' ? 'Buy' : 'Sell'} ${input.type} ${plain(input.quantity)} ${input.symbol}`,
    input.type === 'market' ? `filled at ${plain(fillPrice ?? 0)}` : `at ${plain(input.price!)}`,
  ];
  if (input.stopLoss !== undefined) parts.push(`SL ${plain(input.stopLoss)}`);
  if (input.takeProfit !== undefined) parts.push(`TP ${plain(input.takeProfit)}`);
  return `${parts.join(', ')}.`;
}

function levelsSummary(levels: ProtectionInput): string {
  const level = (label: string, value: number | null | undefined) =>
    value === undefined ? null : value === null ? `${label} removed` : `${label} ${plain(value)}`;
  return [level('SL', levels.stopLoss), level('TP', levels.takeProfit)].filter(Boolean).join(', ');
}

/** A market, limit or stop order at the replayed price, checked and filled by the live desk's rules. */
export async function placePracticeOrder(
  deps: PracticeDeps,
  userId: string,
  sessionId: string,
  body: {
    side: Side;
    type: 'market' | 'limit' | 'stop';
    quantity: number;
    price?: number;
    stopLoss?: number;
    takeProfit?: number;
  },
  now: number,
) {
  return (
    await withSession(deps.db, deps.cache, userId, sessionId, now, (practice) => {
      if (practice.isEnded) throw ended();
      const input: OrderInput = { symbol: practice.session.symbol, ...body };
      validateOrderInput(practice.instrument, input);
      const at = practice.replayed;
      const equity = practice.account.equity;
      const { effect, order } = applyOrder(
        practice.account,
        { instruments: [input.symbol] },
        practice.market(at),
        input,
        newId(),
        { now: at },
      );
      for (const fill of effect.fills) practice.fills.push({ ...fill, time: at });
      practice.decisions.push({
        kind: 'order',
        time: at,
        equity,
        summary: orderSummary(input, order.fillPrice),
        details: {
          orderId: order._id,
          side: input.side,
          type: input.type,
          quantity: input.quantity,
          price: input.type === 'market' ? order.fillPrice : input.price!,
          stopLoss: input.stopLoss ?? null,
          takeProfit: input.takeProfit ?? null,
        },
      });
      if (input.type !== 'market') practice.settleHere();
      return order;
    })
  ).session;
}

export async function cancelPracticeOrder(
  deps: PracticeDeps,
  userId: string,
  sessionId: string,
  orderId: string,
  now: number,
) {
  return (
    await withSession(deps.db, deps.cache, userId, sessionId, now, (practice) => {
      if (practice.isEnded) throw ended();
      const order = practice.account.openOrders.find((candidate) => candidate.id === orderId);
      if (!order)
        throw notFound(
          'There is no open order with that id in this practice replay. It may have just filled.',
        );
      practice.account.openOrders = practice.account.openOrders.filter(
        (candidate) => candidate.id !== orderId,
      );
      practice.log({
        kind: 'cancel',
        summary: `Cancelled the ${order.side} ${order.type} ${plain(order.quantity)} at ${plain(order.price)}.`,
        details: {
          orderId,
          side: order.side,
          type: order.type,
          quantity: order.quantity,
          price: order.price,
        },
      });
    })
  ).session;
}

/** New stop-loss and take-profit of a pending order (checked against its entry, as live). */
export async function editPracticeOrder(
  deps: PracticeDeps,
  userId: string,
  sessionId: string,
  orderId: string,
  levels: ProtectionInput,
  now: number,
) {
  return (
    await withSession(deps.db, deps.cache, userId, sessionId, now, (practice) => {
      if (practice.isEnded) throw ended();
      validateProtectionLevels(practice.instrument, levels);
      const { result } = protectOrder(practice.account, orderId, levels);
      practice.log({
        kind: 'edit',
        summary: `Order ${orderId}: ${levelsSummary(levels)}.`,
        details: { orderId, stopLoss: result.stopLoss, takeProfit: result.takeProfit },
      });
    })
  ).session;
}

/** New stop-loss and take-profit of the open position (checked against the price it would close at now). */
export async function protectPracticePosition(
  deps: PracticeDeps,
  userId: string,
  sessionId: string,
  levels: ProtectionInput,
  now: number,
) {
  return (
    await withSession(deps.db, deps.cache, userId, sessionId, now, (practice) => {
      if (practice.isEnded) throw ended();
      validateProtectionLevels(practice.instrument, levels);
      const result = protectPosition(practice.account, practice.market(), practice.session.symbol, levels);
      practice.log({
        kind: 'sl_tp',
        summary: `Position: ${levelsSummary(levels)}.`,
        details: { stopLoss: result.stopLoss, takeProfit: result.takeProfit },
      });
    })
  ).session;
}

/** Closes the open position at market (the bid for a long, the ask for a short). */
export async function closePracticePosition(
  deps: PracticeDeps,
  userId: string,
  sessionId: string,
  now: number,
) {
  return (
    await withSession(deps.db, deps.cache, userId, sessionId, now, (practice) => {
      if (practice.isEnded) throw ended();
      const symbol = practice.session.symbol;
      const position = practice.account.positions.get(symbol);
      if (!position) throw notFound(`You have no open ${symbol} position.`);
      const at = practice.replayed;
      const equity = practice.account.equity;
      const input: OrderInput = {
        symbol,
        side: position.quantity > 0 ? 'sell' : 'buy',
        type: 'market',
        quantity: Math.abs(position.quantity),
      };
      const { effect, order } = applyOrder(
        practice.account,
        { instruments: [symbol] },
        practice.market(at),
        input,
        newId(),
        { closing: true, now: at },
      );
      for (const fill of effect.fills) practice.fills.push({ ...fill, reason: 'close', time: at });
      practice.decisions.push({
        kind: 'close',
        time: at,
        equity,
        summary: `Closed ${plain(Math.abs(position.quantity))} ${symbol} at ${plain(order.fillPrice ?? 0)}.`,
        details: { side: input.side, quantity: input.quantity, price: order.fillPrice },
      });
    })
  ).session;
}

/** Ends the session: open positions close at the replayed price, pending orders are cancelled. */
export async function endPracticeSession(deps: PracticeDeps, userId: string, sessionId: string, now: number) {
  return (
    await withSession(deps.db, deps.cache, userId, sessionId, now, (practice) => {
      if (practice.isEnded) return;
      practice.end('Ended the session: positions closed at the replayed price, pending orders cancelled.');
    })
  ).session;
}
