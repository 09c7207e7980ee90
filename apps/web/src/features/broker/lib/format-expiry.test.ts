import { describe, expect, it } from 'vitest';
import { describeTokenExpiry, relativeTime } from './format-expiry';

const now = new Date('2026-11-24T06:00:00.000Z');

describe('token expiry for people', () => {
  it('says how far away the expiry is, to the nearest minute, hour or day', () => {
    expect(relativeTime(new Date(now.getTime() + 40 * 60_000), now)).toBe('in 40 minutes');
    expect(relativeTime(new Date(now.getTime() + 5 * 3_600_000 + 10 * 60_000), now)).toBe('in 5 hours');
    expect(relativeTime(new Date(now.getTime() - 3 * 3_600_000), now)).toBe('3 hours ago');
    expect(relativeTime(new Date(now.getTime() + 3 * 86_400_000), now)).toBe('in 3 days');
  });

  it('tells an expired token from a live one, with the absolute time too', () => {
    const live = describeTokenExpiry(new Date(now.getTime() + 5 * 3_600_000).toISOString(), now);
    expect(live.expired).toBe(false);
    expect(live.text).toMatch(/^Access token expires in 5 hours \(.+\)$/);
    const dead = describeTokenExpiry(new Date(now.getTime() - 2 * 3_600_000).toISOString(), now);
    expect(dead).toMatchObject({ expired: true });
    expect(dead.text).toMatch(/^Access token expired 2 hours ago \(.+\)$/);
  });
});
