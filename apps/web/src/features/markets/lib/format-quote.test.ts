import { describe, expect, it } from 'vitest';
import { formatQuoteAge, formatQuotePrice } from './format-quote';

describe('quote formats', () => {
  it('keeps the provider’s decimals and groups thousands', () => {
    expect(formatQuotePrice(97012.5)).toBe('97,012.5');
    expect(formatQuotePrice(1.08432)).toBe('1.08432');
  });

  it('says how old a quote is in the largest unit that reads well', () => {
    const now = 1_800_000_000_000;
    expect(formatQuoteAge(now - 3_000, now)).toBe('3 s ago');
    expect(formatQuoteAge(now + 500, now)).toBe('0 s ago');
    expect(formatQuoteAge(now - 5 * 60_000, now)).toBe('5 min ago');
    expect(formatQuoteAge(now - 3 * 3_600_000, now)).toBe('3 h ago');
    expect(formatQuoteAge(now - 3 * 86_400_000, now)).toBe('3 days ago');
  });
});
