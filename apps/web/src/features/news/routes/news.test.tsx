import type { NewsItem } from '@candlewise/shared/news/news-categories';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiCall, mockApi } from '@/testing/mock-api';
import { FRAME_WARM_UP_MS, renderApp, warmUpFrame } from '@/testing/render-app';
import { makeSession } from '@/testing/test-data';

const now = Date.now();
const item = (overrides: Partial<NewsItem>): NewsItem => ({
  _id: 'n1',
  kind: 'feed',
  title: 'Gold eases from its high',
  summary: 'XAUUSD slipped 0.6%.',
  url: 'https://wire.example.com/gold',
  imageUrl: '/images/news/commodities.svg',
  category: 'commodities',
  symbols: ['XAUUSD'],
  source: { _id: 's1', name: 'Example Wire' },
  author: null,
  publishedAt: new Date(now - 25 * 60_000).toISOString(),
  ...overrides,
});

const stories = [
  item({}),
  item({
    _id: 'n2',
    kind: 'post',
    title: 'December competition rules',
    url: null,
    category: 'education',
    source: { _id: null, name: 'Candlewise' },
    symbols: [],
  }),
  item({ _id: 'n3', title: 'Rupee steadies', category: 'forex', symbols: ['USDINR'], imageUrl: null }),
  item({
    _id: 'n4',
    title: 'Nifty 50 closes at a record',
    url: 'https://candlewise.app/desk/nifty-record-close-banks-lead',
    category: 'markets',
    source: { _id: 's2', name: 'Candlewise Markets Desk' },
    symbols: ['NIFTY50'],
  }),
];

/** GET /news filtered like the server: category and words. */
function newsHandler({ url }: ApiCall) {
  const category = url.searchParams.get('category');
  const q = url.searchParams.get('q')?.toLowerCase();
  const items = stories.filter(
    (story) => (!category || story.category === category) && (!q || story.title.toLowerCase().includes(q)),
  );
  return { body: { success: true, data: { items, total: items.length, page: 1, pageSize: 12 } } };
}

// A busy machine renders antd slowly in jsdom: the finds wait longer than the default second.
const slow = { timeout: 15_000 };

describe('/news', { timeout: 60_000 }, () => {
  beforeAll(async () => {
    await warmUpFrame();
    await import('./news');
  }, FRAME_WARM_UP_MS);

  it('shows cards with source, relative time and a link to the original in a new tab, or the article in the app', async () => {
    mockApi({
      'GET /notification/all': { body: { success: true, data: [], meta: { nextCursor: null } } },
      'GET /news': newsHandler,
    });
    renderApp('/news', { auth: makeSession() });
    expect(await screen.findByText('4 stories', undefined, slow)).toBeInTheDocument();
    const feed = screen.getByRole('link', { name: /Gold eases from its high/ });
    expect(feed).toHaveAttribute('href', 'https://wire.example.com/gold');
    expect(feed).toHaveAttribute('target', '_blank');
    expect(feed).toHaveAttribute('rel', 'noopener noreferrer');
    const card = feed.closest('article') as HTMLElement;
    expect(within(card).getByText('Example Wire')).toBeInTheDocument();
    expect(within(card).getByText(/^2\d minutes ago$/)).toBeInTheDocument();
    expect(within(card).getByText('XAUUSD')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'December competition rules' })).toHaveAttribute(
      'href',
      '/news/n2',
    );
    // A Candlewise Markets Desk story is read in the app, not on a page elsewhere.
    const own = screen.getByRole('link', { name: 'Nifty 50 closes at a record' });
    expect(own).toHaveAttribute('href', '/news/n4');
    expect(own).not.toHaveAttribute('target');
  });

  it("names each story with a heading one level below the page's, skipping none (screen-reader outline)", async () => {
    mockApi({
      'GET /notification/all': { body: { success: true, data: [], meta: { nextCursor: null } } },
      'GET /news': newsHandler,
    });
    renderApp('/news', { auth: makeSession() });
    expect(await screen.findByText('4 stories', undefined, slow)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: /Gold eases from its high/ })).toBeInTheDocument();
    const levels = [...document.querySelectorAll('main h1, main h2, main h3, main h4, main h5, main h6')].map(
      (heading) => Number(heading.tagName.slice(1)),
    );
    expect(levels[0]).toBe(1);
    for (let index = 1; index < levels.length; index += 1) {
      expect(levels[index] - levels[index - 1]).toBeLessThanOrEqual(1);
    }
  });

  it("loads the first row's pictures at once, the first foremost (the page's largest paint), and the rest lazily", async () => {
    mockApi({
      'GET /notification/all': { body: { success: true, data: [], meta: { nextCursor: null } } },
      'GET /news': newsHandler,
    });
    renderApp('/news', { auth: makeSession() });
    expect(await screen.findByText('4 stories', undefined, slow)).toBeInTheDocument();
    const pictures = [...document.querySelectorAll<HTMLImageElement>('img.cw-news-card__image')];
    // Stories 1, 2 and 4 have pictures (3 has none).
    expect(
      pictures.map((picture) => [picture.getAttribute('loading'), picture.getAttribute('fetchpriority')]),
    ).toEqual([
      ['eager', 'high'],
      ['eager', null],
      ['lazy', null],
    ]);
  });

  it('toggles "My symbols" from its words as well as from the switch', async () => {
    const api = mockApi({
      'GET /notification/all': { body: { success: true, data: [], meta: { nextCursor: null } } },
      'GET /news': newsHandler,
    });
    const { user } = renderApp('/news', { auth: makeSession() });
    const toggle = await screen.findByRole('switch', { name: 'My symbols' }, slow);
    expect(toggle).not.toBeChecked();
    await user.click(screen.getByText('My symbols'));
    expect(toggle).toBeChecked();
    expect(api.callsTo('GET', '/news').at(-1)?.url.searchParams.get('mine')).toBe('1');
  });

  it('narrows by category tab and by search, and offers a way back from an empty result', async () => {
    const api = mockApi({
      'GET /notification/all': { body: { success: true, data: [], meta: { nextCursor: null } } },
      'GET /news': newsHandler,
    });
    const { user } = renderApp('/news', { auth: makeSession() });
    expect(await screen.findByText('4 stories', undefined, slow)).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Forex' }));
    expect(await screen.findByText('1 story', undefined, slow)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Rupee steadies/ })).toBeInTheDocument();
    expect(api.callsTo('GET', '/news').at(-1)?.url.searchParams.get('category')).toBe('forex');

    await user.type(screen.getByRole('searchbox', { name: 'Search news' }), 'bitcoin{Enter}');
    expect(await screen.findByText('No stories match these filters.', undefined, slow)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show all news' }));
    expect(await screen.findByText('4 stories', undefined, slow)).toBeInTheDocument();
  });

  it('says what went wrong and retries', async () => {
    let fail = true;
    mockApi({
      'GET /notification/all': { body: { success: true, data: [], meta: { nextCursor: null } } },
      'GET /news': (call) =>
        fail
          ? {
              status: 500,
              body: { success: false, message: 'Something went wrong on our side.', code: 'INTERNAL_ERROR' },
            }
          : newsHandler(call),
    });
    const { user } = renderApp('/news', { auth: makeSession() });
    expect(await screen.findByText('We could not load the news.', undefined, slow)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('4 stories', undefined, slow)).toBeInTheDocument();
  });
});
