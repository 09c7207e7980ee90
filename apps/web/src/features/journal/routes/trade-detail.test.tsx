import type { TradeDetail } from '@candlewise/shared/journal/trade-detail';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { setViewportWidth } from '@/testing/match-media';
import { mockApi } from '@/testing/mock-api';
import { FRAME_WARM_UP_MS, renderApp, warmUpFrame } from '@/testing/render-app';
import { makeSession } from '@/testing/test-data';
import type { TradeChart } from '../api/get-trade-detail';

// jsdom cannot draw the chart's canvas: what it is given is what matters here.
vi.mock('../components/session-chart', () => ({
  SessionChart: ({ chart, label }: { chart: TradeChart; label: string }) => (
    <p>
      Chart “{label}”: {chart.candles.length} candles, entry at {chart.entry.time}, exit at {chart.exit?.time}
    </p>
  ),
}));

const noNotifications = {
  'GET /notification/all': { body: { success: true, data: [], meta: { nextCursor: null } } },
};

const baseTrade: TradeDetail['trade'] = {
  _id: 't-paper',
  symbol: 'EURUSD',
  side: 'short',
  quantity: 2,
  entryPrice: 1.085,
  exitPrice: 1.083,
  entryTime: '2026-03-02T10:05:20.000Z',
  exitTime: '2026-03-02T10:12:40.000Z',
  fees: 0,
  pnl: 4,
  currency: 'USD',
  multiplier: 1000,
  rMultiple: null,
  stopPrice: null,
  targetPrice: null,
  setupTags: ['breakout'],
  mistakeTags: [],
  notes: 'Faded the spike.',
  playbookId: null,
  source: 'paper',
  verified: true,
  origin: 'group-running',
  fromFills: true,
  createdAt: '2026-03-02T10:12:41.000Z',
};

const fill = (overrides: Partial<TradeDetail['executions'][number]>): TradeDetail['executions'][number] => ({
  id: 'x',
  side: 'sell',
  quantity: 2,
  tradeQuantity: 2,
  price: 1.085,
  fee: 0,
  currency: 'USD',
  multiplier: 1000,
  executedAt: '2026-03-02T10:05:20.000Z',
  brokerTradeId: null,
  orderId: 'order-1',
  kind: 'fill',
  ...overrides,
});

const paperDetail: TradeDetail = {
  trade: baseTrade,
  executions: [
    fill({ id: 'f1' }),
    fill({ id: 'f2', side: 'buy', price: 1.083, executedAt: '2026-03-02T10:12:40.000Z', orderId: 'order-2' }),
  ],
  chart: {
    symbol: 'EURUSD',
    interval: '1m',
    candles: Array.from({ length: 68 }, (_, index) => ({
      time: Date.parse('2026-03-02T09:35:00Z') / 1000 + index * 60,
      open: 1.0845,
      high: 1.0845,
      low: 1.0845,
      close: 1.0845,
    })),
    entry: { time: Date.parse('2026-03-02T10:05:20Z') / 1000, price: 1.085 },
    exit: { time: Date.parse('2026-03-02T10:12:40Z') / 1000, price: 1.083 },
    truncated: false,
  },
  excursion: { mae: 2.4, mfe: 5, maePrice: 1.0862, mfePrice: 1.0825 },
  excursionNote: null,
};

const manualDetail: TradeDetail = {
  trade: {
    ...baseTrade,
    _id: 't-manual',
    symbol: 'INFY',
    side: 'long',
    quantity: 5,
    entryPrice: 1500,
    exitPrice: 1520,
    fees: 12,
    pnl: 88,
    currency: 'INR',
    multiplier: 1,
    source: 'manual',
    verified: false,
    origin: null,
    fromFills: false,
    setupTags: [],
    notes: '',
  },
  executions: [
    fill({
      id: 't-manual:entry',
      side: 'buy',
      quantity: 5,
      tradeQuantity: 5,
      price: 1500,
      fee: null,
      kind: 'typed',
    }),
    fill({
      id: 't-manual:exit',
      side: 'sell',
      quantity: 5,
      tradeQuantity: 5,
      price: 1520,
      fee: null,
      kind: 'typed',
    }),
  ].map((leg) => ({ ...leg, currency: 'INR', multiplier: 1, orderId: null })),
  chart: null,
  excursion: null,
  excursionNote: null,
};

const detailReply = (detail: TradeDetail) => ({ body: { success: true, data: detail } });

describe('/journal/trades/:tradeId', { timeout: 60_000 }, () => {
  beforeAll(async () => {
    await warmUpFrame();
    // The pages' chunks, transformed once up front, so no test waits for them against its timeout.
    await Promise.all([import('./trade-detail'), import('./journal'), import('../components/trades-table')]);
  }, FRAME_WARM_UP_MS);

  it('shows a competition trade with its fills, the session chart and MAE and MFE as text', async () => {
    const api = mockApi({
      ...noNotifications,
      'GET /journal/trades/t-paper/detail': detailReply(paperDetail),
    });
    renderApp('/journal/trades/t-paper', { auth: makeSession() });
    expect(await screen.findByRole('heading', { level: 1, name: 'EURUSD short' })).toBeInTheDocument();
    expect(document.title).toBe('EURUSD short · Candlewise.app');
    expect(api.callsTo('GET', '/journal/trades/t-paper/detail')).toHaveLength(1);

    const trade = screen.getByRole('region', { name: 'The trade' });
    expect(within(trade).getByText('+$4')).toBeInTheDocument();
    expect(within(trade).getByText('× 1,000 per contract')).toBeInTheDocument();

    expect(
      screen.getByText(
        `Chart “EURUSD 1-minute candles around the trade: entry at 1.085, exit at 1.083”: 68 candles, entry at ${paperDetail.chart?.entry.time}, exit at ${paperDetail.chart?.exit?.time}`,
      ),
    ).toBeInTheDocument();
    const excursion = screen.getByRole('region', {
      name: 'How far the price moved while the trade was open',
    });
    expect(within(excursion).getByText('−$2.4')).toBeInTheDocument();
    expect(within(excursion).getByText('worst price $1.0862')).toBeInTheDocument();
    expect(within(excursion).getByText('+$5')).toBeInTheDocument();
    expect(within(excursion).getByText('best price $1.0825')).toBeInTheDocument();

    const executions = screen.getByText('Executions (2)').closest('.ant-card') as HTMLElement;
    const rows = within(executions).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1].textContent)).toEqual(['Sell', 'Buy']);
    expect(within(rows[1]).getByText('$1.083')).toBeInTheDocument();
    expect(screen.getByText('Faded the spike.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Journal trades' })).toHaveAttribute(
      'href',
      '/journal?tab=trades',
    );
  });

  it('charts an imported trade from the app’s candles and says why a sub-minute trade has no MAE or MFE', async () => {
    const note =
      'Not enough data: the trade lasted under a minute, shorter than the 1-minute candles kept, so its MAE and MFE are not shown.';
    const imported: TradeDetail = {
      ...paperDetail,
      trade: { ...baseTrade, _id: 't-imported', source: 'csv', origin: null },
      excursion: null,
      excursionNote: note,
    };
    mockApi({ ...noNotifications, 'GET /journal/trades/t-imported/detail': detailReply(imported) });
    renderApp('/journal/trades/t-imported', { auth: makeSession() });
    expect(await screen.findByRole('heading', { level: 1, name: 'EURUSD short' })).toBeInTheDocument();
    expect(screen.getByText(/^Chart “EURUSD 1-minute candles around the trade/)).toBeInTheDocument();
    expect(screen.getByText(note)).toBeInTheDocument();
    expect(
      screen.queryByRole('region', { name: 'How far the price moved while the trade was open' }),
    ).not.toBeInTheDocument();
  });

  it('lists the fills one per line on a phone instead of a table', async () => {
    setViewportWidth(375);
    mockApi({ ...noNotifications, 'GET /journal/trades/t-paper/detail': detailReply(paperDetail) });
    renderApp('/journal/trades/t-paper', { auth: makeSession() });
    const fills = await screen.findByRole('list', { name: 'Executions' });
    const items = within(fills).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('.cw-trade-detail__fill-main')?.textContent)).toEqual([
      'Sell 2 at $1.085',
      'Buy 2 at $1.083',
    ]);
    expect(items[1]).toHaveTextContent('2 Mar 2026, 15:42:40 · fee $0 · Order order-2');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows a trade typed in as its two legs, marked as typed in, and says no candles cover it', async () => {
    mockApi({ ...noNotifications, 'GET /journal/trades/t-manual/detail': detailReply(manualDetail) });
    renderApp('/journal/trades/t-manual', { auth: makeSession() });
    expect(await screen.findByRole('heading', { level: 1, name: 'INFY long' })).toBeInTheDocument();
    expect(screen.getAllByText('Typed in')).toHaveLength(2);
    expect(screen.getByText(/Typed in: the entry and exit as you entered them/)).toBeInTheDocument();
    expect(
      screen.getByText(
        'No candles of INFY cover this trade (the app keeps them for its markets and the uploaded replay days), so there is no chart.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/^Chart “/)).not.toBeInTheDocument();
    expect(screen.getByText('No notes yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Edit trade/ })).toBeInTheDocument();
  });

  it('says a trade that is not yours is not in your journal, with the way back', async () => {
    mockApi({
      ...noNotifications,
      'GET /journal/trades/t-other/detail': {
        status: 404,
        body: { success: false, message: 'That trade is not in your journal.', code: 'NOT_FOUND' },
      },
    });
    renderApp('/journal/trades/t-other', { auth: makeSession() });
    expect(await screen.findByText('This trade is not in your journal.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Trade not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your journal' })).toHaveAttribute(
      'href',
      '/journal?tab=trades',
    );
  });

  it('offers to try again after an error, and shows the trade once it loads', async () => {
    let failures = 1;
    mockApi({
      ...noNotifications,
      'GET /journal/trades/t-manual/detail': () => {
        if (failures-- > 0) {
          return {
            status: 429,
            body: {
              success: false,
              message: 'Too many requests. Try again in a minute.',
              code: 'RATE_LIMITED',
            },
          };
        }
        return detailReply(manualDetail);
      },
    });
    const { user } = renderApp('/journal/trades/t-manual', { auth: makeSession() });
    expect(await screen.findByText('Too many requests. Try again in a minute.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'INFY long' })).toBeInTheDocument();
  });

  it('opens from the trades table with the keyboard', async () => {
    mockApi({
      ...noNotifications,
      'GET /journal/trades': {
        body: {
          success: true,
          data: {
            trades: [paperDetail.trade],
            total: 1,
            page: 1,
            pageSize: 25,
            facets: { symbols: ['EURUSD'], setupTags: ['breakout'], mistakeTags: [], currencies: ['USD'] },
          },
        },
      },
      'GET /journal/trades/t-paper/detail': detailReply(paperDetail),
    });
    const { user, currentPath } = renderApp('/journal?tab=trades', { auth: makeSession() });
    const link = await screen.findByRole('link', { name: 'EURUSD short trade details' }, { timeout: 30_000 });
    expect(link).toHaveAttribute('href', '/journal/trades/t-paper');
    link.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'EURUSD short' })).toBeInTheDocument();
    expect(currentPath()).toBe('/journal/trades/t-paper');
    expect(screen.getByText('Executions (2)')).toBeInTheDocument();
  });
});
