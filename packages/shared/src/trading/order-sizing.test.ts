import { describe, expect, it } from 'vitest';
import { LEVERAGE, withinBuyingPower, worstCaseExposure } from './account-money.ts';
import {
  bookWithOrder,
  contractValue,
  maxOrderQuantity,
  orderExposure,
  orderMargin,
  riskQuantity,
} from './order-sizing.ts';

/** EURUSD at 1.08 in contracts of 1,000 euros, dollars at ₹84: one contract is ₹90,720. */
const eurusd = contractValue(1.08, 1000, 84);
const unitValueOf = (symbol: string) => (symbol === 'EURUSD' ? eurusd : 20_000);
const empty = { positions: [], openOrders: [] };

describe('notional and margin', () => {
  it('values a contract in the account currency and ties up a tenth of what an order adds', () => {
    expect(eurusd).toBeCloseTo(90_720, 6);
    const exposure = orderExposure(
      empty,
      { symbol: 'EURUSD', side: 'buy', type: 'market', quantity: 2.5 },
      unitValueOf,
    );
    expect(exposure).toEqual({ before: 0, after: 2.5 * eurusd });
    expect(orderMargin(exposure)).toBeCloseTo((2.5 * eurusd) / LEVERAGE, 6);
  });

  it('counts an order that only reduces a position as freeing margin, not using it', () => {
    const long = { positions: [{ symbol: 'EURUSD', quantity: 3 }], openOrders: [] };
    const exposure = orderExposure(
      long,
      { symbol: 'EURUSD', side: 'sell', type: 'market', quantity: 1 },
      unitValueOf,
    );
    expect(exposure.after).toBeLessThan(exposure.before);
    expect(orderMargin(exposure)).toBe(0);
  });

  it('puts a market order into the position and a pending one among the orders', () => {
    expect(
      bookWithOrder(empty, { symbol: 'EURUSD', side: 'sell', type: 'market', quantity: 1 }).positions,
    ).toEqual([{ symbol: 'EURUSD', quantity: -1 }]);
    expect(
      bookWithOrder(empty, { symbol: 'EURUSD', side: 'sell', type: 'limit', quantity: 1 }).openOrders,
    ).toEqual([{ symbol: 'EURUSD', side: 'sell', quantity: 1 }]);
  });
});

describe('the largest order the buying power allows', () => {
  const lots = { lotStep: 0.1, minQuantity: 0.1 };

  it('is the last lot step within 10 × equity, and one more step is over it (the server’s rule)', () => {
    const max = maxOrderQuantity({
      book: empty,
      order: { symbol: 'EURUSD', side: 'buy', type: 'market' },
      equity: 100_000,
      unitValueOf,
      ...lots,
    });
    expect(max).toBe(11); // 11 × 90,720 = 997,920 ≤ 1,000,000 < 11.1 × 90,720
    const check = (quantity: number) => {
      const { before, after } = orderExposure(
        empty,
        { symbol: 'EURUSD', side: 'buy', type: 'market', quantity },
        unitValueOf,
      );
      return withinBuyingPower(before, after, 100_000);
    };
    expect(check(max)).toBe(true);
    expect(check(max + 0.1)).toBe(false);
  });

  it('counts what is held and pending, lets a long be sold down and reversed, and includes the spread', () => {
    const book = {
      positions: [{ symbol: 'EURUSD', quantity: 5 }],
      openOrders: [{ symbol: 'NIFTY50', side: 'buy' as const, quantity: 10 }],
    };
    // ₹2,00,000 of NIFTY50 pending and 5 lots held: (10,00,000 − 2,00,000) / 90,720 − 5 = 3.81…
    const buy = maxOrderQuantity({
      book,
      order: { symbol: 'EURUSD', side: 'buy', type: 'limit' },
      equity: 100_000,
      unitValueOf,
      ...lots,
    });
    expect(buy).toBe(3.8);
    expect(
      worstCaseExposure(
        bookWithOrder(book, { symbol: 'EURUSD', side: 'buy', type: 'limit', quantity: 3.8 }),
        unitValueOf,
      ),
    ).toBeLessThanOrEqual(1_000_000);
    // Selling: the 5 held, then a short of up to 8.81… lots beyond them.
    const sell = maxOrderQuantity({
      book,
      order: { symbol: 'EURUSD', side: 'sell', type: 'market' },
      equity: 100_000,
      unitValueOf,
      ...lots,
    });
    expect(sell).toBe(13.8);
    // The spread a market order pays at once lowers the equity it is checked against.
    const withSpread = maxOrderQuantity({
      book: empty,
      order: { symbol: 'EURUSD', side: 'buy', type: 'market' },
      equity: 100_000,
      unitValueOf,
      costPerUnit: 2_000,
      ...lots,
    });
    expect(withSpread).toBeLessThan(11);
  });

  it('is 0 when not even the minimum fits, or the instrument has no value', () => {
    expect(
      maxOrderQuantity({
        book: empty,
        order: { symbol: 'EURUSD', side: 'buy', type: 'market' },
        equity: 800, // ₹8,000 of buying power: less than one 0.1 lot (₹9,072)
        unitValueOf,
        ...lots,
      }),
    ).toBe(0);
    expect(
      maxOrderQuantity({
        book: empty,
        order: { symbol: 'EURUSD', side: 'buy', type: 'market' },
        equity: 100_000,
        unitValueOf: () => 0,
        ...lots,
      }),
    ).toBe(0);
  });
});

describe('sizing by risk', () => {
  it('risks at most the percent of equity at the stop, in whole lot steps', () => {
    // 1 % of ₹1,00,000 = ₹1,000; a stop 0.0050 away loses 5 dollars (₹420) per 1,000-euro lot.
    expect(
      riskQuantity({
        equity: 100_000,
        riskPercent: 1,
        stopDistance: 0.005,
        contractSize: 1000,
        rate: 84,
        lotStep: 0.1,
        minQuantity: 0.1,
      }),
    ).toEqual({ quantity: 2.3, risk: expect.closeTo(966, 6) });
  });
  it('says nothing when the inputs make no sense or the minimum is already too much', () => {
    const base = { equity: 100_000, contractSize: 1, rate: 1, lotStep: 1, minQuantity: 1 };
    expect(riskQuantity({ ...base, riskPercent: 0, stopDistance: 10 })).toBeNull();
    expect(riskQuantity({ ...base, riskPercent: 1, stopDistance: 0 })).toBeNull();
    expect(riskQuantity({ ...base, riskPercent: 0.01, stopDistance: 500 })).toBeNull();
  });
});
