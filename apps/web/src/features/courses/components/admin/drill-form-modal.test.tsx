import type { Drill } from '@candlewise/shared/courses/drill-contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, validationFailed } from '@/testing/mock-api';
import { renderPage } from '@/testing/render-page';
import { makeSession } from '@/testing/test-data';
import { DrillFormModal } from './drill-form-modal';

// jsdom has no canvas: the chart is a stub.
vi.mock('lightweight-charts', () => import('@/testing/fake-lightweight-charts'));

const drill: Drill = {
  _id: 'd-1',
  courseId: 'course6',
  afterVideoId: 601,
  position: 0,
  title: 'Long the opening-range push',
  symbol: 'BTCUSD',
  day: '2023-03-10',
  startAt: '13:40',
  startingBalance: 100_000,
  task: 'Enter long with a stop below the opening range.',
  direction: 'long',
  stopRequired: true,
  maxRiskPercent: 1,
  targetR: 1,
  timeLimitMinutes: 30,
};

const days = {
  body: {
    success: true,
    data: [{ symbol: 'BTCUSD', name: 'Bitcoin / US Dollar', currency: 'USD', days: ['2023-03-10'] }],
  },
};

describe('the drill form under Admin → Courses', () => {
  it('previews the day up to the start minute and shows the server’s sentence under the day', async () => {
    const api = mockApi({
      'GET /practice/days': days,
      'GET /admin/drills/preview': {
        body: {
          success: true,
          data: {
            startTime: Date.parse('2023-03-10T13:40:00Z'),
            candles: [{ time: 1_678_455_540, open: 20_000, high: 20_010, low: 19_990, close: 20_005 }],
          },
        },
      },
      'PUT /admin/drills/d-1': validationFailed(
        { day: 'There are no bars of BTCUSD on 2023-03-10. Days with bars: 2023-03-09.' },
        'There are no bars of BTCUSD on 2023-03-10. Days with bars: 2023-03-09.',
      ),
    });
    const onClose = vi.fn();
    const { user } = renderPage(
      () => (
        <DrillFormModal
          courseId="course6"
          drill={drill}
          lessons={[{ id: 601, label: '1. Position Sizing and Drawdown' }]}
          onClose={onClose}
        />
      ),
      { path: '/admin', session: makeSession({ role: 'admin' }) },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit “Long the opening-range push”' });
    await waitFor(() => expect(api.callsTo('GET', '/admin/drills/preview')).toHaveLength(1));
    expect(api.callsTo('GET', '/admin/drills/preview')[0].url.search).toBe(
      '?symbol=BTCUSD&day=2023-03-10&startAt=13%3A40',
    );
    expect(await within(dialog).findByText('O 20000.00')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save drill' }));
    expect(
      (
        await within(dialog).findAllByText(
          'There are no bars of BTCUSD on 2023-03-10. Days with bars: 2023-03-09.',
        )
      ).length,
    ).toBeGreaterThan(0);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('checks the fields with the API’s schema before sending', async () => {
    const api = mockApi({ 'GET /practice/days': days });
    const { user } = renderPage(
      () => (
        <DrillFormModal
          courseId="course6"
          drill={null}
          lessons={[{ id: 601, label: '1. Sizing' }]}
          onClose={() => {}}
        />
      ),
      { path: '/admin', session: makeSession({ role: 'admin' }) },
    );
    const dialog = await screen.findByRole('dialog', { name: 'New drill' });
    await user.click(within(dialog).getByRole('button', { name: 'Add drill' }));
    expect(await within(dialog).findByText('Give the drill a title.')).toBeInTheDocument();
    expect(within(dialog).getByText('Describe the task.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/admin/courses/course6/drills')).toHaveLength(0);
  });
});
