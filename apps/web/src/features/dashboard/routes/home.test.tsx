import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MyCompetition } from '@/features/groups';
import { mockApi } from '@/testing/mock-api';
import { FRAME_WARM_UP_MS, renderApp, warmUpFrame } from '@/testing/render-app';
import { makeSession } from '@/testing/test-data';

const noNotifications = {
  'GET /notification/all': { body: { success: true, data: [], meta: { nextCursor: null } } },
};

const course = (overrides: object) => ({
  _id: 'course1',
  title: 'Stock Market Fundamentals',
  description: 'How exchanges work.',
  thumbnail: '/images/courses/course1.svg',
  isPro: false,
  published: true,
  locked: false,
  videoCount: 3,
  totalDuration: 6300,
  completedCount: 0,
  progress: 0,
  continueVideoId: 101,
  ...overrides,
});

const continueCard = () =>
  screen.getByText('Continue learning').closest('.cw-dashboard-continue') as HTMLElement;

describe('the dashboard /home', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    await warmUpFrame();
    await import('./home');
  }, FRAME_WARM_UP_MS);

  it('greets the learner and offers the course under way, with its progress and a Continue button', async () => {
    mockApi({
      ...noNotifications,
      'GET /courses': {
        body: {
          success: true,
          data: [
            course({ completedCount: 3, progress: 100 }),
            course({ _id: 'course5', title: 'Options Trading Basics', locked: true, isPro: true }),
            course({
              _id: 'course2',
              title: 'Trading Psychology',
              videoCount: 2,
              completedCount: 1,
              progress: 50,
              continueVideoId: 202,
            }),
          ],
        },
      },
    });
    renderApp('/home', { auth: makeSession({ firstName: 'Lena' }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Lena' })).toBeInTheDocument();
    const card = continueCard();
    expect(await within(card).findByText('Trading Psychology')).toBeInTheDocument();
    expect(within(card).getByText('1 of 2 lessons done')).toBeInTheDocument();
    // A native <progress> (implicit role progressbar): its value, and the percentage shown after it.
    const progress = within(card).getByRole('progressbar', { name: 'Progress in Trading Psychology' });
    expect(progress).toHaveProperty('value', 50);
    expect(progress).toHaveProperty('max', 100);
    expect(within(card).getByText('50%')).toBeInTheDocument();
    expect(within(card).getByText('Continue').closest('a')).toHaveAttribute(
      'href',
      '/courseVideos/course2?video=202',
    );
    // The other dashboard cards stay.
    expect(screen.getByText('Open courses').closest('a')).toHaveAttribute('href', '/course');
  });

  it('offers "Start course", not Continue, for a course not begun (0 %)', async () => {
    mockApi({ ...noNotifications, 'GET /courses': { body: { success: true, data: [course({})] } } });
    renderApp('/home', { auth: makeSession({ firstName: 'Lena' }) });
    await screen.findByRole('heading', { level: 1, name: 'Welcome back, Lena' });
    const card = continueCard();
    expect(await within(card).findByText('Stock Market Fundamentals')).toBeInTheDocument();
    // The link says what it starts ("Start" alone is what Lighthouse's link-text audit flags), as the catalogue's card does.
    const start = within(card).getByRole('link', { name: 'Start course: Stock Market Fundamentals' });
    expect(start).toHaveTextContent(/^Start course$/);
    expect(start).toHaveAttribute('href', '/courseVideos/course1?video=101');
    expect(within(card).queryByText('Continue')).not.toBeInTheDocument();
  });

  it('shows where I stand in each competition, with my equity in its account currency', async () => {
    const competition = (name: string, currency: string, equity: number, rank: number): MyCompetition => ({
      group: {
        _id: `g-${currency}`,
        name,
        currency,
        startDate: '2026-11-19T09:00:00.000Z',
        endDate: '2030-12-03T17:30:00.000Z',
        phase: 'running',
      },
      status: 'approved',
      standing: { rank, ranked: 12, pnlPercent: 1.5, equity, trades: 3, freezes: 0, frozenUntil: null },
    });
    mockApi({
      ...noNotifications,
      'GET /group/mine': {
        body: {
          success: true,
          data: [
            competition('Nifty Week', 'INR', 101_500, 2),
            competition('Wall Street Week', 'USD', 1_234_567.8, 5),
          ],
        },
      },
    });
    renderApp('/home', { auth: makeSession() });
    const nifty = (await screen.findByText('Nifty Week')).closest('li')!;
    expect(within(nifty).getByText('Equity ₹1,01,500.00')).toBeInTheDocument();
    expect(within(nifty).getByText('+1.50%')).toBeInTheDocument();
    const wallStreet = screen.getByText('Wall Street Week').closest('li')!;
    expect(within(wallStreet).getByText('Equity $1,234,567.80')).toBeInTheDocument();
    // The name starts with the visible word (WCAG 2.5.3, label in name): "Trade" or "Leaderboard".
    const link = within(wallStreet).getByRole('link', { name: /^(Trade|Leaderboard) in Wall Street Week$/ });
    expect(link).toHaveAttribute('href', '/group/g-USD/leaderboard');
    expect(link.getAttribute('aria-label')).toBeNull();
  });

  it('congratulates a learner who has finished every open course', async () => {
    mockApi({
      ...noNotifications,
      'GET /courses': { body: { success: true, data: [course({ completedCount: 3, progress: 100 })] } },
    });
    renderApp('/home', { auth: makeSession() });
    expect(await screen.findByText(/You have finished every course open to you/)).toBeInTheDocument();
  });
});
