import { describe, expect, it } from 'vitest';
import { currencyExponent, formatMoney } from './format-money.ts';

describe('formatMoney', () => {
  it('shows paise as rupees with the Indian grouping', () => {
    expect(formatMoney(200_000, 'INR')).toBe('₹2,000.00');
    expect(formatMoney(15_000_050, 'INR')).toBe('₹1,50,000.50');
    expect(formatMoney(0, 'INR')).toBe('₹0.00');
  });

  it('keeps the currency of the payment and its own number of decimals', () => {
    expect(formatMoney(1999, 'usd')).toBe('$19.99');
    expect(formatMoney(1500, 'JPY')).toBe('JP¥1,500');
    expect(currencyExponent('JPY')).toBe(0);
    expect(currencyExponent('INR')).toBe(2);
  });

  it('never rounds a receipt amount', () => {
    expect(formatMoney(199_999, 'INR')).toBe('₹1,999.99');
  });
});
