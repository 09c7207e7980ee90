import type { PracticeSession } from '@candlewise/shared/practice/practice-contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type ApiCall, mockApi } from '@/testing/mock-api';
import { renderPage } from '@/testing/render-page';
import { makeSession } from '@/testing/test-data';
import PracticeSessionPage from './practice-session';

// jsdom has no canvas: the chart is a stub.
vi.mock('lightweight-charts', () => import('@/testing/fake-lightweight-charts'));

const T = Date.parse('2023-03-10T14:05:00Z');

function practiceSession(overrides: Partial<PracticeSession> = {}): PracticeSession {
  return {
    _id: 's-1',
    symbol: 'BTCUSD',
    day: '2023-03-10',
    currency: 'USD',
    state: 'paused',
    speed: 1,
    replayedTime: T,
    startingBalance: 100_000,
    balance: 100_000,
    equity: 100_000,
    pnl: 0,
    fills: 0,
    decisions: 1,
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
    clock: {
      startsAt: Date.parse('2023-03-10T00:00:00Z'),
      endsAt: Date.parse('2023-03-11T00:00:00Z'),
      serverTime: 0,
    },
    quote: { bid: 20_100, ask: 20_115, mid: 20_107.5 },
    positions: [],
    openOrders: [],
    fillsList: [],
    decisionsList: [
      {
        sequence: 1,
        kind: 'start',
        replayedAt: T,
        wallAt: '2026-11-28T12:00:00.000Z',
        equity: 100_000,
        summary: 'Started a practice replay of BTCUSD on 2023-03-10 at 14:05:00 UTC with 100,000 USD.',
      },
    ],
    ...overrides,
  };
}

function openDesk(session = practiceSession()) {
  const clockCalls: ApiCall[] = [];
  let current = session;
  const api = mockApi({
    'GET /practice/sessions/s-1': () => ({ body: { success: true, data: current } }),
    'GET /practice/sessions/s-1/candles': {
      body: {
        success: true,
        data: {
          replayedTime: T,
          candles: [{ time: T / 1000, open: 20_100, high: 20_120, low: 20_090, close: 20_107.5 }],
        },
      },
    },
    'GET /practice/sessions': { body: { success: true, data: [] } },
    'POST /practice/sessions/s-1/clock': (call) => {
      clockCalls.push(call);
      const action = (call.body as { action: string }).action;
      current = practiceSession({
        state: action === 'play' ? 'playing' : 'paused',
        replayedTime: action === 'step' ? T + 60_000 : T,
      });
      return { body: { success: true, data: current } };
    },
  });
  const view = renderPage(PracticeSessionPage, {
    path: '/practice/s-1',
    route: '/practice/:sessionId',
    session: makeSession(),
  });
  return { ...view, api, clockCalls };
}

describe('the practice replay desk', () => {
  it('shows the replayed date and clock, and plays, pauses and steps from its buttons', async () => {
    const { user, clockCalls } = openDesk();
    expect(await screen.findByTestId('replayed-clock')).toHaveTextContent('14:05:00 UTC');
    expect(screen.getByText('10 Mar 2023')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Play' }));
    await waitFor(() => expect(clockCalls.map((call) => call.body)).toEqual([{ action: 'play' }]));
    await user.click(await screen.findByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(clockCalls).toHaveLength(2));
    await user.click(await screen.findByRole('button', { name: 'Step one bar' }));
    await waitFor(() => expect(screen.getByTestId('replayed-clock')).toHaveTextContent('14:06:00 UTC'));
    expect(clockCalls.map((call) => call.body)).toEqual([
      { action: 'play' },
      { action: 'pause' },
      { action: 'step' },
    ]);
  });

  it('plays and pauses with Space and steps with →, but not while typing in the ticket', async () => {
    const { user, clockCalls } = openDesk();
    await screen.findByTestId('replayed-clock');
    await user.keyboard(' ');
    await waitFor(() => expect(clockCalls.map((call) => call.body)).toEqual([{ action: 'play' }]));
    await screen.findByRole('button', { name: 'Pause' });
    await user.keyboard(' ');
    await waitFor(() => expect(clockCalls).toHaveLength(2));
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(clockCalls.map((call) => call.body)).toContainEqual({ action: 'step' }));
    // After a click on Step, → goes on stepping (the focused button does not keep the key).
    await user.click(screen.getByRole('button', { name: 'Step one bar' }));
    await waitFor(() => expect(clockCalls).toHaveLength(4));
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(clockCalls).toHaveLength(5));
    await user.click(screen.getByRole('spinbutton', { name: /Quantity/ }));
    await user.keyboard(' {ArrowRight}');
    expect(clockCalls).toHaveLength(5);
  });

  it('closes the controls and the ticket once the session has ended', async () => {
    openDesk(practiceSession({ state: 'ended', endedAt: '2026-11-28T12:30:00.000Z' }));
    expect(await screen.findByRole('button', { name: 'Play' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Step one bar' })).toBeDisabled();
    expect(screen.getByText('This practice replay has ended: orders are closed.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'End session' })).not.toBeInTheDocument();
  });

  it('says so when the session is not the learner’s or does not exist', async () => {
    mockApi({
      'GET /practice/sessions/s-1': {
        status: 404,
        body: { success: false, message: 'We could not find that practice replay.', code: 'NOT_FOUND' },
      },
    });
    renderPage(PracticeSessionPage, {
      path: '/practice/s-1',
      route: '/practice/:sessionId',
      session: makeSession(),
    });
    expect(await screen.findByText('We could not find that practice replay.')).toBeInTheDocument();
  });
});
