import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './format-relative-time';

const now = Date.parse('2026-03-10T12:00:00.000Z');
const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

describe('formatRelativeTime', () => {
  it.each([
    [0, 'just now'],
    [30, 'just now'],
    [-20, 'just now'], // a server clock slightly ahead
    [50, '1 minute ago'],
    [5 * 60, '5 minutes ago'],
    [3 * 3600, '3 hours ago'],
    [26 * 3600, 'yesterday'],
    [3 * 86_400, '3 days ago'],
    [15 * 86_400, '2 weeks ago'],
    [65 * 86_400, '2 months ago'],
    [400 * 86_400, 'last year'],
  ])('%i seconds ago reads "%s"', (seconds, expected) => {
    expect(formatRelativeTime(ago(seconds), now, 'en')).toBe(expected);
  });

  it('gives null for a date it cannot read', () => {
    expect(formatRelativeTime('not a date', now, 'en')).toBeNull();
  });
});
