import { describe, expect, it } from 'vitest';
import {
  applyFill,
  breachesFreezeThreshold,
  drawdownPercent,
  marketFillPrice,
  pendingOrderFill,
  pnlPercent,
  protectionProblem,
  protectiveExit,
  unrealizedPnl,
} from './trading-rules.ts';

describe('drawdown and PnL %', () => {
  it('measures the fall from the peak', () => {
    expect(drawdownPercent(110_000, 99_000)).toBeCloseTo(10, 10);
    expect(drawdownPercent(100_000, 100_000)).toBe(0);
    expect(drawdownPercent(100_000, 120_000)).toBe(0);
    expect(drawdownPercent(0, 50)).toBe(0);
  });
  it('compares equity with the starting balance', () => {
    expect(pnlPercent(105_000, 100_000)).toBeCloseTo(5, 10);
    expect(pnlPercent(97_500, 100_000)).toBeCloseTo(-2.5, 10);
    expect(pnlPercent(100_000, 100_000)).toBe(0);
  });
});

describe('the freeze rule', () => {
  it('fires at exactly the threshold and not below it', () => {
    expect(breachesFreezeThreshold(drawdownPercent(100_000, 95_000), 5)).toBe(true);
    expect(breachesFreezeThreshold(drawdownPercent(100_000, 95_000.01), 5)).toBe(false);
    expect(breachesFreezeThreshold(4.999, 5)).toBe(false);
    expect(breachesFreezeThreshold(7, 5)).toBe(true);
  });
  it('is off with a threshold of 0', () => {
    expect(breachesFreezeThreshold(99, 0)).toBe(false);
  });
});

describe('fills against bid and ask', () => {
  const quote = { bid: 99.5, ask: 100.5 };
  it('fills market orders at the other side', () => {
    expect(marketFillPrice('buy', quote)).toBe(100.5);
    expect(marketFillPrice('sell', quote)).toBe(99.5);
  });
  it('triggers limit and stop orders on the right side', () => {
    expect(pendingOrderFill({ side: 'buy', type: 'limit', price: 101 }, quote)).toBe(100.5);
    expect(pendingOrderFill({ side: 'buy', type: 'limit', price: 100 }, quote)).toBeNull();
    expect(pendingOrderFill({ side: 'sell', type: 'limit', price: 99 }, quote)).toBe(99.5);
    expect(pendingOrderFill({ side: 'buy', type: 'stop', price: 100.5 }, quote)).toBe(100.5);
    expect(pendingOrderFill({ side: 'sell', type: 'stop', price: 99 }, quote)).toBeNull();
  });
  it('closes positions at their stop-loss or take-profit', () => {
    expect(protectiveExit({ quantity: 2, stopLoss: 99.6, takeProfit: null }, quote)).toEqual({
      reason: 'stop_loss',
      price: 99.5,
    });
    expect(protectiveExit({ quantity: -2, stopLoss: null, takeProfit: 101 }, quote)).toEqual({
      reason: 'take_profit',
      price: 100.5,
    });
    expect(protectiveExit({ quantity: 2, stopLoss: 90, takeProfit: 110 }, quote)).toBeNull();
  });
});

describe('net positions', () => {
  it('averages when adding and realises P&L when reducing or reversing', () => {
    let result = applyFill({ quantity: 0, averagePrice: 0 }, { side: 'buy', quantity: 10, price: 100 });
    result = applyFill(result.position, { side: 'buy', quantity: 10, price: 110 });
    expect(result.position).toEqual({ quantity: 20, averagePrice: 105 });
    result = applyFill(result.position, { side: 'sell', quantity: 5, price: 115 });
    expect(result).toEqual({ position: { quantity: 15, averagePrice: 105 }, realizedPnl: 50 });
    result = applyFill(result.position, { side: 'sell', quantity: 20, price: 100 });
    expect(result).toEqual({ position: { quantity: -5, averagePrice: 100 }, realizedPnl: -75 });
    result = applyFill(result.position, { side: 'buy', quantity: 5, price: 90 }, 2);
    expect(result).toEqual({ position: { quantity: 0, averagePrice: 0 }, realizedPnl: 100 });
  });
  it('values open positions at the price they would close at', () => {
    expect(unrealizedPnl({ quantity: 10, averagePrice: 100 }, { bid: 101, ask: 102 })).toBe(10);
    expect(unrealizedPnl({ quantity: -10, averagePrice: 100 }, { bid: 101, ask: 102 }, 10)).toBe(-200);
  });
});

describe('which side of the price a stop-loss and a take-profit belong on', () => {
  it('keeps an order’s sentences: below (above) a buy’s (sell’s) entry for the stop', () => {
    expect(protectionProblem({ side: 'buy', reference: 100, stopLoss: 99, takeProfit: 101 })).toBeNull();
    expect(protectionProblem({ side: 'buy', reference: 100, stopLoss: 100 })).toEqual({
      path: 'stopLoss',
      message: 'A buy’s stop-loss must be below the entry price.',
    });
    expect(protectionProblem({ side: 'sell', reference: 100, takeProfit: 101 })).toEqual({
      path: 'takeProfit',
      message: 'A sell’s take-profit must be below the entry price.',
    });
  });
  it('names a position’s current price, and leaves out levels that are not sent or removed', () => {
    expect(protectionProblem({ side: 'sell', reference: 1.0845, stopLoss: 1.08, of: 'position' })).toEqual({
      path: 'stopLoss',
      message: 'A short position’s stop-loss must be above the current price (1.0845).',
    });
    expect(
      protectionProblem({ side: 'buy', reference: 20_000.5, takeProfit: 19_000, of: 'position' }),
    ).toEqual({
      path: 'takeProfit',
      message: 'A long position’s take-profit must be above the current price (20000.5).',
    });
    expect(
      protectionProblem({ side: 'buy', reference: 100, stopLoss: null, takeProfit: undefined }),
    ).toBeNull();
  });
});
