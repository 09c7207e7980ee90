import type { PracticeCandle } from '@candlewise/shared/practice/practice-contract';
import type { ColorType, IChartApi, IPriceLine, ISeriesApi, UTCTimestamp } from 'lightweight-charts';
import { useEffect, useRef, useState } from 'react';
import { useSelector } from 'react-redux';
import { selectDarkMode } from '@/lib/theme-slice';

const SOLID_BACKGROUND = 'solid' as ColorType.Solid;

function themeOptions() {
  const style = getComputedStyle(document.documentElement);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  const up = read('--cw-color-profit', '#15803d');
  const down = read('--cw-color-loss', '#b91c1c');
  const grid = read('--cw-color-border', '#d9dee3');
  return {
    layout: {
      background: { type: SOLID_BACKGROUND, color: read('--cw-color-surface', '#ffffff') },
      textColor: read('--cw-color-text-muted', '#4b5563'),
      fontFamily: 'inherit',
    },
    grid: { vertLines: { color: grid }, horzLines: { color: grid } },
    series: { upColor: up, downColor: down, wickUpColor: up, wickDownColor: down },
  };
}

function decimalsOf(tickSize: number): number {
  const text = String(tickSize);
  return text.includes('.') ? text.split('.')[1].length : 0;
}

/** A level drawn across the chart: the position's entry, a stop-loss, a take-profit, a pending order. */
export type ChartLevel = { price: number; title: string; kind: 'entry' | 'stop' | 'target' | 'order' };

const rows = (candles: readonly PracticeCandle[]) =>
  candles.map((candle) => ({ ...candle, time: candle.time as UTCTimestamp }));

/**
 * The replayed day's 1-minute candles so far (lightweight-charts, loaded after the page paints): the
 * server never sends a bar after the replayed clock, so the chart cannot show what comes next.
 */
export function PracticeChart({
  symbol,
  candles,
  tickSize,
  levels = [],
}: {
  symbol: string;
  candles: PracticeCandle[];
  tickSize: number;
  levels?: ChartLevel[];
}) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const series = useRef<ISeriesApi<'Candlestick'> | null>(null);
  const latestCandles = useRef(candles);
  latestCandles.current = candles;
  const darkMode = useSelector(selectDarkMode);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let gone = false;
    let created: IChartApi | null = null;
    void import('lightweight-charts').then(({ createChart, CandlestickSeries }) => {
      if (gone || !container.current) return;
      const theme = themeOptions();
      created = createChart(container.current, {
        autoSize: true,
        timeScale: { timeVisible: true, secondsVisible: false },
        rightPriceScale: { borderVisible: false },
        crosshair: { mode: 0 },
        grid: theme.grid,
        layout: { ...theme.layout, attributionLogo: false },
      });
      const digits = decimalsOf(tickSize);
      series.current = created.addSeries(CandlestickSeries, {
        borderVisible: false,
        ...theme.series,
        priceFormat: { type: 'price', precision: digits, minMove: tickSize },
      });
      series.current.setData(rows(latestCandles.current));
      chart.current = created;
      setReady(true);
    });
    return () => {
      gone = true;
      created?.remove();
      chart.current = null;
      series.current = null;
    };
  }, [tickSize]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: darkMode switches the CSS variables read here; ready: the chart exists.
  useEffect(() => {
    if (!chart.current || !series.current) return;
    const theme = themeOptions();
    chart.current.applyOptions({ layout: theme.layout, grid: theme.grid });
    series.current.applyOptions(theme.series);
  }, [darkMode, ready]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: ready: the chart exists.
  useEffect(() => {
    series.current?.setData(rows(candles));
  }, [candles, ready]);

  // The levels as price lines, drawn again when they change.
  const lines = useRef<IPriceLine[]>([]);
  const levelsKey = levels.map((level) => `${level.kind}:${level.price}:${level.title}`).join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: levelsKey stands for levels; ready: the chart exists; darkMode: the colours.
  useEffect(() => {
    const drawn = series.current;
    if (!drawn?.createPriceLine) return;
    for (const line of lines.current) drawn.removePriceLine(line);
    const style = getComputedStyle(document.documentElement);
    const color = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
    const colors = {
      entry: color('--cw-color-text-muted', '#4b5563'),
      stop: color('--cw-color-loss', '#b91c1c'),
      target: color('--cw-color-profit', '#15803d'),
      order: color('--cw-color-brand', '#0f766e'),
    };
    lines.current = levels.map((level) =>
      drawn.createPriceLine({
        price: level.price,
        title: level.title,
        color: colors[level.kind],
        lineWidth: 1,
        lineStyle: level.kind === 'entry' ? 0 : 2,
        axisLabelVisible: true,
      }),
    );
  }, [levelsKey, ready, darkMode]);

  const last = candles.at(-1);
  const digits = decimalsOf(tickSize);
  return (
    <div className="cw-practice__chart-box">
      <p className="cw-practice__chart-values" data-testid="practice-chart-values">
        {last ? (
          <>
            <span>O {last.open.toFixed(digits)}</span>
            <span>H {last.high.toFixed(digits)}</span>
            <span>L {last.low.toFixed(digits)}</span>
            <span>C {last.close.toFixed(digits)}</span>
          </>
        ) : (
          <span>No bars played yet</span>
        )}
      </p>
      <div
        ref={container}
        className="cw-practice__chart"
        role="img"
        aria-label={`${symbol} 1-minute candlestick chart of the replayed day so far`}
      />
      <p className="cw-practice__chart-credit">
        Chart by{' '}
        <a href="https://www.tradingview.com/" target="_blank" rel="noopener noreferrer">
          TradingView Lightweight Charts™
        </a>
      </p>
    </div>
  );
}
