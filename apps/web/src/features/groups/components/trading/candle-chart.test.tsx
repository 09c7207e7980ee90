import { configureStore } from '@reduxjs/toolkit';
import { act, render, screen, waitFor } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { Provider } from 'react-redux';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { chartStub } from '@/testing/fake-lightweight-charts';
import { CandleChart } from './candle-chart';

// The chart library arrives when the test lets it (it is loaded after the desk has painted).
const library = vi.hoisted(() => {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  return { arrived, arrive };
});
vi.mock('lightweight-charts', async () => {
  await library.arrived;
  return import('@/testing/fake-lightweight-charts');
});

type FakeSeries = { setData: ReturnType<typeof vi.fn>; update: ReturnType<typeof vi.fn> };

beforeEach(() => {
  chartStub.series = null;
});

const MINUTE = 60;
const start = 1_764_000_000 - (1_764_000_000 % MINUTE);
const candles = [
  { time: start - MINUTE, open: 1.08, high: 1.082, low: 1.079, close: 1.081 },
  { time: start, open: 1.081, high: 1.083, low: 1.08, close: 1.082 },
];

function renderChart(props: Partial<ComponentProps<typeof CandleChart>> = {}) {
  const store = configureStore({ reducer: { theme: (state = { darkMode: false }) => state } });
  const element = (more: Partial<ComponentProps<typeof CandleChart>>) => (
    <Provider store={store}>
      <CandleChart
        symbol="EURUSD"
        candles={candles}
        quote={undefined}
        tickSize={0.00001}
        {...props}
        {...more}
      />
    </Provider>
  );
  const view = render(element({}));
  // Each update keeps what the earlier ones set, as a parent's props would.
  let current: Partial<ComponentProps<typeof CandleChart>> = {};
  const update = (more: Partial<ComponentProps<typeof CandleChart>>) => {
    current = { ...current, ...more };
    view.rerender(element(current));
  };
  return { ...view, update };
}

describe('CandleChart', () => {
  // First: the library has not arrived yet.
  it('keeps the quotes that come before the chart library, and draws them with the history', async () => {
    const { update } = renderChart();
    expect(screen.getByTestId('chart-values')).toHaveTextContent(
      'LatestO 1.08100H 1.08300L 1.08000C 1.08200',
    );
    // Two quotes before the chart exists: the last candle moves, then the next minute opens.
    update({ quote: { symbol: 'EURUSD', bid: 1.0849, ask: 1.0851, mid: 1.085, time: (start + 30) * 1000 } });
    expect(screen.getByTestId('chart-values')).toHaveTextContent('C 1.08500');
    update({
      quote: { symbol: 'EURUSD', bid: 1.0839, ask: 1.0841, mid: 1.084, time: (start + MINUTE + 5) * 1000 },
    });
    // The new minute opens at its first quote, as the server's candles do.
    expect(screen.getByTestId('chart-values')).toHaveTextContent(
      'LatestO 1.08400H 1.08400L 1.08400C 1.08400',
    );
    expect(chartStub.series).toBeNull();

    library.arrive();
    await waitFor(() => expect(chartStub.series).not.toBeNull());
    await act(async () => {});
    // Drawn once, with the history as it stands now: the moved candle and the new one.
    expect((chartStub.series as FakeSeries).setData.mock.calls).toEqual([
      [
        [
          candles[0],
          { time: start, open: 1.081, high: 1.085, low: 1.08, close: 1.085 },
          { time: start + MINUTE, open: 1.084, high: 1.084, low: 1.084, close: 1.084 },
        ],
      ],
    ]);
  });

  it('is drawn once with its candles, and another history replaces them', async () => {
    library.arrive();
    const { update } = renderChart();
    await waitFor(() => expect(chartStub.series).not.toBeNull());
    const series = chartStub.series as FakeSeries;
    await act(async () => {});
    // Made with its candles: one first drawing, not an empty chart and then the candles.
    expect(series.setData.mock.calls).toEqual([[candles]]);
    // Another history (another interval) replaces them.
    const hourly = [{ time: start - 3600, open: 1.07, high: 1.09, low: 1.06, close: 1.08 }];
    update({ candles: hourly, intervalSeconds: 3600, intervalName: '1-hour' });
    expect(series.setData).toHaveBeenLastCalledWith(hourly);
    expect(series.setData).toHaveBeenCalledTimes(2);
    // A quote in the hour moves its candle in place.
    update({ quote: { symbol: 'EURUSD', bid: 1.0949, ask: 1.0951, mid: 1.095, time: (start - 60) * 1000 } });
    expect(series.update).toHaveBeenLastCalledWith({ ...hourly[0], high: 1.095, close: 1.095 });
  });

  it('draws the chart only once its box is on screen', async () => {
    library.arrive();
    let report: (onScreen: boolean) => void = () => {};
    const observed: Element[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
          report = (onScreen) => callback([{ isIntersecting: onScreen }]);
        }
        observe(element: Element) {
          observed.push(element);
        }
        disconnect() {
          report = () => {};
        }
      },
    );
    try {
      renderChart();
      expect(observed).toEqual([screen.getByRole('img', { name: 'EURUSD 1-minute candlestick chart' })]);
      await act(async () => {
        await import('lightweight-charts');
      });
      // The library is in, the box is below the fold (the browser's first report): no chart yet, and
      // the legend reads the history.
      act(() => report(false));
      expect(chartStub.series).toBeNull();
      expect(screen.getByTestId('chart-values')).toHaveTextContent(
        'LatestO 1.08100H 1.08300L 1.08000C 1.08200',
      );
      // Scrolled to: drawn, with its candles.
      act(() => report(true));
      await waitFor(() => expect(chartStub.series).not.toBeNull());
      expect((chartStub.series as FakeSeries).setData).toHaveBeenCalledWith(candles);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
