/** The paper-trading rules (docs/architecture.md §Competitions, §Market data and paper trading), pure so the engine, the API and the web app agree. */

export type Side = 'buy' | 'sell';
export type Quote = { bid: number; ask: number };

/** Drawdown % = (peak equity − equity) / peak equity × 100; 0 when at or above the peak. */
export function drawdownPercent(peakEquity: number, equity: number): number {
  if (peakEquity <= 0 || equity >= peakEquity) return 0;
  return ((peakEquity - equity) / peakEquity) * 100;
}

/** PnL % = (equity − starting balance) / starting balance × 100. */
export function pnlPercent(equity: number, startingBalance: number): number {
  if (startingBalance <= 0) return 0;
  return ((equity - startingBalance) / startingBalance) * 100;
}

/** The risk rule fires when drawdown reaches the threshold (a threshold of 0 turns it off). */
export function breachesFreezeThreshold(drawdown: number, threshold: number): boolean {
  // A tiny tolerance so 5 % computed through floating point still counts as 5 %.
  return threshold > 0 && drawdown >= threshold - 1e-9;
}

/** Market orders fill at the price the other side offers: buys at the ask, sells at the bid. */
export function marketFillPrice(side: Side, quote: Quote): number {
  return side === 'buy' ? quote.ask : quote.bid;
}

export type PendingOrder = { side: Side; type: 'limit' | 'stop'; price: number };

/**
 * Whether a pending order triggers on this quote, and at what price. A buy limit fills when the
 * ask is at or below the limit; a buy stop when the ask reaches the stop; sells mirror on the bid.
 * Fills happen at the market side's price (never better than the market offers).
 */
export function pendingOrderFill(order: PendingOrder, quote: Quote): number | null {
  const market = marketFillPrice(order.side, quote);
  if (order.type === 'limit') {
    const fills = order.side === 'buy' ? market <= order.price : market >= order.price;
    return fills ? market : null;
  }
  const triggers = order.side === 'buy' ? market >= order.price : market <= order.price;
  return triggers ? market : null;
}

/** Stop-loss and take-profit of an open position: which one (if any) closes it on this quote. */
export function protectiveExit(
  position: { quantity: number; stopLoss: number | null; takeProfit: number | null },
  quote: Quote,
): { reason: 'stop_loss' | 'take_profit'; price: number } | null {
  if (position.quantity === 0) return null;
  const long = position.quantity > 0;
  const exit = long ? quote.bid : quote.ask; // closing a long sells at the bid
  if (position.stopLoss !== null && (long ? exit <= position.stopLoss : exit >= position.stopLoss)) {
    return { reason: 'stop_loss', price: exit };
  }
  if (position.takeProfit !== null && (long ? exit >= position.takeProfit : exit <= position.takeProfit)) {
    return { reason: 'take_profit', price: exit };
  }
  return null;
}

export type NetPosition = { quantity: number; averagePrice: number };

/**
 * Applies a fill to the net position of a symbol. Adding keeps a weighted average price;
 * reducing realises P&L on the closed part; crossing zero opens the rest at the fill price.
 */
export function applyFill(
  position: NetPosition,
  fill: { side: Side; quantity: number; price: number },
  contractSize = 1,
): { position: NetPosition; realizedPnl: number } {
  const signed = fill.side === 'buy' ? fill.quantity : -fill.quantity;
  const current = position.quantity;
  if (current === 0 || Math.sign(current) === Math.sign(signed)) {
    const quantity = current + signed;
    const averagePrice =
      (Math.abs(current) * position.averagePrice + Math.abs(signed) * fill.price) / Math.abs(quantity);
    return { position: { quantity, averagePrice }, realizedPnl: 0 };
  }
  const closing = Math.min(Math.abs(signed), Math.abs(current));
  const direction = Math.sign(current);
  const realizedPnl = (fill.price - position.averagePrice) * closing * direction * contractSize;
  const quantity = current + signed;
  if (quantity === 0) return { position: { quantity: 0, averagePrice: 0 }, realizedPnl };
  if (Math.sign(quantity) === direction)
    return { position: { quantity, averagePrice: position.averagePrice }, realizedPnl };
  return { position: { quantity, averagePrice: fill.price }, realizedPnl };
}

/** What an open position is worth if closed now: longs at the bid, shorts at the ask. */
export function unrealizedPnl(position: NetPosition, quote: Quote, contractSize = 1): number {
  if (position.quantity === 0) return 0;
  const exit = position.quantity > 0 ? quote.bid : quote.ask;
  return (exit - position.averagePrice) * position.quantity * contractSize;
}

/**
 * Which side of a reference price a stop-loss and a take-profit belong on: a buy (a long) is
 * protected below it and takes profit above it, a sell (a short) the other way. The reference is
 * the entry price of an order, or the current exit price of an open position (a stop already
 * through it would close the position at once). The first level on the wrong side, with the
 * sentence the trader reads, or null when both are fine; a level left out or null is not checked.
 */
export function protectionProblem({
  side,
  reference,
  stopLoss,
  takeProfit,
  of = 'order',
}: {
  side: Side;
  reference: number;
  stopLoss?: number | null;
  takeProfit?: number | null;
  /** 'order': the entry price of an order; 'position': the current price of an open position. */
  of?: 'order' | 'position';
}): { path: 'stopLoss' | 'takeProfit'; message: string } | null {
  const buy = side === 'buy';
  const who =
    of === 'order' ? (buy ? 'A buy’s' : 'A sell’s') : buy ? 'A long position’s' : 'A short position’s';
  const where = of === 'order' ? 'the entry price' : `the current price (${plainPrice(reference)})`;
  if (stopLoss !== undefined && stopLoss !== null && (buy ? stopLoss >= reference : stopLoss <= reference))
    return { path: 'stopLoss', message: `${who} stop-loss must be ${buy ? 'below' : 'above'} ${where}.` };
  if (
    takeProfit !== undefined &&
    takeProfit !== null &&
    (buy ? takeProfit <= reference : takeProfit >= reference)
  )
    return { path: 'takeProfit', message: `${who} take-profit must be ${buy ? 'above' : 'below'} ${where}.` };
  return null;
}

/** A price in a sentence: up to ten decimals, no trailing zeros, no exponent (1.0845, 20000.5). */
function plainPrice(value: number): string {
  return value.toFixed(10).replace(/\.?0+$/, '');
}
