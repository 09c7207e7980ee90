import { afterEach, describe, expect, it, vi } from 'vitest';
import { newsFiltersFrom } from '@/features/news/api/first-reads';
import { getNews } from '@/features/news/api/get-news';
import { earlyGetSlots } from '@/lib/api-client';
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

  it("starts /news's stories with the address's filters, at the very address the page's own read asks for", async () => {
    expect(paths('news')).toEqual(['/news?page=1&pageSize=12']);
    const search = new URLSearchParams('category=forex&q=gold%20bar&mine=1&page=2');
    const [path] = paths('news', { search });
    expect(path).toBe('/news?page=2&pageSize=12&category=forex&q=gold+bar&mine=1');
    // The page's GET (get-news.ts) for the same address: same URL, so it takes the early answer.
    const fetchMock = vi.fn(async () =>
      Response.json({ success: true, data: { items: [], total: 0, page: 2, pageSize: 12 } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    try {
      await getNews(newsFiltersFrom(search));
      expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe(earlyGetSlots.url(path));
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('starts the group list for /group and nothing for a page without early reads', () => {
    expect(paths('groups')).toEqual(['/group/']);
    expect(paths('profile')).toEqual([]);
  });
});

/** The API's head script and the reads it names per route (apps/api/src/plugins/prerender-head.ts). */
async function serverHead(): Promise<{
  FIRST_READS_SCRIPT: string;
  SIGNED_IN_FIRST_READS: Record<string, { reads: string[] }>;
}> {
  const file = '../../../api/src/plugins/prerender-head.ts';
  return import(/* @vite-ignore */ file);
}

describe("the HTML's head script starts the same first reads as the app", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
    delete window.cwFirstReads;
    window.history.replaceState(null, '', '/');
  });

  /** The addresses the head script asked for on `address`, as the server's HTML for `route` names them. */
  async function readsFromTheHtml(route: string, address: string, user: { _id: string } | null) {
    const { FIRST_READS_SCRIPT, SIGNED_IN_FIRST_READS } = await serverHead();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ success: true, data: [] })),
    );
    localStorage.setItem('persist:root', JSON.stringify({ auth: JSON.stringify({ token: 't', user }) }));
    window.history.replaceState(null, '', address);
    const meta = document.createElement('meta');
    meta.name = 'cw:first-reads';
    meta.content = SIGNED_IN_FIRST_READS[route].reads.join(' ');
    if (route.includes('/:')) meta.dataset.route = route;
    document.head.append(meta);
    try {
      new Function(FIRST_READS_SCRIPT)();
      return Object.keys(window.cwFirstReads ?? {});
    } finally {
      meta.remove();
    }
  }

  const api = (reads: string[]) => reads.map((path) => `/api/v1${path}`);

  it("a leaderboard's three, its competition from the address and the member from the session", async () => {
    const user = { _id: 'user 7' };
    expect(await readsFromTheHtml('/group/:groupId/leaderboard', '/group/g%201/leaderboard', user)).toEqual(
      api(paths('leaderboard', { params: { groupId: 'g 1' }, user })),
    );
  });

  it("a leaderboard's two without a stored user, and /home's and /group's as named", async () => {
    expect(await readsFromTheHtml('/group/:groupId/leaderboard', '/group/g1/leaderboard', null)).toEqual(
      api(paths('leaderboard', { params: { groupId: 'g1' } })),
    );
    expect(await readsFromTheHtml('/group', '/group', { _id: 'u1' })).toEqual(api(paths('groups')));
    expect(await readsFromTheHtml('/home', '/home', { _id: 'u1' })).toEqual(api(paths('home')));
  });
});
