import { describe, expect, it } from 'vitest';
import { countOf, formatCount } from './format-count.ts';

describe('counts', () => {
  it('groups digits the Indian way', () => {
    expect(formatCount(20_000)).toBe('20,000');
    expect(formatCount(100_000)).toBe('1,00,000');
    expect(formatCount(7)).toBe('7');
  });

  it('names the noun in the plural unless the count is one', () => {
    expect(countOf(1, 'row')).toBe('1 row');
    expect(countOf(0, 'trade')).toBe('0 trades');
    expect(countOf(20_000, 'row')).toBe('20,000 rows');
  });
});
