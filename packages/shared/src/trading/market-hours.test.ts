import { describe, expect, it } from 'vitest';
import { isMarketOpen, nextMarketOpen } from './market-hours.ts';

const at = (iso: string) => Date.parse(iso);

describe('market hours', () => {
  it('opens NSE 09:15–15:30 India time on weekdays', () => {
    // Monday 23 November 2026; IST is UTC+5:30.
    expect(isMarketOpen('nse', at('2026-11-23T03:44:00Z'))).toBe(false); // 09:14 IST
    expect(isMarketOpen('nse', at('2026-11-23T03:45:00Z'))).toBe(true); // 09:15
    expect(isMarketOpen('nse', at('2026-11-23T09:59:00Z'))).toBe(true); // 15:29
    expect(isMarketOpen('nse', at('2026-11-23T10:00:00Z'))).toBe(false); // 15:30
    expect(isMarketOpen('nse', at('2026-11-28T05:00:00Z'))).toBe(false); // Saturday
  });

  it('follows New York daylight saving for US stocks', () => {
    // Friday 6 March 2026 (EST, UTC−5) and Monday 9 March 2026 (EDT, UTC−4), 09:30 local.
    expect(isMarketOpen('us', at('2026-03-06T14:30:00Z'))).toBe(true);
    expect(isMarketOpen('us', at('2026-03-06T13:30:00Z'))).toBe(false);
    expect(isMarketOpen('us', at('2026-03-09T13:30:00Z'))).toBe(true);
    expect(isMarketOpen('us', at('2026-03-09T20:00:00Z'))).toBe(false); // 16:00 EDT
  });

  it('trades forex from Sunday 17:00 to Friday 17:00 New York, crypto and practice always', () => {
    expect(isMarketOpen('forex', at('2026-11-21T12:00:00Z'))).toBe(false); // Saturday
    expect(isMarketOpen('forex', at('2026-11-22T21:59:00Z'))).toBe(false); // Sunday 16:59 EST
    expect(isMarketOpen('forex', at('2026-11-22T22:00:00Z'))).toBe(true); // Sunday 17:00 EST
    expect(isMarketOpen('forex', at('2026-11-27T21:59:00Z'))).toBe(true); // Friday 16:59
    expect(isMarketOpen('forex', at('2026-11-27T22:00:00Z'))).toBe(false); // Friday 17:00
    expect(isMarketOpen('crypto', at('2026-11-21T12:00:00Z'))).toBe(true);
    expect(isMarketOpen('always', at('2026-11-21T12:00:00Z'))).toBe(true);
  });

  it('finds the next opening: Friday evening to Monday 09:15 IST', () => {
    expect(new Date(nextMarketOpen('nse', at('2026-11-27T11:00:00Z'))!).toISOString()).toBe(
      '2026-11-30T03:45:00.000Z',
    );
    expect(nextMarketOpen('nse', at('2026-11-23T05:00:00Z'))).toBe(at('2026-11-23T05:00:00Z'));
    expect(nextMarketOpen('crypto', at('2026-11-21T12:00:00Z'))).toBeNull();
    expect(new Date(nextMarketOpen('forex', at('2026-11-21T12:00:00Z'))!).toISOString()).toBe(
      '2026-11-22T22:00:00.000Z',
    );
  });
});
