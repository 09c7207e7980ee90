import { describe, expect, it } from 'vitest';
import { marketClosedText, opensInText } from './market-closed-text';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('the market-closed countdown', () => {
  it('counts in hours and minutes, rounded up to the minute, and in days past 24 hours', () => {
    expect(opensInText(14 * HOUR + 5 * MINUTE)).toBe('14 h 05 m');
    expect(opensInText(14 * HOUR + 4 * MINUTE + 1000)).toBe('14 h 05 m');
    expect(opensInText(25 * MINUTE)).toBe('25 m');
    expect(opensInText(1000)).toBe('1 m');
    expect(opensInText(24 * HOUR)).toBe('24 h 00 m');
    expect(opensInText(62 * HOUR + 30 * MINUTE)).toBe('2 d 14 h');
  });

  it('says when the NSE opens after hours and over a weekend, and nothing while it trades', () => {
    // Tuesday 1 Dec 2026, 19:10 in India: the NSE opens at 09:15 India (03:45 UTC) on Wednesday.
    expect(marketClosedText('nse', Date.parse('2026-12-01T13:40:00Z'))).toBe(
      'Market closed, opens in 14 h 05 m',
    );
    // Saturday 5 Dec 2026, 13:45 UTC: Monday 03:45 UTC is 1 day 14 hours away.
    expect(marketClosedText('nse', Date.parse('2026-12-05T13:45:00Z'))).toBe(
      'Market closed, opens in 1 d 14 h',
    );
    expect(marketClosedText('nse', Date.parse('2026-12-01T05:00:00Z'))).toBeNull();
  });

  it('never closes crypto or the practice market', () => {
    const saturday = Date.parse('2026-12-05T13:45:00Z');
    expect(marketClosedText('crypto', saturday)).toBeNull();
    expect(marketClosedText('always', saturday)).toBeNull();
  });
});
