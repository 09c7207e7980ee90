import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { FRAME_WARM_UP_MS, renderApp, warmUpFrame } from '@/testing/render-app';
import { makeSession } from '@/testing/test-data';

const noNotifications = { 'GET /notification/all': { body: { success: true, data: [] } } };

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
    expect(within(card).getByLabelText('Progress in Trading Psychology')).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    expect(within(card).getByText('Continue').closest('a')).toHaveAttribute(
      'href',
      '/courseVideos/course2?video=202',
    );
    // The other dashboard cards stay.
    expect(screen.getByText('Open courses').closest('a')).toHaveAttribute('href', '/course');
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
