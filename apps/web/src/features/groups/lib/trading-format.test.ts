import { describe, expect, it } from 'vitest';
import {
  formatCountdown,
  formatMoney,
  formatPrice,
  formatSignedPercent,
  priceDecimals,
} from './trading-format';

describe('trading formats', () => {
  it('formats money and signed percents the way the leaderboard shows them', () => {
    expect(formatMoney(100000)).toBe('100,000.00');
    expect(formatMoney(-1234.5)).toBe('-1,234.50');
    expect(formatSignedPercent(1.5)).toBe('+1.50%');
    expect(formatSignedPercent(-0.254)).toBe('-0.25%');
    expect(formatSignedPercent(0)).toBe('0.00%');
  });

  it('shows as many price decimals as the tick size has', () => {
    expect(priceDecimals(0.00001)).toBe(5);
    expect(priceDecimals(0.05)).toBe(2);
    expect(priceDecimals(0.001)).toBe(3);
    expect(priceDecimals(1)).toBe(2);
    expect(formatPrice(1.084567, 0.00001)).toBe('1.08457');
  });

  it('counts a freeze down in minutes and seconds, with hours when longer', () => {
    expect(formatCountdown(247_000)).toBe('4:07');
    expect(formatCountdown(3_909_000)).toBe('1:05:09');
    expect(formatCountdown(400)).toBe('0:01');
    expect(formatCountdown(-5)).toBe('0:00');
  });
});
