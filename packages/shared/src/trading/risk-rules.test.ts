import { describe, expect, it } from 'vitest';
import { dailyLossPercent, dayWindowStart, drawdownFor, isTimeZone } from './risk-rules.ts';

describe('drawdown bases', () => {
  const account = { peakEquity: 110_000, balance: 105_000, startingBalance: 100_000, equity: 99_000 };
  it('measures from the peak, the balance or the start', () => {
    expect(drawdownFor('peak', account)).toBeCloseTo(10, 10);
    expect(drawdownFor('balance', account)).toBeCloseTo((6_000 / 105_000) * 100, 10);
    expect(drawdownFor('start', account)).toBeCloseTo(1, 10);
    expect(drawdownFor('start', { ...account, equity: 100_500 })).toBe(0);
  });
  it('measures the day against its opening equity', () => {
    expect(dailyLossPercent(100_000, 97_000)).toBeCloseTo(3, 10);
    expect(dailyLossPercent(100_000, 101_000)).toBe(0);
  });
});

describe('the daily reset', () => {
  it('is at the set hour in the group’s zone, the last one at or before now', () => {
    // 09:00 in Kolkata is 03:30 UTC.
    expect(
      new Date(dayWindowStart(Date.parse('2026-11-23T05:00:00Z'), 'Asia/Kolkata', 9)).toISOString(),
    ).toBe('2026-11-23T03:30:00.000Z');
    expect(
      new Date(dayWindowStart(Date.parse('2026-11-23T03:00:00Z'), 'Asia/Kolkata', 9)).toISOString(),
    ).toBe('2026-11-22T03:30:00.000Z');
  });
  it('follows daylight saving in New York (17:00 EST is 22:00 UTC, EDT 21:00 UTC)', () => {
    expect(
      new Date(dayWindowStart(Date.parse('2026-01-15T23:00:00Z'), 'America/New_York', 17)).toISOString(),
    ).toBe('2026-01-15T22:00:00.000Z');
    expect(
      new Date(dayWindowStart(Date.parse('2026-07-15T22:00:00Z'), 'America/New_York', 17)).toISOString(),
    ).toBe('2026-07-15T21:00:00.000Z');
  });
  // The day is remembered between calls (the engine asks every account every second): asked in any
  // order, across the spring-forward night in New York, each instant still gets its own day.
  it('answers each instant its own day whatever was asked before (across a DST change)', () => {
    const instants = [
      '2026-03-07T21:59:59Z', // Saturday 16:59:59 EST: Friday's day
      '2026-03-07T22:00:00Z', // Saturday 17:00 EST: Saturday's day
      '2026-03-08T20:59:59Z', // Sunday 16:59:59 EDT (23-hour day): still Saturday's
      '2026-03-08T21:00:00Z', // Sunday 17:00 EDT: Sunday's day
      '2026-03-07T22:00:01Z',
      '2026-03-06T23:00:00Z',
    ].map(Date.parse);
    const expected = [
      '2026-03-06T22:00:00.000Z',
      '2026-03-07T22:00:00.000Z',
      '2026-03-07T22:00:00.000Z',
      '2026-03-08T21:00:00.000Z',
      '2026-03-07T22:00:00.000Z',
      '2026-03-06T22:00:00.000Z',
    ];
    const answer = (instant: number) =>
      new Date(dayWindowStart(instant, 'America/New_York', 17)).toISOString();
    expect(instants.map(answer)).toEqual(expected);
    expect([...instants].reverse().map(answer)).toEqual([...expected].reverse());
  });
  it('answers each zone and hour its own day when the asks alternate between them', () => {
    const asks: Array<[string, string, number]> = [
      ['2026-11-23T03:00:00Z', 'Asia/Kolkata', 9],
      ['2026-11-23T03:00:00Z', 'America/New_York', 17],
      ['2026-11-23T03:00:00Z', 'Asia/Kolkata', 0],
      ['2026-11-23T05:00:00Z', 'Asia/Kolkata', 9],
      ['2026-11-23T05:00:00Z', 'America/New_York', 17],
    ];
    const answers = () =>
      asks.map(([at, zone, hour]) => new Date(dayWindowStart(Date.parse(at), zone, hour)).toISOString());
    expect(answers()).toEqual([
      '2026-11-22T03:30:00.000Z', // 09:00 IST on the 22nd: 08:30 IST on the 23rd is before the reset
      '2026-11-22T22:00:00.000Z', // 17:00 EST on the 22nd
      '2026-11-22T18:30:00.000Z', // midnight IST
      '2026-11-23T03:30:00.000Z', // 10:30 IST: the 23rd's day began at 09:00
      '2026-11-22T22:00:00.000Z',
    ]);
    expect(answers()).toEqual(answers());
  });
  it('knows real zones from typos', () => {
    expect(isTimeZone('Asia/Kolkata')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});
