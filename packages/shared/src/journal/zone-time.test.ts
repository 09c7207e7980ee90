import { describe, expect, it } from 'vitest';
import { zoneClock, zonedTimeToInstant } from './zone-time.ts';

describe('zoneClock', () => {
  it('follows daylight saving: New York is UTC−4 in summer and UTC−5 in winter', () => {
    const newYork = zoneClock('America/New_York');
    expect(newYork.offsetMinutes(Date.parse('2026-07-01T12:00:00Z'))).toBe(-240);
    expect(newYork.offsetMinutes(Date.parse('2026-12-01T12:00:00Z'))).toBe(-300);
    // The change day itself: 2 a.m. on 8 March 2026 (07:00 UTC) becomes 3 a.m.
    expect(newYork.hour(Date.parse('2026-03-08T06:59:00Z'))).toBe(1);
    expect(newYork.hour(Date.parse('2026-03-08T07:01:00Z'))).toBe(3);
  });

  it('reads local dates, weekdays and the start of a local day', () => {
    const india = zoneClock('Asia/Kolkata');
    expect(india.localDate(Date.parse('2026-11-02T19:00:00Z'))).toBe('2026-11-03');
    expect(india.weekday(Date.parse('2026-11-02T19:00:00Z'))).toBe(1); // Tuesday
    expect(india.startOfDay('2026-11-03').toISOString()).toBe('2026-11-02T18:30:00.000Z');
    // A 25-hour day: New York's 1 November 2026 starts at 04:00 UTC, the next at 05:00 UTC.
    const newYork = zoneClock('America/New_York');
    expect(newYork.startOfDay('2026-11-01').toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(newYork.startOfDay('2026-11-02').toISOString()).toBe('2026-11-02T05:00:00.000Z');
  });

  it('turns a wall-clock time into its instant in the zone', () => {
    const parts = { year: 2026, month: 3, day: 10, hour: 9, minute: 30, second: 0 };
    expect(new Date(zonedTimeToInstant(parts, 'America/New_York')).toISOString()).toBe(
      '2026-03-10T13:30:00.000Z',
    );
  });
});
