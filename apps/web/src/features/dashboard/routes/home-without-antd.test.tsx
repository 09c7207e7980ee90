import { screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderPage } from '@/testing/render-page';
import { makeSession } from '@/testing/test-data';

// /home paints before antd's script has loaded: nothing it imports may load antd or its icons.
vi.mock('antd', () => {
  throw new Error('/home imported antd');
});
vi.mock('@ant-design/icons', () => {
  throw new Error('/home imported @ant-design/icons');
});

let HomePage: ComponentType;

/** /home on its own, as the antd-free frame shows it: no antd ConfigProvider around it. */
function renderHome() {
  return renderPage(HomePage, { path: '/home', session: makeSession({ firstName: 'Lena' }) });
}

const region = (name: string) => screen.getByRole('region', { name });

describe('/home without antd', () => {
  beforeAll(async () => {
    ({ default: HomePage } = await import('./home'));
  });

  it('loads and renders with no antd module and no antd markup', async () => {
    mockApi({
      'GET /courses': {
        body: {
          success: true,
          data: [
            {
              _id: 'course2',
              title: 'Trading Psychology',
              description: 'Discipline, risk and the habits that keep a plan.',
              thumbnail: '/images/courses/course2.svg',
              isPro: false,
              published: true,
              locked: false,
              videoCount: 5,
              totalDuration: 3000,
              completedCount: 2,
              progress: 40,
              continueVideoId: 202,
            },
          ],
        },
      },
    });
    const { container } = renderHome();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back, Lena' })).toBeInTheDocument();
    // Each card says what it is loading while it loads.
    expect(within(region('Continue learning')).getByRole('status')).toHaveTextContent('Loading your courses');
    expect(within(region('Your journal')).getByRole('status')).toHaveTextContent('Loading your journal');
    expect(within(region('Top news')).getByRole('status')).toHaveTextContent('Loading the news');
    expect(within(region('My competitions and rank')).getByRole('status')).toHaveTextContent(
      'Loading your competitions',
    );

    const progress = await within(region('Continue learning')).findByRole('progressbar', {
      name: 'Progress in Trading Psychology',
    });
    expect(progress).toHaveProperty('value', 40);
    expect(progress).toHaveProperty('max', 100);
    expect(within(region('Continue learning')).getByText('40%')).toBeInTheDocument();
    expect(within(region('Continue learning')).queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue: Trading Psychology' })).toHaveAttribute(
      'href',
      '/courseVideos/course2?video=202',
    );
    for (const [name, href] of [
      ['Open courses', '/course'],
      ['Browse groups', '/group'],
      ['Open your journal', '/journal'],
    ]) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(container.querySelector('[class*="ant-"]')).toBeNull();
  });

  it('offers Try again when a card cannot load, and loads it again', async () => {
    let journalReads = 0;
    mockApi({
      'GET /journal/summary': () =>
        ++journalReads === 1
          ? { status: 500, body: { success: false, message: 'The journal is resting.', code: 'INTERNAL' } }
          : {
              body: {
                success: true,
                data: {
                  today: '2026-05-04',
                  wroteToday: false,
                  entryStreak: 3,
                  monthNetPnl: -1250.5,
                  monthTrades: 1,
                  currency: 'INR',
                  lastEntryDate: '2026-05-03',
                },
              },
            },
    });
    const { user } = renderHome();
    const journal = region('Your journal');
    expect(await within(journal).findByText(/We could not load your journal/)).toBeInTheDocument();
    await user.click(within(journal).getByRole('button', { name: 'Try again' }));
    expect(await within(journal).findByText('3-day streak')).toBeInTheDocument();
    expect(within(journal).getByText('−1,250.5 INR')).toBeInTheDocument();
    expect(within(journal).getByRole('link', { name: "Write today's entry" })).toHaveAttribute(
      'href',
      '/journal?tab=calendar&date=2026-05-04',
    );
  });

  it('tags a competition with its phase and a frozen account, and names external news links', async () => {
    mockApi({
      'GET /group/mine': {
        body: {
          success: true,
          data: [
            {
              group: {
                _id: 'g1',
                name: 'Nifty Week',
                currency: 'INR',
                startDate: '2026-11-19T09:00:00.000Z',
                endDate: '2030-12-03T17:30:00.000Z',
                phase: 'running',
              },
              status: 'approved',
              standing: {
                rank: 2,
                ranked: 12,
                pnlPercent: -0.5,
                equity: 99_500,
                trades: 3,
                freezes: 1,
                frozenUntil: new Date(Date.now() + 60 * 60_000).toISOString(),
              },
            },
          ],
        },
      },
      'GET /news': {
        body: {
          success: true,
          data: {
            items: [
              {
                _id: 'n1',
                kind: 'feed',
                title: 'Markets close higher',
                summary: 'Indices ended the day up on strong earnings.',
                url: 'https://example.com/story',
                imageUrl: null,
                category: 'markets',
                symbols: [],
                source: { _id: 'src-1', name: 'Example Wire' },
                author: null,
                publishedAt: new Date().toISOString(),
              },
            ],
            total: 1,
            page: 1,
            pageSize: 4,
          },
        },
      },
    });
    renderHome();
    const competition = (await within(region('My competitions and rank')).findByText('Nifty Week')).closest(
      'li',
    )!;
    expect(within(competition).getByText('Running')).toHaveClass('cw-plain-tag', 'cw-plain-tag--green');
    expect(within(competition).getByText('Frozen')).toHaveClass('cw-plain-tag', 'cw-plain-tag--orange');
    expect(
      await within(region('Top news')).findByRole('link', {
        name: 'Markets close higher (opens in a new tab)',
      }),
    ).toHaveAttribute('href', 'https://example.com/story');
  });
});
