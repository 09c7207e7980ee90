import { describe, expect, it } from 'vitest';
import {
  centsToDecimal,
  conversionRate,
  isMultipleOfStep,
  plainNumber,
  priceProblem,
  quantityProblem,
  roundMoney,
  roundToStep,
  stepDecimals,
  toCents,
  withinBuyingPower,
  worstCaseExposure,
} from './account-money.ts';

const mids: Record<string, number> = { USDINR: 84, EURUSD: 1.1, GBPUSD: 1.25 };
const midOf = (symbol: string) => mids[symbol];

describe('conversion into the account currency', () => {
  it('uses the direct pair, its inverse, or a cross through USD', () => {
    expect(conversionRate('INR', 'INR', midOf)).toBe(1);
    expect(conversionRate('USD', 'INR', midOf)).toBe(84);
    expect(conversionRate('INR', 'USD', midOf)).toBe(0.0119047619); // 1 / 84 to 10 decimals
    expect(conversionRate('EUR', 'INR', midOf)).toBe(92.4); // 1.1 × 84 exactly
    expect(conversionRate('JPY', 'INR', midOf)).toBeNull();
  });
  it('books 13 lots of EURUSD losing 26.65 dollars as ₹2,238.60 at 84', () => {
    const lossUsd = -26.65;
    expect(centsToDecimal(toCents(lossUsd * conversionRate('USD', 'INR', midOf)!))).toBe('-2238.60');
  });
});

describe('roundMoney', () => {
  it('rounds to cents by default', () => {
    expect(roundMoney(12.345678)).toBe(12.35);
    expect(roundMoney(1234.5)).toBe(1234.5);
    expect(roundMoney(0.1 + 0.2)).toBe(0.3);
  });
  it('rounds negative amounts', () => {
    expect(roundMoney(-12.345678)).toBe(-12.35);
    expect(roundMoney(-0.006)).toBe(-0.01);
    expect(Object.is(roundMoney(-0.004), 0)).toBe(true); // never −0
  });
  it('takes exact halves away from zero, on the decimal the number carries (the ledger rule)', () => {
    expect(roundMoney(0.125)).toBe(0.13);
    expect(roundMoney(-0.125)).toBe(-0.13);
    expect(roundMoney(1.005)).toBe(1.01); // although 1.005 × 100 is 100.49999999999999 in binary
  });
  it('rounds to other decimals', () => {
    expect(roundMoney(12.345678, 4)).toBe(12.3457);
    expect(Object.is(roundMoney(-0.49999, 0), 0)).toBe(true);
    expect(roundMoney(2.5, 0)).toBe(3);
    expect(roundMoney(-2.5, 0)).toBe(-3);
  });
});

describe('cents', () => {
  it('rounds to the cent and prints the exact decimal', () => {
    expect(toCents(12.345)).toBe(1235);
    expect(toCents(-0.004)).toBe(0);
    expect(Object.is(toCents(-0.004), -0)).toBe(false);
    expect(centsToDecimal(-5)).toBe('-0.05');
    expect(centsToDecimal(123456789)).toBe('1234567.89');
  });
});

describe('lot steps and tick sizes', () => {
  const nifty = { symbol: 'NIFTY50', lotStep: 1, minQuantity: 1, tickSize: 0.05 };
  const btc = { symbol: 'BTCUSD', lotStep: 0.0001, minQuantity: 0.0001, tickSize: 0.5 };
  it('knows a step’s decimals', () => {
    expect(stepDecimals(0.05)).toBe(2);
    expect(stepDecimals(1e-8)).toBe(8);
    expect(stepDecimals(1)).toBe(0);
    expect(stepDecimals(0.0025)).toBe(4);
  });
  it('accepts whole steps despite binary noise and refuses the rest', () => {
    expect(isMultipleOfStep(0.1 + 0.2, 0.1)).toBe(true);
    expect(isMultipleOfStep(20_000.05, 0.05)).toBe(true);
    expect(isMultipleOfStep(20_000.07, 0.05)).toBe(false);
    expect(roundToStep(0.1 + 0.2, 0.1)).toBe(0.3);
  });
  it('names the step or the minimum in the refusal', () => {
    expect(quantityProblem(nifty, 1.5)).toBe('NIFTY50 quantities go in steps of 1.');
    expect(quantityProblem(btc, 0.00000001)).toBe('The smallest BTCUSD order is 0.0001.');
    expect(quantityProblem(btc, 0.0003)).toBeNull();
    expect(priceProblem(nifty, 20_000.07)).toBe("Price must be a multiple of NIFTY50's tick size, 0.05.");
    expect(priceProblem(nifty, 20_000.05)).toBeNull();
    expect(plainNumber(0.0001)).toBe('0.0001');
  });
});

describe('buying power counts pending orders', () => {
  const value = () => 100; // every symbol worth 100 a unit here
  it('stacked resting orders use it as the position would', () => {
    const book = {
      positions: [],
      openOrders: [
        { symbol: 'A', side: 'buy' as const, quantity: 5 },
        { symbol: 'A', side: 'buy' as const, quantity: 5 },
      ],
    };
    expect(worstCaseExposure(book, value)).toBe(1000);
  });
  it('an order that only reduces a position adds nothing', () => {
    const long = { symbol: 'A', quantity: 10 };
    expect(worstCaseExposure({ positions: [long], openOrders: [] }, value)).toBe(1000);
    expect(
      worstCaseExposure(
        { positions: [long], openOrders: [{ symbol: 'A', side: 'sell', quantity: 10 }] },
        value,
      ),
    ).toBe(1000);
    expect(
      worstCaseExposure(
        { positions: [long], openOrders: [{ symbol: 'A', side: 'sell', quantity: 25 }] },
        value,
      ),
    ).toBe(1500);
  });
  it('allows growth up to 10 × equity, and any reduction', () => {
    expect(withinBuyingPower(0, 1_000_000, 100_000)).toBe(true);
    expect(withinBuyingPower(0, 1_000_001, 100_000)).toBe(false);
    expect(withinBuyingPower(2_000_000, 1_500_000, 100_000)).toBe(true);
    expect(withinBuyingPower(0, 10, -5)).toBe(false);
  });
});
