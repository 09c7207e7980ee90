import { describe, expect, it } from 'vitest';
import { daysRemaining, formatLongUsDate, hasPro } from './plan-rules.ts';

const DAY = 86_400_000;

describe('days remaining', () => {
  const now = Date.UTC(2026, 10, 21, 12, 0, 0);
  it('rounds up partial days', () => {
    expect(daysRemaining((now + 1.2 * DAY) / 1000, now)).toBe(2);
    expect(daysRemaining((now + 1000) / 1000, now)).toBe(1);
    expect(daysRemaining((now + 30 * DAY) / 1000, now)).toBe(30);
  });
  it('is 0 exactly at expiry and never below 0 after it', () => {
    expect(daysRemaining(now / 1000, now)).toBe(0);
    expect(daysRemaining((now - 5 * DAY) / 1000, now)).toBe(0);
  });
  it('counts elapsed time, not calendar days, across a daylight-saving change', () => {
    // US clocks went back on 1 November 2026: 3 × 24 h later is still 3 days.
    const before = Date.parse('2026-10-31T12:00:00-04:00');
    expect(daysRemaining((before + 3 * DAY) / 1000, before)).toBe(3);
    expect(daysRemaining((before + 3 * DAY + 3_600_000) / 1000, before)).toBe(4);
  });
});

describe('long US date', () => {
  it('formats like the manage page', () => {
    expect(formatLongUsDate(Date.UTC(2026, 10, 21, 12) / 1000, 'UTC')).toBe('November 21, 2026');
    expect(formatLongUsDate(Date.UTC(2027, 0, 5, 12) / 1000, 'Asia/Kolkata')).toBe('January 5, 2027');
  });
});

describe('has Pro', () => {
  const now = Date.UTC(2026, 10, 21);
  it('is true while active or canceled before expiry', () => {
    expect(hasPro({ planStatus: 'active', planExpirationDate: now / 1000 + 100 }, now)).toBe(true);
    expect(hasPro({ planStatus: 'canceled', planExpirationDate: now / 1000 + 100 }, now)).toBe(true);
  });
  it('is false after expiry or without a plan', () => {
    expect(hasPro({ planStatus: 'canceled', planExpirationDate: now / 1000 - 1 }, now)).toBe(false);
    expect(hasPro({ planStatus: 'active', planExpirationDate: now / 1000 - 1 }, now)).toBe(false);
    expect(hasPro({ planStatus: 'Not Subscribed', planExpirationDate: null }, now)).toBe(false);
  });
});
