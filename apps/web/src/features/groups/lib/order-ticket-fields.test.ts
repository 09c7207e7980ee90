import { describe, expect, it } from 'vitest';
import { parseDecimal, priceFieldProblem, quantityFieldProblem } from './order-ticket-fields';

const eurusd = { symbol: 'EURUSD', lotStep: 0.1, minQuantity: 0.1, tickSize: 0.00001 };

describe('reading what is typed in the order ticket', () => {
  it('takes plain decimals only', () => {
    expect(parseDecimal('2')).toBe(2);
    expect(parseDecimal(' 0.5 ')).toBe(0.5);
    expect(parseDecimal('.5')).toBe(0.5);
    expect(parseDecimal('1,000.25')).toBe(1000.25);
    for (const text of ['', 'abc', '-5', '+5', '1e3', '1.2.3', '0x10', 'Infinity'])
      expect(parseDecimal(text)).toBeNull();
  });

  it('names what is wrong with a quantity in one sentence', () => {
    expect(quantityFieldProblem('', eurusd)).toBe('Enter a quantity.');
    expect(quantityFieldProblem('abc', eurusd)).toBe('Enter the quantity as a number of lots, like 0.1.');
    expect(quantityFieldProblem('-5', eurusd)).toBe('The quantity must be more than 0.');
    expect(quantityFieldProblem('0', eurusd)).toBe('The quantity must be more than 0.');
    expect(quantityFieldProblem('0.05', eurusd)).toBe('The smallest EURUSD order is 0.1.');
    expect(quantityFieldProblem('0.15', eurusd)).toBe('EURUSD quantities go in steps of 0.1.');
    expect(quantityFieldProblem('12', eurusd, 11)).toBe(
      'Your buying power allows at most 11 lots of EURUSD now.',
    );
    expect(quantityFieldProblem('0.1', eurusd, 0)).toBe(
      'Your buying power does not cover the smallest order of EURUSD now.',
    );
    expect(quantityFieldProblem('11', eurusd, 11)).toBeNull();
    expect(quantityFieldProblem('0.3', eurusd)).toBeNull();
  });

  it('names what is wrong with a price, and lets an optional one stay empty', () => {
    const limit = { name: 'limit price', label: 'Price', required: true, steps: eurusd };
    expect(priceFieldProblem('', limit)).toBe('Enter the limit price.');
    expect(priceFieldProblem('x', limit)).toBe('Enter the limit price as a number.');
    expect(priceFieldProblem('-1', limit)).toBe('The limit price must be more than 0.');
    expect(priceFieldProblem('1.080005', limit)).toBe(
      "Price must be a multiple of EURUSD's tick size, 0.00001.",
    );
    expect(priceFieldProblem('1.08', limit)).toBeNull();
    expect(priceFieldProblem('', { name: 'stop-loss', label: 'Stop-loss', steps: eurusd })).toBeNull();
  });
});
