import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { chartStub } from '@/testing/fake-lightweight-charts';
import { mockApi } from '@/testing/mock-api';
import { makeChallenge, makeTradingAccount } from '@/testing/trading-data';
import type { ChallengeEvidence } from '../../api/get-challenge-evidence';
import type { TradingAccount } from '../../api/get-trading-account';
import { makeGroup } from '../../testing/make-group';
import { TradingPanel } from './trading-panel';
import { EURUSD, QUOTE, renderWithProviders } from './trading-test-fixtures';

// jsdom has no canvas: the charts are stubs that record what they were given.
vi.mock('lightweight-charts', () => import('@/testing/fake-lightweight-charts'));

/** A local wall-clock instant, as the desk writes it back ('Nov 19, 2026, 9:41 AM'). */
const localIso = (...parts: [number, number, number, number, number]) => new Date(...parts).toISOString();

const GROUP = makeGroup({ participantsCount: 1, instruments: ['EURUSD'], ruleSet: 'two-step-10-5@1' });

type Objective = TradingAccount['objectives'][number];

const PROFIT: Objective = {
  key: 'profit_target',
  label: 'Profit target 10%',
  kind: 'target',
  target: 10_000,
  limit: null,
  value: 10_250,
  unit: 'amount',
  status: 'met',
  detail: 'Equity 10% of the initial balance above it; open positions close when the phase passes.',
};
const DAYS: Objective = {
  key: 'min_trading_days',
  label: 'Minimum 4 trading days',
  kind: 'target',
  target: 4,
  limit: null,
  value: 2,
  unit: 'days',
  status: 'pending',
  detail: 'A day counts when a trade is opened on it, in the rule set’s day and time zone.',
};
const DAILY: Objective = {
  key: 'daily_loss',
  label: 'Maximum daily loss 5%',
  kind: 'limit',
  target: null,
  limit: 5_000,
  value: 1_200,
  unit: 'amount',
  status: 'passing',
  detail: 'Equity may not fall below 1,05,050 today; a breach fails the phase.',
};
const MAX: Objective = {
  key: 'max_loss',
  label: 'Maximum loss 10%',
  kind: 'limit',
  target: null,
  limit: 90_000,
  value: 110_250,
  unit: 'amount',
  status: 'passing',
  detail: 'Equity may not fall below 90000.',
};

const TWO_STEP = {
  ruleSet: 'two-step-10-5@1',
  ruleSetName: 'Two-step 10/5',
  phase: { index: 1, name: 'Challenge', count: 2, startedAt: localIso(2026, 10, 16, 9, 0) },
};

const PASSED_PHASE_1 = {
  _id: 'ev-1',
  kind: 'passed' as const,
  phase: 1,
  rule: 'objectives',
  at: localIso(2026, 10, 18, 15, 20),
  equity: 110_400,
  balance: 110_400,
  threshold: 110_000,
};
const FAILED_PHASE_2 = {
  _id: 'ev-2',
  kind: 'failed' as const,
  phase: 2,
  rule: 'daily_loss',
  at: localIso(2026, 10, 19, 9, 41),
  equity: 94_000,
  balance: 100_000,
  threshold: 95_000,
};

const EVIDENCE: ChallengeEvidence = {
  event: FAILED_PHASE_2,
  ruleSet: {
    id: 'two-step-10-5',
    version: 1,
    ref: 'two-step-10-5@1',
    name: 'Two-step 10/5',
    kind: 'challenge',
    firm: 'FTMO',
    source: 'FTMO, "Trading Objectives" (ftmo.com/en/trading-objectives).',
    sourceDate: '2024-10-01',
    note: 'Phase 1 asks 10 % profit, phase 2 5 %.',
    day: { resetHour: 0, timeZone: 'Europe/Prague' },
    phases: [1, 2].map((index) => ({
      index,
      name: index === 1 ? 'Challenge' : 'Verification',
      objectives: {
        profitTargetPercent: index === 1 ? 10 : 5,
        minTradingDays: 4,
        consistencyPercent: null,
        timeLimitDays: null,
      },
      limits: {
        dailyLoss: { percent: 5, onBreach: 'fail' as const },
        maxLoss: { percent: 10, mode: 'static' as const, onBreach: 'fail' as const },
      },
      rules: [],
    })),
  },
  rules: [
    'Profit target: 5 % of the initial balance, on equity; open positions close when the phase passes.',
    "Daily loss: equity may not fall 5 % of the initial balance below the day's starting balance (days start at 00:00 Europe/Prague); a breach fails the phase.",
  ],
  currency: 'INR',
  fills: [
    {
      _id: 'f-1',
      symbol: 'EURUSD',
      side: 'buy',
      quantity: 5,
      price: 1.0812,
      realizedPnl: 0,
      reason: 'order',
      createdAt: localIso(2026, 10, 19, 9, 30),
    },
    {
      _id: 'f-2',
      symbol: 'EURUSD',
      side: 'sell',
      quantity: 5,
      price: 1.0668,
      realizedPnl: -6_048,
      reason: 'breach',
      createdAt: localIso(2026, 10, 19, 9, 41),
    },
  ],
  equityCurve: [
    [Date.parse(localIso(2026, 10, 19, 9, 30)), 100_000],
    [Date.parse(localIso(2026, 10, 19, 9, 35)), 97_500],
    [Date.parse(localIso(2026, 10, 19, 9, 41)), 94_000],
  ],
};

function renderDesk(data: TradingAccount, handlers: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    'GET /group/g-1/account': { body: { success: true, data } },
    'GET /instruments': { body: { success: true, data: [EURUSD] } },
    'GET /market/candles/EURUSD': { body: { success: true, data: [] } },
    ...handlers,
  });
  const view = renderWithProviders(<TradingPanel group={GROUP} quotes={new Map([['EURUSD', QUOTE]])} />);
  return { ...view, api };
}

describe('the objectives panel on the desk (issue #44)', { timeout: 60_000 }, () => {
  it('shows a running challenge: rule set and phase, each objective with its target, value, bar and status', async () => {
    renderDesk(
      makeTradingAccount(
        { equity: 110_250, balance: 110_250 },
        { objectives: [PROFIT, DAYS, DAILY, MAX], challenge: makeChallenge(TWO_STEP) },
      ),
    );
    const panel = await screen.findByRole('region', { name: 'Objectives' });
    expect(within(panel).getByText('Two-step 10/5 · Phase 1 of 2: Challenge')).toBeInTheDocument();
    expect(within(panel).getByText('In progress')).toHaveClass('cw-plain-tag--orange');

    const row = (name: string) => within(panel).getByRole('listitem', { name });
    const profit = row('Profit target 10%');
    expect(profit).toHaveTextContent('Target ₹10,000.00');
    expect(profit).toHaveTextContent('Profit +₹10,250.00');
    expect(within(profit).getByText('Met')).toHaveClass('cw-plain-tag--green');
    expect(within(profit).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    // The detail says how it is measured, and is the row's description.
    expect(profit).toHaveAccessibleDescription(PROFIT.detail);

    const days = row('Minimum 4 trading days');
    expect(days).toHaveTextContent('Target 4 days');
    expect(days).toHaveTextContent('Now 2 days');
    expect(within(days).getByText('Pending')).toBeInTheDocument();
    expect(within(days).getByRole('progressbar')).toHaveAttribute('aria-valuetext', '50% reached');

    const daily = row('Maximum daily loss 5%');
    expect(daily).toHaveTextContent('Limit ₹5,000.00 today');
    expect(daily).toHaveTextContent('Lost ₹1,200.00');
    expect(within(daily).getByText('Passing')).toBeInTheDocument();
    expect(within(daily).getByRole('progressbar')).toHaveAttribute('aria-valuetext', '24% used');
    expect(row('Maximum loss 10%')).toHaveTextContent('Equity above ₹90,000.00');

    // A challenge's limits are its own: the group's freeze rule is not offered as the desk's rules,
    // nor its freezes counted.
    expect(within(screen.getByLabelText('My account')).queryByText('Freezes')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Rules that apply' })).not.toBeInTheDocument();
    expect(screen.queryByRole('status', { name: /failed/ })).not.toBeInTheDocument();
  });

  it('says a failed challenge with its rule, moment and equity; the evidence shows the rule text, the curve and the fills', async () => {
    const { user, api } = renderDesk(
      makeTradingAccount(
        { equity: 94_000, balance: 94_000 },
        {
          objectives: [
            { ...PROFIT, label: 'Profit target 5%', target: 5_000, value: -6_000, status: 'failed' },
            { ...DAYS, value: 1, status: 'failed' },
            { ...DAILY, value: 6_000, status: 'failed' },
          ],
          challenge: makeChallenge({
            ...TWO_STEP,
            status: 'failed',
            phase: { index: 2, name: 'Verification', count: 2, startedAt: PASSED_PHASE_1.at },
            failure: {
              eventId: 'ev-2',
              rule: 'daily_loss',
              label: 'Maximum daily loss',
              at: FAILED_PHASE_2.at,
              equity: 94_000,
              threshold: 95_000,
              fills: ['f-1', 'f-2'],
            },
            events: [PASSED_PHASE_1, FAILED_PHASE_2],
          }),
        },
      ),
      { 'GET /group/g-1/challenge/events/ev-2': { body: { success: true, data: EVIDENCE } } },
    );
    const banner = await screen.findByText(/^Challenge failed:/);
    expect(banner.closest('p')).toHaveTextContent(
      'Challenge failed: Maximum daily loss at Nov 19, 2026, 9:41 AM, equity ₹94,000.00.',
    );
    const panel = screen.getByRole('region', { name: 'Objectives' });
    expect(within(panel).getByText('Two-step 10/5 · Phase 2 of 2: Verification')).toBeInTheDocument();
    expect(within(panel).getByText('Failed', { selector: '.cw-trading__card-head *' })).toBeInTheDocument();
    expect(
      within(within(panel).getByRole('listitem', { name: 'Maximum daily loss 5%' })).getByText('Failed'),
    ).toHaveClass('cw-plain-tag--red');
    // The decisions so far, each with its evidence.
    const decisions = within(panel).getByRole('region', { name: 'Decisions' });
    expect(within(decisions).getByText('Phase 1 passed')).toBeInTheDocument();
    expect(within(decisions).getByText('Phase 2 failed: Maximum daily loss')).toBeInTheDocument();
    expect(
      within(decisions).getByRole('button', { name: 'See the evidence: Phase 1 passed' }),
    ).toBeInTheDocument();
    // A failed challenge trades no more.
    expect(screen.getByText('This challenge has failed, so trading has stopped.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'See the evidence' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Evidence: Phase 2 failed: Maximum daily loss',
    });
    expect(
      await within(dialog).findByText(
        'Failed on Nov 19, 2026, 9:41 AM: equity ₹94,000.00 fell below ₹95,000.00 (maximum daily loss).',
      ),
    ).toBeInTheDocument();
    // The rule text of the version the group runs, with where its figures come from.
    expect(
      within(dialog).getByText('Two-step 10/5, version 1 (two-step-10-5@1) · Phase 2: Verification'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(EVIDENCE.rules[1])).toBeInTheDocument();
    expect(within(dialog).getByText(/Source: FTMO, "Trading Objectives"/)).toHaveTextContent('(2024-10-01)');
    // The equity curve, with the floor it crossed as a price line.
    expect(
      within(dialog).getByRole('img', { name: /Equity before the decision, 3 samples/ }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(
        (chartStub.series as { createPriceLine: ReturnType<typeof vi.fn> }).createPriceLine,
      ).toHaveBeenCalledWith(expect.objectContaining({ price: 95_000, title: 'Floor' })),
    );
    // The fills that crossed it.
    const fills = within(dialog).getByRole('table', { name: 'Fills of this decision' });
    const rows = within(fills).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toHaveTextContent('EURUSD');
    expect(rows[1]).toHaveTextContent('Sell');
    expect(rows[1]).toHaveTextContent('-₹6,048.00');
    expect(rows[1]).toHaveTextContent('Loss limit breached');
    expect(api.callsTo('GET', '/group/g-1/challenge/events/ev-2')).toHaveLength(1);

    // The footer's Close (the corner's × has the same name).
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says when the evidence cannot be read, and reads it again on request', async () => {
    let answers = 0;
    const { user } = renderDesk(
      makeTradingAccount(
        {},
        { objectives: [PROFIT], challenge: makeChallenge({ ...TWO_STEP, events: [PASSED_PHASE_1] }) },
      ),
      {
        'GET /group/g-1/challenge/events/ev-1': () =>
          ++answers === 1
            ? { status: 404, body: { success: false, code: 'NOT_FOUND', message: 'No such decision.' } }
            : { body: { success: true, data: { ...EVIDENCE, event: PASSED_PHASE_1, fills: [] } } },
      },
    );
    await user.click(await screen.findByRole('button', { name: 'See the evidence: Phase 1 passed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Evidence' });
    expect(await within(dialog).findByText('The evidence could not be loaded.')).toBeInTheDocument();
    expect(within(dialog).getByText('No such decision.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(
      await within(dialog).findByText(
        'Passed on Nov 18, 2026, 3:20 PM: equity ₹1,10,400.00 reached the target ₹1,10,000.00 (objectives met).',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('No fills are part of this decision.')).toBeInTheDocument();
  });

  it('says a paused day: the daily loss limit reached and when trading resumes', async () => {
    const until = new Date(Date.now() + 3 * 3_600_000);
    until.setSeconds(0, 0);
    renderDesk(
      makeTradingAccount(
        { frozenUntil: until.toISOString() },
        {
          objectives: [{ ...DAILY, status: 'failed' }],
          challenge: makeChallenge({
            ...TWO_STEP,
            ruleSet: 'consistency-6-4@1',
            ruleSetName: 'One-step consistency 6/4',
            phase: { index: 1, name: 'Combine', count: 1, startedAt: null },
            pausedUntil: until.toISOString(),
          }),
        },
      ),
    );
    await screen.findByRole('region', { name: 'Objectives' });
    const banner = document.querySelector('.cw-challenge-banner');
    expect(banner).toHaveTextContent(
      /^Daily loss limit reached: trading resumes at .*\d{1,2}:\d{2} [AP]M\.$/,
    );
    // The ticket says the same, and is closed until then.
    expect(screen.getAllByText(/^Daily loss limit reached: trading resumes at /)).toHaveLength(2);
    // Not the freeze rule's banner: a challenge's pause is its daily loss limit.
    expect(screen.queryByText('Trading is frozen')).not.toBeInTheDocument();
    expect(
      screen.getByRole('region', { name: 'Objectives' }).querySelector('.cw-objectives__phase'),
    ).toHaveTextContent('One-step consistency 6/4 · Combine');
  });

  it("shows a Practice group's freeze limits under Practice rules, with nothing to pass or fail", async () => {
    renderDesk(
      makeTradingAccount(
        {},
        {
          objectives: [
            {
              key: 'drawdown',
              label: 'Drawdown freeze 5%',
              kind: 'limit',
              target: null,
              limit: 5,
              value: 1.25,
              unit: 'percent',
              status: 'passing',
              detail: 'Reaching it closes positions and pauses trading for the freeze duration.',
            },
            {
              key: 'daily_loss',
              label: 'Daily loss freeze 2%',
              kind: 'limit',
              target: null,
              limit: 2,
              value: 0,
              unit: 'percent',
              status: 'passing',
              detail:
                "Measured from the day's starting equity; reaching it pauses trading until the next day.",
            },
          ],
          challenge: makeChallenge(),
        },
      ),
    );
    const panel = await screen.findByRole('region', { name: 'Practice rules' });
    expect(screen.queryByRole('region', { name: 'Objectives' })).not.toBeInTheDocument();
    expect(within(panel).queryByText('In progress')).not.toBeInTheDocument();
    const drawdown = within(panel).getByRole('listitem', { name: 'Drawdown freeze 5%' });
    expect(drawdown).toHaveTextContent('Limit 5%');
    expect(drawdown).toHaveTextContent('Now 1.25%');
    expect(within(drawdown).getByText('Within limit')).toBeInTheDocument();
    expect(within(drawdown).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');
    // The freeze rule in words stays, as before, and the freezes counted.
    expect(within(screen.getByLabelText('My account')).getByText('Freezes')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Rules that apply' })).toBeInTheDocument();
  });
});
