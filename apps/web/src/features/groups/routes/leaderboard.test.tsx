import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { chartStub } from '@/testing/fake-lightweight-charts';
import { mockApi, validationFailed } from '@/testing/mock-api';
import { FRAME_WARM_UP_MS, renderApp, warmUpFrame } from '@/testing/render-app';
import { makeSession } from '@/testing/test-data';
import {
  type ContractInstrument,
  makeInstrument,
  makeStanding,
  makeStandingsPage,
  makeTradingAccount,
  orderResult,
} from '@/testing/trading-data';
import type { Group } from '../api/get-groups';
import type { StandingRow } from '../api/get-leaderboard';
import type { TradingAccount } from '../api/get-trading-account';
import { GROUP } from './leaderboard-test-group';

// jsdom has no canvas: the chart is a stub that records what it was given.
vi.mock('lightweight-charts', () => import('@/testing/fake-lightweight-charts'));

/** A forex pair quoted in dollars, traded in contracts of 1,000 euros in steps of 0.1. */
const EURUSD = makeInstrument();

/** An Indian share: its market (NSE) opens 09:15–15:30 India time on weekdays. */
const RELIANCE = makeInstrument({
  symbol: 'RELIANCE',
  name: 'Reliance Industries',
  assetClass: 'stock_in',
  tickSize: 0.05,
  lotStep: 1,
  minQuantity: 1,
  contractSize: 1,
  currency: 'INR',
  session: 'nse',
});

/** Tuesday 1 Dec 2026, 19:10 in India: the NSE closed at 15:30 and opens at 09:15 tomorrow. */
const NSE_CLOSED_AT = new Date('2026-12-01T13:40:00.000Z');

/** A competition trading RELIANCE that runs around NSE_CLOSED_AT. */
const NSE_GROUP: Partial<Group> = {
  instruments: ['RELIANCE'],
  startDate: '2026-11-30T00:00:00.000Z',
  endDate: '2026-12-05T00:00:00.000Z',
};

const row = (overrides: Partial<StandingRow>): StandingRow => makeStanding(overrides);

const account = makeTradingAccount;

/** Answers GET /group/{id}/stream with an event stream the test writes to. */
function streamInto(api: ReturnType<typeof mockApi>) {
  const answerOthers = api.fetchMock.getMockImplementation()!;
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  api.fetchMock.mockImplementation(async (input, init) => {
    if (!String(input).endsWith('/stream')) return answerOthers(input, init);
    const body = new ReadableStream<Uint8Array>({
      start(streamController) {
        controller = streamController;
      },
    });
    return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
  });
  return {
    send: async (event: string, data: unknown) => {
      await waitFor(() => expect(controller).not.toBeNull());
      controller!.enqueue(new TextEncoder().encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
    },
  };
}

function openLeaderboard({
  status,
  rows,
  group = {},
  currency = 'INR',
  summary = account(),
  leaderboardReply,
  standingsExtra,
  orderReply = orderResult(),
  instruments = [EURUSD],
}: {
  status: 'approved' | 'pending' | null;
  rows: (userId: string) => StandingRow[];
  group?: Partial<Group>;
  currency?: string;
  summary?: TradingAccount;
  leaderboardReply?: { status: number; body: unknown };
  /** More of the standings answer (total, me), given the member's id. */
  standingsExtra?: (userId: string) => object;
  orderReply?: { status: number; body: unknown };
  instruments?: ContractInstrument[];
}) {
  const session = makeSession({ firstName: 'Ada', lastName: 'Lovelace' });
  const userId = session.user._id;
  const api = mockApi({
    'GET /notification/all': { body: { success: true, data: [], meta: { nextCursor: null } } },
    'GET /group/g-forex': { body: { success: true, data: { ...GROUP, ...group, currency } } },
    [`GET /group/getParticipants/participants/${userId}`]: {
      body: {
        success: true,
        data: status ? [{ _id: 'p1', groupId: { _id: GROUP._id, name: GROUP.name }, status }] : [],
      },
    },
    'GET /group/g-forex/leaderboard': leaderboardReply ?? {
      body: {
        success: true,
        data: { ...makeStandingsPage(rows(userId), { currency, userId }), ...standingsExtra?.(userId) },
      },
    },
    'GET /group/g-forex/account': { body: { success: true, data: summary } },
    'GET /instruments': { body: { success: true, data: instruments } },
    'POST /group/g-forex/orders': orderReply,
    'GET /market/candles/EURUSD': {
      body: {
        success: true,
        data: [{ time: 1_790_000_000, open: 1.08, high: 1.09, low: 1.07, close: 1.085 }],
      },
    },
    'GET /market/candles/RELIANCE': {
      body: {
        success: true,
        data: [{ time: 1_790_000_000, open: 2450, high: 2460, low: 2440, close: 2455 }],
      },
    },
  });
  const stream = streamInto(api);
  const view = renderApp('/group/g-forex/leaderboard', { auth: session });
  return { ...view, api, stream, userId };
}

/** The standings table (a member's desk has tables of its own). */
const table = async () => (await screen.findByRole('columnheader', { name: 'Freezes' })).closest('table')!;

/** One figure of the desk's account stats, by its label. */
const stat = async (label: string) =>
  within(await screen.findByLabelText('My account')).getByText(label).nextElementSibling as HTMLElement;

/** The form item (label, field, hint and error) of one field of the order ticket. */
const ticketField = (label: string | RegExp) =>
  screen.getByLabelText(label).closest('.cw-plain-field') as HTMLElement;

describe('the leaderboard page (/group/{groupId}/leaderboard)', { timeout: 30_000 }, () => {
  // The page's chunk and the desk's (loaded lazily: antd's tabs and form) are transformed once up front too.
  beforeAll(
    () =>
      Promise.all([warmUpFrame(), import('./leaderboard'), import('../components/trading/trading-panel')]),
    FRAME_WARM_UP_MS,
  );
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows a member the standings with their row marked, then keeps them live from the stream', async () => {
    const { stream, userId } = openLeaderboard({
      status: 'approved',
      rows: (me) => [
        row({ rank: 1, userId: 'u-2', name: 'Ravi Rao', pnlPercent: 1.5, equity: 101_500, trades: 3 }),
        row({ rank: 2, userId: me, name: 'Ada Lovelace' }),
      ],
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'November Forex Sprint · Leaderboard' }),
    ).toBeInTheDocument();
    const standings = await table();
    const headers = within(standings)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    for (const name of ['Rank', 'Name', 'PnL %', 'Balance', 'Equity', 'Trades', 'Freezes']) {
      expect(headers).toContain(name);
    }
    const ravi = (await screen.findByText('Ravi Rao')).closest('tr')!;
    expect(within(ravi).getByText('+1.50%')).toBeInTheDocument();
    // Balance and Equity in the competition's currency, rupees in the Indian grouping.
    expect(within(ravi).getByText('₹1,01,500.00')).toBeInTheDocument();
    expect(within(ravi).getByText('₹1,00,000.00')).toBeInTheDocument();
    const mine = screen.getByText('Ada Lovelace').closest('tr')!;
    expect(within(mine).getByText('You')).toBeInTheDocument();

    await stream.send('standings', {
      total: 2,
      top: [
        row({ rank: 1, userId, name: 'Ada Lovelace', pnlPercent: 2, trades: 1 }),
        row({ rank: 2, userId: 'u-2', name: 'Ravi Rao', pnlPercent: 1.5, trades: 3 }),
      ],
      me: row({ rank: 1, userId, name: 'Ada Lovelace', pnlPercent: 2, trades: 1 }),
    });
    await waitFor(() => {
      const first = within(standings).getAllByRole('row')[1];
      expect(within(first).getByText('Ada Lovelace')).toBeInTheDocument();
      expect(within(first).getByText('+2.00%')).toBeInTheDocument();
      // The stream sends rows only; the figures stay in rupees.
      expect(within(first).getAllByText('₹1,00,000.00')).toHaveLength(2);
    });
    expect(await screen.findByText('Live')).toBeInTheDocument();
    // The member's desk is there: the ticket offers a buy of the competition's instrument.
    expect(await screen.findByRole('button', { name: 'Buy EURUSD' })).toBeEnabled();
  });

  it('pages a large competition from the server and keeps the member’s own rank live above it', async () => {
    const others = (from: number) =>
      Array.from({ length: 50 }, (_, i) =>
        row({ rank: from + i, userId: `u-${from + i}`, name: `Trader ${from + i}` }),
      );
    const { api, stream, user, userId } = openLeaderboard({
      status: 'approved',
      rows: () => others(1),
      // 50 rows of 120, and the member's own row (rank 87) in `me`.
      standingsExtra: (me) => ({
        total: 120,
        me: row({ rank: 87, userId: me, name: 'Ada Lovelace', pnlPercent: -1.25, equity: 98_750 }),
      }),
    });
    const status = await screen.findByText(/You are ranked 87 of 120/);
    expect(status).toHaveTextContent('-1.25%');
    expect(screen.getByText('Ranks 1–50 of 120')).toBeInTheDocument();
    expect(api.callsTo('GET', '/group/g-forex/leaderboard')[0].url.search).toBe('?offset=0&limit=50');

    expect(await stat('Equity')).toHaveTextContent('₹1,00,000.00');

    // A frame with only the member's row: the line follows it, the table stays.
    await stream.send('standings', {
      total: 120,
      me: row({ rank: 60, userId, name: 'Ada Lovelace', pnlPercent: 0.5, equity: 100_500 }),
    });
    expect(await screen.findByText(/You are ranked 60 of 120/)).toBeInTheDocument();
    expect(screen.getByText('Trader 1')).toBeInTheDocument();
    // The desk says what the standings say at that moment, not what the account read said seconds ago.
    expect(await stat('Equity')).toHaveTextContent('₹1,00,500.00');
    expect(await stat('Peak equity')).toHaveTextContent('₹1,00,500.00');

    const pager = screen.getByRole('navigation', { name: 'Standings pages' });
    expect(within(pager).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');

    await user.click(screen.getByRole('button', { name: 'Show my rank' }));
    await waitFor(() =>
      expect(api.callsTo('GET', '/group/g-forex/leaderboard').map((call) => call.url.search)).toContain(
        '?offset=50&limit=50',
      ),
    );
    // Rank 87 is on the second page: the pager follows.
    expect(within(pager).getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(within(pager).getByRole('button', { name: 'Page 1' })).not.toHaveAttribute('aria-current');
  });

  it('writes out the candle under the crosshair (a finger on a touch screen), else the latest', async () => {
    openLeaderboard({ status: 'approved', rows: (me) => [row({ userId: me, name: 'Ada Lovelace' })] });
    const values = await screen.findByTestId('chart-values');
    await waitFor(() => expect(values).toHaveTextContent('LatestO 1.08000H 1.09000L 1.07000C 1.08500'));
    act(() =>
      chartStub.crosshair?.({
        time: 1_790_000_000,
        seriesData: new Map([[chartStub.series, { open: 1.081, high: 1.082, low: 1.0805, close: 1.0815 }]]),
      }),
    );
    expect(values).toHaveTextContent(/\d\d:\d\d UTCO 1.08100H 1.08200L 1.08050C 1.08150/);
    act(() => chartStub.crosshair?.({ seriesData: new Map() })); // the finger lifted
    expect(values).toHaveTextContent('LatestO 1.08000H 1.09000L 1.07000C 1.08500');
  });

  it('explains the refusal to someone who is not an approved member, and opens no stream', async () => {
    const { api } = openLeaderboard({
      status: 'pending',
      rows: () => [],
      leaderboardReply: {
        status: 403,
        body: {
          success: false,
          code: 'FORBIDDEN',
          message: 'Only approved members of this competition can do that. Ask to join on the Groups page.',
        },
      },
    });
    expect(
      await screen.findByText("This leaderboard is for the competition's approved members."),
    ).toBeInTheDocument();
    expect(screen.getByText(/Ask to join on the Groups page/)).toBeInTheDocument();
    expect(screen.getByText(/Its final standings are open to everyone once it ends/)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Order ticket' })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/group/g-forex/stream')).toHaveLength(0);
    expect(api.callsTo('GET', '/group/g-forex/account')).toHaveLength(0);
  });

  it('shows anyone the final standings of an ended competition, read-only: no desk and no stream', async () => {
    const { api } = openLeaderboard({
      status: null,
      group: {
        phase: 'ended',
        startDate: new Date(Date.now() - 40 * 86_400_000).toISOString(),
        endDate: new Date(Date.now() - 10 * 86_400_000).toISOString(),
      },
      rows: () => [
        row({ rank: 1, userId: 'u-2', name: 'Ravi Rao', pnlPercent: 12.5, equity: 112_500, trades: 9 }),
        row({
          rank: 2,
          userId: 'u-3',
          name: 'Mira Shah',
          pnlPercent: -3,
          equity: 97_000,
          trades: 4,
          freezes: 1,
        }),
      ],
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Final standings' })).toBeInTheDocument();
    expect(
      screen.getByText('This competition has ended; these are its final standings.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Final')).toBeInTheDocument();
    expect(screen.queryByText('Updates every 10 s')).not.toBeInTheDocument();
    const standings = await table();
    const ravi = within(standings).getByText('Ravi Rao').closest('tr')!;
    expect(within(ravi).getByText('+12.50%')).toBeInTheDocument();
    expect(within(standings).getByText('Mira Shah')).toBeInTheDocument();
    expect(screen.queryByText('You')).not.toBeInTheDocument();
    expect(
      screen.queryByText("This leaderboard is for the competition's approved members."),
    ).not.toBeInTheDocument();

    expect(screen.queryByRole('form', { name: 'Order ticket' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('My account')).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/group/g-forex/stream')).toHaveLength(0);
    expect(api.callsTo('GET', '/group/g-forex/account')).toHaveLength(0);
    expect(api.callsTo('GET', '/group/g-forex/leaderboard')).toHaveLength(1);
  });

  it('shows a frozen member the banner with a countdown and closes the ticket', async () => {
    const until = new Date(Date.now() + 2 * 3_600_000 - 30_000).toISOString();
    openLeaderboard({
      status: 'approved',
      rows: (me) => [row({ userId: me, name: 'Ada Lovelace', freezes: 1, frozenUntil: until })],
      summary: account({ frozenUntil: until, freezes: 1, drawdownPercent: 5 }),
    });
    expect(await screen.findByText('Trading is frozen')).toBeInTheDocument();
    expect(screen.getByText(/drawdown reached this competition's 5% limit/)).toBeInTheDocument();
    expect(screen.getByText(/^1:59:[0-3]\d$/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Buy EURUSD' })).toBeDisabled();
    expect(screen.getByText('Frozen')).toBeInTheDocument();
  });

  it('says which rule froze a member: “Frozen · daily loss” in the standings and the daily limit on the desk', async () => {
    const until = new Date(Date.now() + 3_600_000).toISOString();
    openLeaderboard({
      status: 'approved',
      group: { drawdownBasis: 'start', dailyLossLimit: 2, dailyResetHour: 9, timeZone: 'Asia/Kolkata' },
      rows: (me) => [
        row({
          rank: 1,
          userId: 'u-2',
          name: 'Ravi Rao',
          freezes: 1,
          frozenUntil: until,
          frozenReason: 'drawdown',
        }),
        row({
          rank: 2,
          userId: me,
          name: 'Ada Lovelace',
          freezes: 1,
          frozenUntil: until,
          frozenReason: 'daily_loss',
        }),
      ],
      summary: account({ frozenUntil: until, freezes: 1, equity: 97_900, balance: 97_900 }),
    });
    const mine = (await screen.findByText('Ada Lovelace')).closest('tr')!;
    expect(within(mine).getByText('Frozen · daily loss')).toBeInTheDocument();
    const ravi = screen.getByText('Ravi Rao').closest('tr')!;
    expect(within(ravi).getByText('Frozen · drawdown')).toBeInTheDocument();

    expect(await screen.findByText('Trading is frozen')).toBeInTheDocument();
    expect(
      screen.getByText(/Your loss today reached this competition's daily limit of 2%/),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Your drawdown reached/)).not.toBeInTheDocument();

    // Under the figures, the rules that apply; the drawdown figure is measured from the start.
    const rules = screen.getByRole('region', { name: 'Rules that apply' });
    expect(
      within(rules).getByText('Freeze at 5% drawdown from your starting balance (a fixed maximum loss).'),
    ).toBeInTheDocument();
    expect(
      within(rules).getByText('Daily loss limit 2%, the day starts at 09:00 Asia/Kolkata.'),
    ).toBeInTheDocument();
    expect(await stat('Drawdown (limit 5%)')).toHaveTextContent('2.10%');
  });

  it('says when an instrument’s prices have stopped and holds market orders, not limit orders', async () => {
    const { stream, user } = openLeaderboard({
      status: 'approved',
      rows: (me) => [row({ userId: me, name: 'Ada Lovelace' })],
    });
    const buy = await screen.findByRole('button', { name: 'Buy EURUSD' });
    await stream.send('quotes', [
      { symbol: 'EURUSD', bid: 1.08, ask: 1.08012, mid: 1.08006, time: Date.now() },
    ]);
    await waitFor(() => expect(screen.getByText('1.08012')).toBeInTheDocument());
    expect(screen.queryByText('Prices for EURUSD have stopped arriving')).not.toBeInTheDocument();
    expect(buy).toBeEnabled();

    await stream.send('quotes', [
      { symbol: 'EURUSD', bid: 1.08, ask: 1.08012, mid: 1.08006, time: Date.now() - 10_000, stale: true },
    ]);
    expect(await screen.findByText('Prices for EURUSD have stopped arriving')).toBeInTheDocument();
    expect(buy).toBeDisabled();
    await user.click(screen.getByText('Limit'));
    expect(buy).toBeEnabled();
  });

  it('shows the server’s sentence when the market is closed', async () => {
    const closed =
      'The NSE market is closed; it opens at 2026-11-30T03:45:00.000Z. Limit and stop orders can wait for it.';
    const { user, api } = openLeaderboard({
      status: 'approved',
      rows: (me) => [row({ userId: me, name: 'Ada Lovelace' })],
      orderReply: { status: 409, body: { success: false, code: 'CONFLICT', message: closed } },
    });
    await user.click(await screen.findByRole('button', { name: 'Buy EURUSD' }));
    expect(await screen.findByText(closed)).toBeInTheDocument();
    expect(api.callsTo('POST', '/group/g-forex/orders')).toHaveLength(1);
  });

  it('shows the desk’s money in the account currency and prices in the quote currency', async () => {
    const { user } = openLeaderboard({
      status: 'approved',
      rows: (me) => [row({ userId: me, name: 'Ada Lovelace', equity: 101_500 })],
      summary: account(
        {
          balance: 100_600,
          equity: 101_500,
          peakEquity: 102_000,
          pnlPercent: 1.5,
          drawdownPercent: 0.49,
          exposure: 250_000,
          buyingPower: 765_000,
          trades: 2,
        },
        {
          positions: [
            {
              symbol: 'EURUSD',
              quantity: 2.5,
              averagePrice: 1.08,
              markPrice: 1.0843,
              stopLoss: null,
              takeProfit: null,
              quoteCurrency: 'USD',
              unrealizedPnl: 905.5,
            },
          ],
          fills: [
            {
              _id: 'f-1',
              symbol: 'EURUSD',
              side: 'sell',
              quantity: 1,
              price: 1.0791,
              realizedPnl: -120.25,
              fxRate: 83.2,
              reason: 'order',
              createdAt: new Date().toISOString(),
            },
          ],
        },
      ),
    });
    expect(await stat('Equity')).toHaveTextContent('₹1,01,500.00');
    expect(await stat('Balance')).toHaveTextContent('₹1,00,600.00');
    expect(await stat('P&L')).toHaveTextContent('+₹1,500.00+1.50%');
    expect(await stat('Peak equity')).toHaveTextContent('₹1,02,000.00');
    expect(await stat('Buying power')).toHaveTextContent('₹7,65,000.00');
    expect(await stat('Exposure')).toHaveTextContent('₹2,50,000.00of 10× equity');

    // The position's prices stay in dollars; its P&L is converted into rupees.
    const position = (await screen.findByRole('button', { name: 'Close EURUSD position' })).closest('tr')!;
    expect(within(position).getByText('1.08000 USD')).toBeInTheDocument();
    expect(within(position).getByText('1.08430 USD')).toBeInTheDocument();
    expect(within(position).getByText('+₹905.50')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'History' }));
    const fill = (await screen.findByText('1.07910 USD')).closest('tr')!;
    expect(within(fill).getByText('-₹120.25')).toBeInTheDocument();
  });

  it('shows a dollar competition’s standings in dollars', async () => {
    openLeaderboard({
      status: 'approved',
      currency: 'USD',
      rows: (me) => [row({ userId: me, name: 'Ada Lovelace', balance: 10_250.5, equity: 1_234_567.8 })],
      summary: account({ currency: 'USD', equity: 1_234_567.8 }),
    });
    const mine = (await screen.findByText('Ada Lovelace')).closest('tr')!;
    expect(within(mine).getByText('$10,250.50')).toBeInTheDocument();
    expect(within(mine).getByText('$1,234,567.80')).toBeInTheDocument();
    expect(await stat('Equity')).toHaveTextContent('$1,234,567.80');
  });

  it('keeps the ticket to the instrument’s lot step and tick size, and shows the server’s refusal under the field', async () => {
    const refusal =
      'This order needs more buying power: your positions and pending orders may not pass 10× your equity. Reduce the quantity.';
    const { user, api } = openLeaderboard({
      status: 'approved',
      rows: (me) => [row({ userId: me, name: 'Ada Lovelace' })],
      orderReply: validationFailed({ quantity: refusal }, refusal),
    });
    const buy = await screen.findByRole('button', { name: 'Buy EURUSD' });
    const quantity = ticketField('Quantity');
    expect(within(quantity).getByText('1 lot = 1,000 EUR · steps of 0.1 · min 0.1')).toBeInTheDocument();
    expect(screen.getByLabelText('Quantity')).toHaveAttribute('step', '0.1');
    expect(screen.getByLabelText('Quantity')).toHaveAttribute('aria-valuemin', '0.1');

    const enter = async (field: HTMLElement, text: string) => {
      await user.clear(field);
      await user.paste(text);
    };
    await enter(screen.getByLabelText('Quantity'), '0.15');
    await user.click(buy);
    expect(await within(quantity).findByText('EURUSD quantities go in steps of 0.1.')).toBeInTheDocument();

    await user.click(screen.getByText('Limit'));
    const limit = await screen.findByLabelText('Limit price (USD)');
    expect(limit).toHaveAttribute('step', '0.00001');
    await enter(limit, '1.080005');
    await user.click(buy);
    expect(
      await within(ticketField('Limit price (USD)')).findByText(
        "Price must be a multiple of EURUSD's tick size, 0.00001.",
      ),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', '/group/g-forex/orders')).toHaveLength(0);

    await enter(screen.getByLabelText('Quantity'), '50');
    await enter(limit, '1.08');
    await user.click(buy);
    expect(await within(ticketField('Quantity')).findByText(refusal)).toBeInTheDocument();
    expect(api.callsTo('POST', '/group/g-forex/orders').map((call) => call.body)).toEqual([
      { symbol: 'EURUSD', side: 'buy', type: 'limit', quantity: 50, price: 1.08 },
    ]);
  });

  it('counts down to the open while an instrument’s market is closed, and still takes a limit order', async () => {
    // Only the clock is fixed: the countdown reads Date.now(), the page's timers run as usual.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NSE_CLOSED_AT);
    const { user, api } = openLeaderboard({
      status: 'approved',
      rows: (me) => [row({ userId: me, name: 'Ada Lovelace' })],
      group: NSE_GROUP,
      instruments: [RELIANCE],
    });
    const buy = await screen.findByRole('button', { name: 'Buy RELIANCE' });
    expect(await screen.findByText('Market closed, opens in 14 h 05 m')).toBeInTheDocument();
    expect(screen.getByText('Limit and stop orders wait for the open.')).toBeInTheDocument();
    expect(buy).toBeDisabled();
    // The live market's candles: no competition named.
    await waitFor(() => expect(api.callsTo('GET', '/market/candles/RELIANCE')).toHaveLength(1));
    expect(api.callsTo('GET', '/market/candles/RELIANCE')[0].url.searchParams.has('groupId')).toBe(false);

    await user.click(screen.getByText('Limit'));
    expect(buy).toBeEnabled();
    await user.type(await screen.findByLabelText('Limit price (INR)'), '2450');
    await user.click(buy);
    await waitFor(() =>
      expect(api.callsTo('POST', '/group/g-forex/orders').map((call) => call.body)).toEqual([
        { symbol: 'RELIANCE', side: 'buy', type: 'limit', quantity: 1, price: 2450 },
      ]),
    );
  });

  it('marks a replay competition in the header, charts its replayed minutes and keeps its market open', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NSE_CLOSED_AT);
    const { api } = openLeaderboard({
      status: 'approved',
      rows: (me) => [row({ userId: me, name: 'Ada Lovelace' })],
      group: { ...NSE_GROUP, marketMode: 'replay', replayFrom: '2023-03-10T04:00:00.000Z', replaySpeed: 60 },
      instruments: [RELIANCE],
    });
    expect(await screen.findByText('Replay · 60×')).toHaveAttribute(
      'title',
      'Replays 10 Mar 2023 from 04:00 UTC at 60×',
    );
    await waitFor(() => expect(api.callsTo('GET', '/market/candles/RELIANCE')).toHaveLength(1));
    expect(api.callsTo('GET', '/market/candles/RELIANCE')[0].url.searchParams.get('groupId')).toBe('g-forex');
    // The replayed day's market is open while its bars last, whatever the NSE's hours now.
    expect(await screen.findByRole('button', { name: 'Buy RELIANCE' })).toBeEnabled();
    expect(screen.queryByText(/Market closed/)).not.toBeInTheDocument();
  });
});
