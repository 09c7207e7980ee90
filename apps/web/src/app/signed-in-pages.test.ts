import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Landing, landingReads } from './signed-in-pages';

const paths = (page: Parameters<typeof landingReads>[0], landing: Partial<Landing> = {}) =>
  landingReads(page, { params: {}, search: new URLSearchParams(), user: null, ...landing }).map(
    (read) => read.path,
  );

describe("a first load's early reads", () => {
  afterEach(() => vi.useRealTimers());

  it("starts a leaderboard's competition, first standings page and the member's statuses", () => {
    expect(paths('leaderboard', { params: { groupId: 'g 1' }, user: { _id: 'u1' } })).toEqual([
      '/group/g%201',
      '/group/g%201/leaderboard?offset=0&limit=50',
      '/group/getParticipants/participants/u1',
    ]);
  });

  it('leaves out the statuses when the stored session has no user yet', () => {
    expect(paths('leaderboard', { params: { groupId: 'g1' } })).toEqual([
      '/group/g1',
      '/group/g1/leaderboard?offset=0&limit=50',
    ]);
  });

  it("starts the journal's month and today, today being the learner's in their time zone", () => {
    // 20:00 UTC on 30 November is already 1 December in Kolkata (+05:30), still 30 November in New York.
    vi.useFakeTimers({ now: new Date('2026-11-30T20:00:00Z'), toFake: ['Date'] });
    expect(paths('journal', { user: { _id: 'u1', timeZone: 'Asia/Kolkata' } })).toEqual([
      '/journal/calendar?month=2026-12',
      '/journal/entries/2026-12-01',
    ]);
    expect(paths('journal', { user: { _id: 'u1', timeZone: 'America/New_York' } })).toEqual([
      '/journal/calendar?month=2026-11',
      '/journal/entries/2026-11-30',
    ]);
  });

  it("starts the journal's day from the address, and nothing on another tab or a malformed date", () => {
    expect(paths('journal', { search: new URLSearchParams('date=2026-10-05') })).toEqual([
      '/journal/calendar?month=2026-10',
      '/journal/entries/2026-10-05',
    ]);
    expect(paths('journal', { search: new URLSearchParams('tab=trades') })).toEqual([]);
    expect(paths('journal', { search: new URLSearchParams('date=../admin') })).toEqual([]);
  });

  it('starts the group list for /group and nothing for a page without early reads', () => {
    expect(paths('groups')).toEqual(['/group/']);
    expect(paths('profile')).toEqual([]);
  });
});
