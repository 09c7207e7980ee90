import { describe, expect, it } from 'vitest';
import { retryAfterSeconds, waitText } from './wait-text.ts';

describe('the wait a 429 names', () => {
  it('counts seconds up to a minute and a half, then whole minutes rounded up', () => {
    expect(waitText(1)).toBe('1 second');
    expect(waitText(0.2)).toBe('1 second');
    expect(waitText(45)).toBe('45 seconds');
    expect(waitText(90)).toBe('90 seconds');
    expect(waitText(91)).toBe('2 minutes');
    expect(waitText(14 * 60 + 5)).toBe('15 minutes');
  });

  it('rounds a wait in milliseconds up to whole seconds for Retry-After, never below one', () => {
    expect(retryAfterSeconds(0)).toBe(1);
    expect(retryAfterSeconds(1_001)).toBe(2);
    expect(retryAfterSeconds(90_000)).toBe(90);
  });
});
