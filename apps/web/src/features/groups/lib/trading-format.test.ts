import { describe, expect, it } from 'vitest';
import {
  contractUnit,
  currencyLabel,
  currencySymbol,
  formatCountdown,
  formatLots,
  formatMoney,
  formatPrice,
  formatQuotedPrice,
  formatSignedMoney,
  formatSignedPercent,
  formatUnits,
  lotHint,
  priceDecimals,
} from './trading-format';

describe('trading formats', () => {
  it('formats rupees in the Indian grouping and dollars in the international one, with the symbol', () => {
    expect(formatMoney(100000, 'INR')).toBe('₹1,00,000.00');
    expect(formatMoney(12345678.9, 'INR')).toBe('₹1,23,45,678.90');
    expect(formatMoney(100000, 'USD')).toBe('$100,000.00');
    expect(formatMoney(-1234.5, 'USD')).toBe('-$1,234.50');
    expect(formatMoney(100000, 'INR', { fractionDigits: 0 })).toBe('₹1,00,000');
  });

  it('never shows a minus on an amount that rounds to zero', () => {
    expect(formatMoney(-0.001, 'INR')).toBe('₹0.00');
    expect(formatSignedMoney(-0.001, 'INR')).toBe('₹0.00');
  });

  it('signs a profit or loss in the account currency', () => {
    expect(formatSignedMoney(1500, 'INR')).toBe('+₹1,500.00');
    expect(formatSignedMoney(-12.3, 'USD')).toBe('-$12.30');
    expect(formatSignedMoney(0, 'USD')).toBe('$0.00');
  });

  it('falls back to the code after the amount for a currency Intl does not know', () => {
    expect(formatMoney(1234.5, 'XYZ1')).toBe('1234.50 XYZ1');
    expect(formatSignedMoney(-5, 'XYZ1')).toBe('-5.00 XYZ1');
  });

  it('names a currency with its symbol', () => {
    expect(currencySymbol('INR')).toBe('₹');
    expect(currencySymbol('USD')).toBe('$');
    expect(currencySymbol('XYZ1')).toBe('XYZ1');
    expect(currencyLabel('INR')).toBe('INR (₹)');
    expect(currencyLabel('USD')).toBe('USD ($)');
  });

  it('formats signed percents the way the leaderboard shows them', () => {
    expect(formatSignedPercent(1.5)).toBe('+1.50%');
    expect(formatSignedPercent(-0.254)).toBe('-0.25%');
    expect(formatSignedPercent(0)).toBe('0.00%');
  });

  it('shows as many price decimals as the tick size has, with the quote currency where asked', () => {
    expect(priceDecimals(0.00001)).toBe(5);
    expect(priceDecimals(0.05)).toBe(2);
    expect(priceDecimals(0.001)).toBe(3);
    expect(priceDecimals(1)).toBe(2);
    expect(formatPrice(1.084567, 0.00001)).toBe('1.08457');
    expect(formatQuotedPrice(1.084567, 0.00001, 'USD')).toBe('1.08457 USD');
    expect(formatQuotedPrice(24512.35, 0.05, undefined)).toBe('24,512.35');
  });

  it('describes an instrument’s lot rules for the order ticket, with what a lot holds', () => {
    const eur = contractUnit({ symbol: 'EURUSD', assetClass: 'forex', currency: 'USD' });
    expect(lotHint({ lotStep: 0.1, minQuantity: 0.1, contractSize: 1000, unit: eur })).toBe(
      '1 lot = 1,000 EUR · steps of 0.1 · min 0.1',
    );
    expect(lotHint({ lotStep: 0.0001, minQuantity: 0.0001, contractSize: 1 })).toBe(
      '1 lot = 1 unit · steps of 0.0001 · min 0.0001',
    );
    expect(contractUnit({ symbol: 'BTCUSD', assetClass: 'crypto', currency: 'USD' })).toEqual({
      one: 'BTC',
      many: 'BTC',
    });
    expect(contractUnit({ symbol: 'XAUUSD', assetClass: 'commodity', currency: 'USD' }).one).toBe('XAU');
    expect(contractUnit({ symbol: 'RELIANCE', assetClass: 'stock_in', currency: 'INR' })).toEqual({
      one: 'share',
      many: 'shares',
    });
    expect(contractUnit({ symbol: 'NIFTY50', assetClass: 'index', currency: 'INR' }).many).toBe('units');
    expect(formatLots(1)).toBe('1 lot');
    expect(formatLots(2.5)).toBe('2.5 lots');
    expect(formatUnits(2500, eur)).toBe('2,500 EUR');
  });

  it('counts a freeze down in minutes and seconds, with hours when longer', () => {
    expect(formatCountdown(247_000)).toBe('4:07');
    expect(formatCountdown(3_909_000)).toBe('1:05:09');
    expect(formatCountdown(400)).toBe('0:01');
    expect(formatCountdown(-5)).toBe('0:00');
  });
});
