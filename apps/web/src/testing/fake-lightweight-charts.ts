import { vi } from 'vitest';

/**
 * lightweight-charts for jsdom, which has no canvas: `vi.mock('lightweight-charts', () =>
 * import('@/testing/fake-lightweight-charts'))`. The chart records what it was given, and
 * `chartStub` lets a test move the crosshair (what a pointer or a finger on the chart does).
 */
type CrosshairHandler = (param: { time?: number; seriesData: Map<unknown, unknown> }) => void;

export const chartStub: { crosshair: CrosshairHandler | null; series: unknown } = {
  crosshair: null,
  series: null,
};

export const CandlestickSeries = {};
export const LineSeries = {};
export const ColorType = { Solid: 'solid' };

export function createChart() {
  const series = {
    setData: vi.fn(),
    update: vi.fn(),
    applyOptions: vi.fn(),
    createPriceLine: vi.fn((options: unknown) => ({ options })),
    removePriceLine: vi.fn(),
  };
  chartStub.series = series;
  return {
    addSeries: () => series,
    applyOptions: vi.fn(),
    subscribeCrosshairMove: (handler: CrosshairHandler) => {
      chartStub.crosshair = handler;
    },
    timeScale: () => ({ scrollToRealTime: vi.fn(), fitContent: vi.fn() }),
    remove: vi.fn(),
  };
}
