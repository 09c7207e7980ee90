import type { Drill, DrillAttempt } from '@candlewise/shared/courses/drill-contract';
import type { PracticeSession } from '@candlewise/shared/practice/practice-contract';
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderPage } from '@/testing/render-page';
import { makeSession } from '@/testing/test-data';
import { DrillBanner, liveDrillWarnings } from './drill-banner';
import { DrillView } from './drill-view';

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

const failed: DrillAttempt = {
  _id: 'a-1',
  drillId: 'd-1',
  sessionId: 's-1',
  state: 'scored',
  passed: false,
  score: 35,
  rFinal: 0.6,
  rBest: 0.6,
  mae: -0.2,
  mfe: 0.9,
  initialRisk: 1000,
  realized: 600,
  breaches: [
    {
      rule: 'no_stop',
      message: 'Your entry at 13:40 UTC had no stop-loss; every entry in this drill needs one.',
    },
  ],
  fills: [{ side: 'buy', quantity: 2, price: 20_030, realized: 0, reason: 'order', replayedAt: 0 }],
  chart: [{ time: 1_678_455_600, open: 20_000, high: 20_050, low: 19_990, close: 20_030 }],
  startedAt: '2026-11-28T12:00:00.000Z',
  scoredAt: '2026-11-28T12:10:00.000Z',
};

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

function session(overrides: Partial<PracticeSession> = {}): PracticeSession {
  return {
    _id: 's-2',
    symbol: 'BTCUSD',
    day: '2023-03-10',
    currency: 'USD',
    state: 'paused',
    speed: 1,
    replayedTime: Date.parse('2023-03-10T13:45:00Z'),
    startingBalance: 100_000,
    balance: 100_000,
    equity: 100_000,
    pnl: 0,
    fills: 1,
    decisions: 2,
    createdAt: '2026-11-28T12:00:00.000Z',
    endedAt: null,
    instrument: {
      symbol: 'BTCUSD',
      name: 'Bitcoin / US Dollar',
      tickSize: 0.5,
      lotStep: 0.0001,
      minQuantity: 0.0001,
      contractSize: 1,
    },
    clock: { startsAt: 0, endsAt: 0, serverTime: 0 },
    quote: null,
    positions: [],
    openOrders: [],
    fillsList: [],
    decisionsList: [],
    ...overrides,
  };
}

describe('a trade drill on the course page', () => {
  it('shows the task, the rules and a past attempt with its breach, and Retry opens a new replay', async () => {
    const api = mockApi({
      'GET /drills/d-1': { body: { success: true, data: { drill, attempts: [failed] } } },
      'POST /drills/d-1/attempts': {
        status: 201,
        body: {
          success: true,
          data: { attempt: { ...failed, _id: 'a-2', state: 'running' }, sessionId: 's-2' },
        },
      },
    });
    const { user } = renderPage(
      () => (
        <>
          <Routes>
            <Route path="/courseVideos/course6" element={<DrillView drillId="d-1" />} />
            <Route path="/practice/:sessionId" element={<p>The desk</p>} />
          </Routes>
          <Where />
        </>
      ),
      { path: '/courseVideos/course6', session: makeSession() },
    );
    expect(await screen.findByRole('heading', { name: 'Long the opening-range push' })).toBeInTheDocument();
    expect(screen.getByText('Enter long with a stop below the opening range.')).toBeInTheDocument();
    expect(
      screen.getByText('Every entry carries a stop-loss: put it on the order itself.'),
    ).toBeInTheDocument();
    expect(screen.getByText(/Risk at most 1 % of 100,000 \(1,000\) per entry/)).toBeInTheDocument();
    expect(screen.getByText('Not passed')).toBeInTheDocument();
    expect(
      screen.getByText('Your entry at 13:40 UTC had no stop-loss; every entry in this drill needs one.'),
    ).toBeInTheDocument();
    // Best and final R, the excursions and the score.
    expect(screen.getAllByText('+0.60R')).toHaveLength(2);
    expect(screen.getByText('-0.20R')).toBeInTheDocument();
    expect(screen.getByText('35')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/practice/s-2'));
    expect(api.callsTo('POST', '/drills/d-1/attempts')).toHaveLength(1);
  });

  it('says the drill could not be found', async () => {
    mockApi({
      'GET /drills/d-1': {
        status: 404,
        body: { success: false, message: 'We could not find that drill.', code: 'NOT_FOUND' },
      },
    });
    renderPage(() => <DrillView drillId="d-1" />, { path: '/', session: makeSession() });
    expect(await screen.findByText('We could not find that drill.')).toBeInTheDocument();
  });
});

describe('the drill banner on the practice screen', () => {
  it('warns about a position without a stop, too much risk, the wrong side and the time limit', () => {
    const noStop = session({
      positions: [{ symbol: 'BTCUSD', quantity: 2, averagePrice: 20_000, stopLoss: null, takeProfit: null }],
    });
    expect(liveDrillWarnings(drill, noStop, noStop.replayedTime)).toEqual([
      'Your position has no stop-loss: this drill needs one on every entry.',
    ]);
    const risky = session({
      positions: [
        { symbol: 'BTCUSD', quantity: -4, averagePrice: 20_000, stopLoss: 20_300, takeProfit: null },
      ],
    });
    expect(liveDrillWarnings(drill, risky, Date.parse('2023-03-10T14:11:00Z'))).toEqual([
      'You are short in a long-only drill.',
      'Your position risks 1,200 USD, more than 1,000 allowed.',
      'The 30-minute time limit has passed: close your position.',
    ]);
  });

  it('shows the task with Finish and score, which scores the attempt', async () => {
    const running = { ...failed, _id: 'a-2', sessionId: 's-2', state: 'running' as const, passed: null };
    const api = mockApi({
      'GET /drills/by-session/s-2': { body: { success: true, data: { drill, attempt: running } } },
      'POST /drills/d-1/attempts/a-2/score': {
        body: { success: true, data: { ...failed, _id: 'a-2', passed: true } },
      },
    });
    const { user } = renderPage(
      () => (
        <>
          <DrillBanner session={session()} replayedTime={session().replayedTime} />
          <Where />
        </>
      ),
      { path: '/practice/s-2', session: makeSession() },
    );
    expect(await screen.findByText('Enter long with a stop below the opening range.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Finish and score' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/courseVideos/course6'));
    expect(api.callsTo('POST', '/drills/d-1/attempts/a-2/score')).toHaveLength(1);
  });

  it('renders nothing for a plain practice replay', async () => {
    const api = mockApi({ 'GET /drills/by-session/s-2': { body: { success: true, data: null } } });
    renderPage(() => <DrillBanner session={session()} replayedTime={0} />, {
      path: '/practice/s-2',
      session: makeSession(),
    });
    await waitFor(() => expect(api.callsTo('GET', '/drills/by-session/s-2')).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Drill' })).not.toBeInTheDocument();
  });
});
