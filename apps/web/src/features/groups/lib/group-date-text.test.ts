import { describe, expect, it } from 'vitest';
import {
  formatGroupDate,
  formatGroupDateTime,
  formatGroupTime,
  freezeDurationText,
  freezeThresholdText,
  phaseOf,
  scheduleSummary,
} from './group-date-text';

const DAY = 86_400_000;

describe('the Info dialog dates', () => {
  const nineAm = new Date(2026, 10, 19, 9, 0).toISOString();
  const halfPastFive = new Date(2026, 10, 26, 17, 30).toISOString();

  it("reads 'Nov 19, 2026' and '9:00 AM' in the reader's time zone, with a plain space", () => {
    expect(formatGroupDate(nineAm)).toBe('Nov 19, 2026');
    expect(formatGroupTime(nineAm)).toBe('9:00 AM');
    expect(formatGroupTime(halfPastFive)).toBe('5:30 PM');
    expect(formatGroupDateTime(nineAm)).toBe('Nov 19, 2026, 9:00 AM');
  });

  it("says 'Not available' for a missing date and 'Not set' for a missing time", () => {
    for (const missing of [null, undefined, '', 'not a date']) {
      expect(formatGroupDate(missing)).toBe('Not available');
      expect(formatGroupTime(missing)).toBe('Not set');
    }
  });

  it('reads a date without a time as that calendar day, with the time not set', () => {
    expect(formatGroupDate('2026-11-19')).toBe('Nov 19, 2026');
    expect(formatGroupTime('2026-11-19')).toBe('Not set');
  });
});

describe('the freeze rule', () => {
  it('shows hours and minutes, minutes or seconds, and the threshold as a percent', () => {
    expect(freezeDurationText(5_400_000)).toBe('1h 30m');
    expect(freezeDurationText(600_000)).toBe('10m');
    expect(freezeDurationText(45_000)).toBe('45s');
    expect(freezeThresholdText(5)).toBe('5%');
    expect(freezeThresholdText(2.5)).toBe('2.5%');
  });

  it("says 'Not set' when a value is missing", () => {
    expect(freezeDurationText(undefined)).toBe('Not set');
    expect(freezeThresholdText(null)).toBe('Not set');
  });
});

describe('the card schedule', () => {
  const now = Date.UTC(2026, 10, 21, 12);
  const at = (offset: number) => new Date(now + offset).toISOString();

  it('takes the phase from the API or works it out from the dates', () => {
    expect(phaseOf({ phase: 'ended', startDate: at(DAY), endDate: at(2 * DAY) }, now)).toBe('ended');
    expect(phaseOf({ startDate: at(DAY), endDate: at(2 * DAY) }, now)).toBe('upcoming');
    expect(phaseOf({ startDate: at(-DAY), endDate: at(2 * DAY) }, now)).toBe('running');
    expect(phaseOf({ startDate: at(-3 * DAY), endDate: at(-DAY) }, now)).toBe('ended');
  });

  it('says when it starts, ends or ended, relative to now', () => {
    expect(scheduleSummary({ startDate: at(7 * DAY), endDate: at(14 * DAY) }, 'upcoming', now)).toEqual({
      text: 'Starts in 7 days',
      dateTime: at(7 * DAY),
    });
    expect(scheduleSummary({ startDate: at(-DAY), endDate: at(DAY) }, 'running', now).text).toBe(
      'Ends tomorrow',
    );
    expect(scheduleSummary({ startDate: at(-DAY), endDate: at(3 * 3_600_000) }, 'running', now).text).toBe(
      'Ends in 3 hours',
    );
    expect(scheduleSummary({ startDate: at(-40 * DAY), endDate: at(-10 * DAY) }, 'ended', now).text).toBe(
      'Ended 10 days ago',
    );
    expect(scheduleSummary({ startDate: null, endDate: null }, 'upcoming', now)).toEqual({
      text: 'Dates to be announced',
      dateTime: null,
    });
  });
});
