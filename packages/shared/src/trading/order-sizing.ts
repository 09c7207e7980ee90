/**
 * Sizing an order before it is sent (the order ticket) with the engine's own buying-power rule
 * (account-money.ts: worst-case exposure within LEVERAGE × equity), so what the ticket offers as
 * the maximum is what the server accepts. Quantities are in contracts (lots) of `contractSize`
 * units; money is in the account currency.
 */
import {
  type ExposureBook,
  isMultipleOfStep,
  LEVERAGE,
  roundToStep,
  withinBuyingPower,
  worstCaseExposure,
} from './account-money.ts';
import type { Side } from './trading-rules.ts';

/** One contract in the account currency: price × contract size × the quote → account currency rate. */
export function contractValue(price: number, contractSize: number, rate: number): number {
  return price * contractSize * rate;
}

export type SizedOrder = {
  symbol: string;
  side: Side;
  type: 'market' | 'limit' | 'stop';
  quantity: number;
};

/** The book as it would be with the order: a market order moves the position, a limit or stop order waits. */
export function bookWithOrder(book: ExposureBook, order: SizedOrder): ExposureBook {
  const signed = order.side === 'buy' ? order.quantity : -order.quantity;
  if (order.type !== 'market')
    return {
      positions: book.positions,
      openOrders: [...book.openOrders, { symbol: order.symbol, side: order.side, quantity: order.quantity }],
    };
  return {
    // A position of the symbol nets with the fill; without one, the fill opens it.
    positions: [...book.positions, { symbol: order.symbol, quantity: signed }],
    openOrders: book.openOrders,
  };
}

/** The account's worst-case exposure before and after the order (what buying power is checked on). */
export function orderExposure(
  book: ExposureBook,
  order: SizedOrder,
  unitValueOf: (symbol: string) => number,
): { before: number; after: number } {
  return {
    before: worstCaseExposure(book, unitValueOf),
    after: worstCaseExposure(bookWithOrder(book, order), unitValueOf),
  };
}

/**
 * The margin an order ties up: the exposure it adds divided by the leverage (0 for an order that
 * only reduces a position; it frees margin instead).
 */
export function orderMargin({ before, after }: { before: number; after: number }): number {
  return Math.max(0, after - before) / LEVERAGE;
}

/**
 * The largest quantity (whole lot steps, at least minQuantity) the buying-power rule allows for an
 * order of this symbol, side and type now; 0 when not even the minimum fits. `costPerUnit` is what
 * one contract costs the equity at once (a market order's spread: it fills at the ask and is valued
 * at the bid), as the server marks the account to market before it checks.
 */
export function maxOrderQuantity({
  book,
  order,
  equity,
  unitValueOf,
  lotStep,
  minQuantity,
  costPerUnit = 0,
}: {
  book: ExposureBook;
  order: Omit<SizedOrder, 'quantity'>;
  equity: number;
  unitValueOf: (symbol: string) => number;
  lotStep: number;
  minQuantity: number;
  costPerUnit?: number;
}): number {
  const unit = unitValueOf(order.symbol);
  if (!(unit > 0) || !(lotStep > 0)) return 0;
  const positions = [...book.positions];
  const openOrders = [...book.openOrders];
  const fixed = { positions, openOrders };
  const allowed = (quantity: number) => {
    const { before, after } = orderExposure(fixed, { ...order, quantity }, unitValueOf);
    return withinBuyingPower(before, after, equity - quantity * costPerUnit);
  };
  const firstStep = Math.max(1, Math.ceil(minQuantity / lotStep - 1e-9));
  if (!allowed(firstStep * lotStep)) return 0;
  // The exposure is convex in the quantity, so the allowed quantities are one run from the
  // minimum up: find its end by doubling, then by halving.
  let good = firstStep;
  let bad = firstStep * 2;
  while (allowed(bad * lotStep)) {
    good = bad;
    bad *= 2;
    if (bad > 1e15) return roundToStep(good * lotStep, lotStep);
  }
  while (bad - good > 1) {
    const middle = Math.floor((good + bad) / 2);
    if (allowed(middle * lotStep)) good = middle;
    else bad = middle;
  }
  return roundToStep(good * lotStep, lotStep);
}

/**
 * The quantity that loses `riskPercent` of equity if the stop `stopDistance` away (in the quote
 * currency) is hit: rounded down to the lot step, so the risk is never more than asked. Null when
 * the inputs make no sense or not even the minimum quantity fits the risk.
 */
export function riskQuantity({
  equity,
  riskPercent,
  stopDistance,
  contractSize,
  rate,
  lotStep,
  minQuantity,
}: {
  equity: number;
  riskPercent: number;
  stopDistance: number;
  contractSize: number;
  rate: number;
  lotStep: number;
  minQuantity: number;
}): { quantity: number; risk: number } | null {
  const lossPerLot = contractValue(stopDistance, contractSize, rate);
  if (!(equity > 0) || !(riskPercent > 0) || !(lossPerLot > 0) || !(lotStep > 0)) return null;
  const budget = (equity * riskPercent) / 100;
  const steps = Math.floor(budget / lossPerLot / lotStep + 1e-9);
  const quantity = roundToStep(steps * lotStep, lotStep);
  if (quantity < minQuantity - 1e-12 || !isMultipleOfStep(quantity, lotStep)) return null;
  return { quantity, risk: quantity * lossPerLot };
}
