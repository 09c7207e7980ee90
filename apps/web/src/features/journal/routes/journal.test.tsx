import { computeStatistics, gateStatistics } from '@candlewise/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { setViewportWidth } from '@/testing/match-media';
import { type ApiCall, mockApi, validationFailed } from '@/testing/mock-api';
import { FRAME_WARM_UP_MS, renderApp, warmUpFrame } from '@/testing/render-app';
import { makeSession } from '@/testing/test-data';

// jsdom cannot lay out the chart's canvas: the curve's data is what matters here.
vi.mock('../components/equity-curve-chart', () => ({
  EquityCurveChart: ({ points }: { points: unknown[] }) => <p>Equity curve of {points.length} days</p>,
}));

const noNotifications = {
  'GET /notification/all': { body: { success: true, data: [], meta: { nextCursor: null } } },
};
const emptyTrades = {
  'GET /journal/trades': {
    body: {
      success: true,
      data: {
        trades: [],
        total: 0,
        page: 1,
        pageSize: 1,
        facets: { symbols: [], setupTags: [], mistakeTags: [], currencies: ['INR', 'USD'] },
      },
    },
  },
};

/** Statistics as the API answers them: one currency's figures, Pro sections locked unless `pro`. */
function statistics(currency: string, pnls: number[], pro: boolean) {
  const stats = computeStatistics(
    pnls.map((pnl, index) => ({
      id: String(index),
      symbol: 'INFY',
      entryMs: Date.parse('2026-11-02T04:00:00Z') + index * 3_600_000,
      exitMs: Date.parse('2026-11-02T05:00:00Z') + index * 3_600_000,
      pnl,
      risk: null,
      setupTags: [],
      mistakeTags: [],
    })),
    { timeZone: 'Asia/Kolkata' },
  );
  return {
    success: true,
    data: {
      currency,
      currencies: [
        { currency: 'INR', trades: 2 },
        { currency: 'USD', trades: 1 },
      ],
      timeZone: 'Asia/Kolkata',
      breakdownsLocked: !pro,
      ...gateStatistics(stats, pro),
    },
  };
}

describe('/journal', { timeout: 60_000 }, () => {
  beforeAll(async () => {
    await warmUpFrame();
    await import('./journal');
  }, FRAME_WARM_UP_MS);

  it('shows a free learner one currency at a time, with the breakdowns locked behind the Pricing link', async () => {
    const api = mockApi({
      ...noNotifications,
      ...emptyTrades,
      'GET /journal/stats': (call: ApiCall) =>
        call.url.searchParams.get('currency') === 'USD'
          ? { body: statistics('USD', [10], false) }
          : { body: statistics('INR', [100, 50], false) },
    });
    const { user } = renderApp('/journal?tab=statistics', { auth: makeSession() });
    // The tab's code (and antd) load on first use: slow on a busy machine.
    const figures = await screen.findByTestId('journal-figures', {}, { timeout: 30_000 });
    expect(within(figures).getByText('+₹150')).toBeInTheDocument();
    expect(screen.getByText('Amounts in INR; days and hours in Asia/Kolkata.')).toBeInTheDocument();
    const upgrade = screen.getAllByRole('link', { name: 'Upgrade to Pro' });
    expect(upgrade.length).toBeGreaterThan(0);
    for (const link of upgrade) expect(link).toHaveAttribute('href', '/pricing');
    expect(
      screen.getByText(
        'Breakdowns by tag, symbol, side, size, price, holding time, R, month, weekday and hour',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('P&L by symbol')).not.toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Currency' }));
    await user.click(await screen.findByText('USD · 1 trade'));
    expect(await within(screen.getByTestId('journal-figures')).findAllByText('+$10')).not.toHaveLength(0);
    expect(within(screen.getByTestId('journal-figures')).queryByText('+₹150')).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/journal/stats').at(-1)?.url.searchParams.get('currency')).toBe('USD');
  });

  it('shows a Pro learner the breakdowns, and hides the currency choice with one currency', async () => {
    const single = statistics('INR', [100, 50], true);
    single.data.currencies = [{ currency: 'INR', trades: 2 }];
    mockApi({ ...noNotifications, ...emptyTrades, 'GET /journal/stats': { body: single } });
    renderApp('/journal?tab=statistics', {
      auth: makeSession({ planStatus: 'active', planExpirationDate: Math.floor(Date.now() / 1000) + 86_400 }),
    });
    expect(await screen.findByText('P&L by symbol', {}, { timeout: 30_000 })).toBeInTheDocument();
    expect(screen.getByText('Equity curve of 1 days')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Upgrade to Pro' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Currency' })).not.toBeInTheDocument();
  });

  it('shows a Pro learner MAE/MFE and R by setup, hour and tag, each beside its sample size', async () => {
    const single = statistics('INR', [], true);
    const stats = computeStatistics(
      [
        // 09:30 Kolkata, Breakout: MAE 30, MFE 120, risk 50 → +2R.
        { pnl: 100, mae: 30, mfe: 120, risk: 50, at: '2026-11-02T04:00:00Z' },
        // 09:45 Kolkata, Breakout: no candles, risk 40 → −1.5R.
        { pnl: -60, mae: null, mfe: null, risk: 40, at: '2026-11-03T04:15:00Z' },
      ].map((trade, index) => ({
        id: String(index),
        symbol: 'INFY',
        entryMs: Date.parse(trade.at),
        exitMs: Date.parse(trade.at) + 3_600_000,
        pnl: trade.pnl,
        risk: trade.risk,
        mae: trade.mae,
        mfe: trade.mfe,
        setupTags: ['Breakout'],
        mistakeTags: [],
      })),
      { timeZone: 'Asia/Kolkata' },
    );
    single.data = {
      ...single.data,
      ...gateStatistics(stats, true),
      currencies: [{ currency: 'INR', trades: 2 }],
    };
    mockApi({ ...noNotifications, ...emptyTrades, 'GET /journal/stats': { body: single } });
    renderApp('/journal?tab=statistics', {
      auth: makeSession({ planStatus: 'active', planExpirationDate: Math.floor(Date.now() / 1000) + 86_400 }),
    });
    const card = (await screen.findByText('MAE/MFE and R by setup tag', {}, { timeout: 30_000 })).closest(
      '.ant-card',
    ) as HTMLElement;
    // MAE and MFE over the one trade with candles; R (2 − 1.5) / 2 = 0.25 over both.
    const [, breakout] = within(card).getAllByRole('row');
    expect(breakout).toHaveTextContent(/Breakout\s*2\s*30 \(n = 1\)\s*120 \(n = 1\)\s*0\.25R \(n = 2\)/);
    const hours = (await screen.findByText('MAE/MFE and R by hour opened')).closest(
      '.ant-card',
    ) as HTMLElement;
    expect(within(hours).getAllByRole('row')[1]).toHaveTextContent('09:00');
  });

  it('colours the P&L distribution by the sign of each bucket: losing buckets red, winning green', async () => {
    const spread = statistics('INR', [-300, -120, 80, 250, 400], true);
    spread.data.currencies = [{ currency: 'INR', trades: 5 }];
    mockApi({ ...noNotifications, ...emptyTrades, 'GET /journal/stats': { body: spread } });
    renderApp('/journal?tab=statistics', {
      auth: makeSession({ planStatus: 'active', planExpirationDate: Math.floor(Date.now() / 1000) + 86_400 }),
    });
    await screen.findByText('P&L by symbol');
    const chart = screen.getByText('P&L distribution (trades per bucket)').closest('figure')!;
    const buckets = spread.data.pnlDistribution as Array<{ from: number; to: number; trades: number }>;
    const bars = [...chart.querySelectorAll('rect')];
    expect(bars).toHaveLength(buckets.length);
    bars.forEach((bar, index) => {
      const { from, to } = buckets[index];
      const expected =
        to <= 0
          ? 'cw-journal-bars__bar--loss'
          : from >= 0
            ? 'cw-journal-bars__bar--profit'
            : 'cw-journal-bars__bar--even';
      expect(bar.getAttribute('class'), `${from}…${to}`).toBe(expected);
    });
    expect(bars.some((bar) => bar.getAttribute('class') === 'cw-journal-bars__bar--loss')).toBe(true);
  });

  it('shows the day on the calendar tab with its entry editor, the currency choice and the trade dialog loading in antd’s theme', async () => {
    mockApi({
      ...noNotifications,
      'GET /journal/calendar': {
        body: {
          success: true,
          data: {
            month: '2026-11',
            currency: 'INR',
            currencies: [
              { currency: 'INR', trades: 2 },
              { currency: 'USD', trades: 1 },
            ],
            timeZone: 'Asia/Kolkata',
            days: [],
          },
        },
      },
      'GET /journal/entries/2026-11-02': {
        body: {
          success: true,
          data: {
            date: '2026-11-02',
            entry: null,
            questions: [{ _id: 'q1', text: 'What went well?', position: 0 }],
            trades: [],
          },
        },
      },
    });
    const { user } = renderApp('/journal?date=2026-11-02', { auth: makeSession() });
    // The calendar, the day and its entry editor are plain; they come together.
    const entry = await screen.findByRole('form', { name: 'Entry for 2026-11-02' });
    expect(within(entry).getByLabelText('What went well?')).toBeInTheDocument();
    expect(
      within(within(entry).getByRole('group', { name: 'Rate the day' })).getAllByRole('radio'),
    ).toHaveLength(5);
    expect(screen.queryByText('Loading the entry')).not.toBeInTheDocument();
    // A journal in two currencies offers the choice (antd's Select, as on the statistics tab).
    expect(await screen.findByRole('combobox', { name: 'Currency' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add trade' }));
    // jsdom gives antd's dialog titles one id, so dialogs are found by their text here.
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Add a trade');
    expect(within(dialog).getByLabelText('Entry time')).toHaveValue('2026-11-02T09:30');
  });

  it('fits each day’s P&L in its cell at 375 px: a short amount, the exact one in the day', async () => {
    setViewportWidth(375);
    mockApi({
      ...noNotifications,
      'GET /journal/calendar': {
        body: {
          success: true,
          data: {
            month: '2026-11',
            currency: 'INR',
            currencies: [{ currency: 'INR', trades: 3 }],
            timeZone: 'Asia/Kolkata',
            days: [
              {
                date: '2026-11-03',
                trades: 2,
                netPnl: 12345.67,
                hasEntry: false,
                rating: null,
                emotion: null,
              },
              { date: '2026-11-04', trades: 1, netPnl: -987.5, hasEntry: false, rating: null, emotion: null },
            ],
          },
        },
      },
      'GET /journal/entries/2026-11-02': {
        body: { success: true, data: { date: '2026-11-02', entry: null, questions: [], trades: [] } },
      },
    });
    renderApp('/journal?date=2026-11-02', { auth: makeSession() });
    const day = (date: string) => document.querySelector<HTMLElement>(`[data-date="${date}"]`);
    await waitFor(() => expect(day('2026-11-03')).toHaveTextContent(/2 trades/));
    // The cell shows a short amount; the name still starts with its visible day and says the trades.
    expect(day('2026-11-03')?.querySelector('.cw-journal-calendar__pnl')).toHaveTextContent(/^\+12\.3K$/);
    expect(day('2026-11-04')?.querySelector('.cw-journal-calendar__pnl')).toHaveTextContent(/^−988$/);
    expect(day('2026-11-04')).toHaveTextContent(/^4 November 2026: 1 trade/);
    setViewportWidth(1280);
  });

  it('lists open positions and sends the opening holdings a sale without a purchase needs', async () => {
    const need = {
      source: 'csv',
      account: '',
      accountLabel: 'Imported files',
      symbol: 'ITC',
      quantity: 100,
      currency: 'INR',
      firstSaleAt: '2026-11-05T05:30:00.000Z',
    };
    const api = mockApi({
      ...noNotifications,
      'GET /journal/positions': {
        body: {
          success: true,
          data: {
            positions: [
              {
                source: 'csv',
                account: '',
                accountLabel: 'Imported files',
                symbol: 'HDFCBANK',
                side: 'long',
                quantity: 20,
                averagePrice: 1650,
                currency: 'INR',
                multiplier: 1,
                since: '2026-10-14T04:30:00.000Z',
                fromOpeningHoldings: false,
              },
            ],
            needsOpeningHoldings: [need],
          },
        },
      },
      'POST /journal/opening-holdings': {
        body: {
          success: true,
          data: { completeTrades: 1, addedTrades: 1, openPositions: 1, needsOpeningHoldings: [] },
        },
      },
    });
    const { user } = renderApp('/journal?tab=positions', { auth: makeSession() });
    expect(await screen.findByText('HDFCBANK')).toBeInTheDocument();
    expect(screen.getByText('₹1,650')).toBeInTheDocument();
    expect(screen.getByText('Some sales have no purchase in your journal')).toBeInTheDocument();

    const save = screen.getByRole('button', { name: 'Save opening holdings' });
    expect(save).toBeDisabled();
    await user.type(screen.getByLabelText('Average price of ITC (INR)'), '400');
    await user.click(save);
    await screen.findByText('Opening holdings saved: 1 trade added to your journal.');
    expect(api.callsTo('POST', '/journal/opening-holdings')[0].body).toEqual({
      source: 'csv',
      account: '',
      holdings: [{ symbol: 'ITC', quantity: 100, averagePrice: 400, currency: 'INR' }],
    });
  });

  it('reviews practice replays in their own tab, apart from the trades and the statistics', async () => {
    mockApi({
      ...noNotifications,
      'GET /practice/sessions': {
        body: {
          success: true,
          data: [
            {
              _id: 's-1',
              symbol: 'BTCUSD',
              day: '2023-03-10',
              currency: 'USD',
              state: 'ended',
              speed: 60,
              replayedTime: Date.parse('2023-03-10T12:00:00Z'),
              startingBalance: 100_000,
              balance: 99_925,
              equity: 99_925,
              pnl: -75,
              fills: 2,
              decisions: 6,
              createdAt: '2026-11-28T12:00:00.000Z',
              endedAt: '2026-11-28T12:30:00.000Z',
            },
          ],
        },
      },
    });
    renderApp('/journal?tab=practice', { auth: makeSession() });
    expect(await screen.findByRole('link', { name: 'BTCUSD · 2023-03-10' })).toHaveAttribute(
      'href',
      '/practice/s-1',
    );
    expect(screen.getByText('-75.00 USD')).toBeInTheDocument();
    expect(screen.getByText(/they do not count in your statistics/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start a practice replay' })).toHaveAttribute(
      'href',
      '/practice',
    );
  });

  it('asks before Esc throws away a half-typed trade', async () => {
    mockApi({ ...noNotifications, ...emptyTrades });
    const { user } = renderApp('/journal?tab=trades', { auth: makeSession() });
    await user.click(await screen.findByRole('button', { name: /Add trade/ }));
    // jsdom gives antd's dialog titles one id, so dialogs are found by their text here.
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Symbol'), 'INFY');
    await user.keyboard('{Escape}');
    expect(await screen.findByText('Discard this trade?')).toBeInTheDocument();
    expect(screen.getByText('What you typed is not saved.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(within(dialog).getByLabelText('Symbol')).toHaveValue('INFY');
  });

  it('puts the server’s refusal under the field, and takes it away once that field is changed', async () => {
    mockApi({
      ...noNotifications,
      ...emptyTrades,
      'POST /journal/trades': validationFailed(
        {
          stopPrice: 'A long trade’s stop is below its entry.',
          targetPrice: 'A long trade’s target is above its entry.',
        },
        'Check the highlighted fields.',
      ),
    });
    const { user } = renderApp('/journal?tab=trades', { auth: makeSession() });
    await user.click(await screen.findByRole('button', { name: /Add trade/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Symbol'), 'INFY');
    await user.type(within(dialog).getByLabelText('Quantity'), '10');
    await user.type(within(dialog).getByLabelText('Entry price'), '100');
    await user.type(within(dialog).getByLabelText('Stop'), '105');
    await user.type(within(dialog).getByLabelText('Target'), '90');
    await user.click(within(dialog).getByRole('button', { name: 'Add trade' }));
    expect(await within(dialog).findByText('A long trade’s stop is below its entry.')).toBeInTheDocument();
    expect(within(dialog).getByText('A long trade’s target is above its entry.')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Stop'));
    await user.type(within(dialog).getByLabelText('Stop'), '95');
    // antd lets an emptied message list linger for a few milliseconds.
    await vi.waitFor(() =>
      expect(within(dialog).queryByText('A long trade’s stop is below its entry.')).not.toBeInTheDocument(),
    );
    // Only the field changed loses its message.
    expect(within(dialog).getByText('A long trade’s target is above its entry.')).toBeInTheDocument();
  });

  it('previews a broker file as new and known fills, complete trades and open positions', async () => {
    mockApi({
      ...noNotifications,
      'GET /journal/import/presets': {
        body: {
          success: true,
          data: [
            {
              id: 'zerodha-tradebook',
              kind: 'fills',
              name: 'Zerodha tradebook',
              description: 'The tradebook CSV.',
              howToExport: 'In Zerodha Console open Reports → Tradebook and download the CSV.',
              templateUrl: '/api/v1/journal/import/template?preset=zerodha-tradebook',
            },
          ],
        },
      },
      'POST /journal/import/preview': {
        body: {
          success: true,
          data: {
            layout: 'zerodha-tradebook',
            rows: 3,
            format: 'fills',
            errors: [],
            skipped: { 'cancelled trades': 1 },
            newFills: 1,
            knownFills: 2,
            completeTrades: 1,
            openPositions: 1,
            needsOpeningHoldings: [],
            newTrades: 1,
            duplicates: 0,
            trades: [],
          },
        },
      },
    });
    const { user } = renderApp('/journal?tab=import', { auth: makeSession() });
    await user.click(await screen.findByText('Zerodha tradebook'));
    expect(
      screen.getByText('In Zerodha Console open Reports → Tradebook and download the CSV.'),
    ).toBeVisible();
    await user.upload(
      screen.getByTestId('import-file-input'),
      new File(['symbol,trade_type\n'], 'tradebook.csv', { type: 'text/csv' }),
    );
    expect(
      await screen.findByText(
        '3 rows read: 1 new fill, 2 already in your journal, 1 trade complete, 1 position open.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Read as Zerodha tradebook.')).toBeInTheDocument();
    expect(screen.getByText('Left out on purpose: 1 cancelled trades.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import 1 fill' })).toBeEnabled();
  });
});
