import { describe, expect, it } from 'vitest';
import {
  fromDateTimeLocal,
  fromUtcDateTimeLocal,
  toDateTimeLocal,
  toUtcDateTimeLocal,
} from './datetime-local';

describe('datetime-local values', () => {
  it('round-trips a local wall-clock time through an ISO instant', () => {
    const iso = new Date(2026, 10, 19, 9, 5).toISOString();
    expect(toDateTimeLocal(iso)).toBe('2026-11-19T09:05');
    expect(fromDateTimeLocal('2026-11-19T09:05')).toBe(iso);
  });

  it('gives an empty value for missing or invalid input', () => {
    expect(toDateTimeLocal(null)).toBe('');
    expect(toDateTimeLocal('nonsense')).toBe('');
    expect(fromDateTimeLocal('')).toBe('');
    expect(fromDateTimeLocal('2026-13-45T99:99')).toBe('');
  });

  it('reads and writes a replayed minute in UTC, whatever the admin’s zone', () => {
    expect(toUtcDateTimeLocal('2023-03-10T14:00:00.000Z')).toBe('2023-03-10T14:00');
    expect(fromUtcDateTimeLocal('2023-03-10T14:00')).toBe('2023-03-10T14:00:00.000Z');
    expect(toUtcDateTimeLocal(null)).toBe('');
    expect(fromUtcDateTimeLocal('')).toBe('');
  });
});
