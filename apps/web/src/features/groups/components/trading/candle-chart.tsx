import { bucketStart } from '@candlewise/shared/trading/candle-intervals';
import type { IChartApi, ISeriesApi, UTCTimestamp } from 'lightweight-charts';
import { useEffect, useRef, useState } from 'react';
import { useSelector } from 'react-redux';
import { selectDarkMode } from '@/lib/theme-slice';
import type { Candle } from '../../api/get-candles';
import type { Quote } from '../../api/use-competition-stream';
import { priceDecimals } from '../../lib/trading-format';
import { chartThemeColors, SOLID_BACKGROUND } from './chart-theme';

/** The chart's theme options, from the page's CSS variables. */
function themeOptions() {
  const colors = chartThemeColors();
  return {
    layout: {
      background: { type: SOLID_BACKGROUND, color: colors.background },
      textColor: colors.text,
      fontFamily: 'inherit',
    },
    grid: { vertLines: { color: colors.grid }, horzLines: { color: colors.grid } },
    series: {
      upColor: colors.up,
      downColor: colors.down,
      wickUpColor: colors.up,
      wickDownColor: colors.down,
    },
  };
}

/** The series' price scale at the instrument's tick size. */
function priceFormatOf(tickSize: number | undefined) {
  const digits = priceDecimals(tickSize);
  return { type: 'price' as const, precision: digits, minMove: tickSize ?? 10 ** -digits };
}

/** The library's rows: our candles with their times typed as the UTC seconds they are. */
function toSeriesRows(candles: readonly Candle[]) {
  return candles.map((candle) => ({ ...candle, time: candle.time as UTCTimestamp }));
}

/**
 * Candlesticks of one instrument (lightweight-charts) at one interval (1-minute unless told): the
 * history from the API, then the live quotes extend the last candle or open the next interval's.
 * Follows the light/dark theme. The chart library (~45 KB gzipped) loads after the desk has painted,
 * and the chart is drawn once its box is on screen: the box keeps its size meanwhile, so nothing
 * moves when the candles appear. Quotes that come before it are kept, and drawn with the history.
 */
export function CandleChart({
  symbol,
  candles,
  quote,
  tickSize,
  intervalSeconds = 60,
  intervalName = '1-minute',
}: {
  symbol: string;
  candles: Candle[] | undefined;
  quote: Quote | undefined;
  tickSize: number | undefined;
  /** The length of one candle. */
  intervalSeconds?: number;
  /** The interval as an adjective, for the chart's name: '5-minute', 'daily'. */
  intervalName?: string;
}) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const series = useRef<ISeriesApi<'Candlestick'> | null>(null);
  // The history with what the quotes have done since (the last candle moved, new ones opened).
  const candlesNow = useRef<Candle[]>([]);
  const darkMode = useSelector(selectDarkMode);
  // The values under the crosshair (a pointer, or a finger on a touch screen), else the latest
  // candle: written out above the chart, not only in a hover tooltip.
  const [pointed, setPointed] = useState<Candle | null>(null);
  const [latest, setLatest] = useState<Candle | null>(null);

  // Set once the library has loaded and the chart exists; the effects below wait for it.
  const [ready, setReady] = useState(false);
  // The theme and tick size the chart was made or last set with: each change redraws the whole chart,
  // so the effects below skip what it already has.
  const applied = useRef<{ darkMode?: boolean; tickSize?: number | undefined }>({});
  const current = useRef({ darkMode, tickSize });
  current.current = { darkMode, tickSize };

  useEffect(() => {
    let created: IChartApi | null = null;
    let gone = false;
    let library: typeof import('lightweight-charts') | null = null;
    let onScreen = false;
    // Drawn once the library is in and any of the box is on screen: the first drawing (canvases,
    // axes, every candle) was the longest task of a leaderboard's start on a phone, where the box is
    // below the desk's figures and nobody sees it before scrolling there.
    const draw = () => {
      if (gone || created || !library || !onScreen || !container.current) return;
      const { createChart, CandlestickSeries } = library;
      // Made with the theme and the price format at once: one first drawing, not three.
      const theme = themeOptions();
      created = createChart(container.current, {
        autoSize: true,
        timeScale: { timeVisible: true, secondsVisible: false },
        rightPriceScale: { borderVisible: false },
        crosshair: { mode: 0 },
        grid: theme.grid,
        // The library's logo is a link drawn inside the chart, which is one image to assistive
        // technology (axe: nested-interactive); the attribution is written under the chart instead.
        layout: { ...theme.layout, attributionLogo: false },
      });
      chart.current = created;
      const added = created.addSeries(CandlestickSeries, {
        borderVisible: false,
        ...theme.series,
        priceFormat: priceFormatOf(current.current.tickSize),
      });
      // The candles so far (the history with the quotes since) go in before the first frame: one
      // first drawing with them, not an empty chart drawn and then drawn again.
      added.setData(toSeriesRows(candlesNow.current));
      created.timeScale().scrollToRealTime();
      applied.current = { ...current.current };
      series.current = added;
      created.subscribeCrosshairMove((param) => {
        const bar = (param.time === undefined ? undefined : param.seriesData.get(added)) as
          | Partial<Pick<Candle, 'open' | 'high' | 'low' | 'close'>>
          | undefined;
        setPointed(
          bar?.open !== undefined &&
            bar.high !== undefined &&
            bar.low !== undefined &&
            bar.close !== undefined
            ? { time: Number(param.time), open: bar.open, high: bar.high, low: bar.low, close: bar.close }
            : null,
        );
      });
      setReady(true);
    };
    void import('lightweight-charts').then((loaded) => {
      library = loaded;
      draw();
    });
    const stopWaiting = whenOnScreen(container.current, () => {
      onScreen = true;
      draw();
    });
    return () => {
      gone = true;
      stopWaiting();
      created?.remove();
      chart.current = null;
      series.current = null;
    };
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: darkMode switches the CSS variables read here; ready: the chart exists.
  useEffect(() => {
    if (!chart.current || !series.current || applied.current.darkMode === darkMode) return;
    applied.current.darkMode = darkMode;
    const theme = themeOptions();
    chart.current.applyOptions({ layout: theme.layout, grid: theme.grid });
    series.current.applyOptions(theme.series);
  }, [darkMode, ready]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: ready: the chart exists.
  useEffect(() => {
    if (!series.current || applied.current.tickSize === tickSize) return;
    applied.current.tickSize = tickSize;
    series.current.applyOptions({ priceFormat: priceFormatOf(tickSize) });
  }, [tickSize, ready]);

  // New history: the legend's, and the chart's once it is drawn (a chart drawn later is made with it).
  useEffect(() => {
    // A copy of its own: the quotes below change it in place.
    candlesNow.current = [...(candles ?? [])];
    setLatest(candlesNow.current.at(-1) ?? null);
    if (!series.current) return;
    series.current.setData(toSeriesRows(candlesNow.current));
    chart.current?.timeScale().scrollToRealTime();
  }, [candles]);

  // The quotes move the last candle (or open the next) in the legend, and in the chart once drawn.
  useEffect(() => {
    const previous = candlesNow.current.at(-1);
    if (!quote || quote.symbol !== symbol || !previous) return;
    const start = bucketStart(Math.floor(quote.time / 1000), intervalSeconds);
    if (start < previous.time) return;
    const next: Candle =
      start === previous.time
        ? {
            ...previous,
            high: Math.max(previous.high, quote.mid),
            low: Math.min(previous.low, quote.mid),
            close: quote.mid,
          }
        : // A new interval opens at its first quote, as the server's candles do (engine/candle-book.ts).
          { time: start, open: quote.mid, high: quote.mid, low: quote.mid, close: quote.mid };
    if (start === previous.time) candlesNow.current[candlesNow.current.length - 1] = next;
    else candlesNow.current.push(next);
    setLatest(next);
    series.current?.update(toSeriesRows([next])[0]);
  }, [quote, symbol, intervalSeconds]);

  const shown = pointed ?? latest;
  const digits = priceDecimals(tickSize);
  const price = (value: number) => value.toFixed(digits);
  return (
    <div className="cw-trading__chart-box">
      <p className="cw-trading__chart-values" data-testid="chart-values">
        {shown ? (
          <>
            <span className="cw-trading__chart-when">
              {pointed ? formatCandleTime(shown.time, intervalSeconds) : 'Latest'}
            </span>
            <span>O {price(shown.open)}</span>
            <span>H {price(shown.high)}</span>
            <span>L {price(shown.low)}</span>
            <span>C {price(shown.close)}</span>
          </>
        ) : (
          <span>No prices yet</span>
        )}
      </p>
      <div
        ref={container}
        className="cw-trading__chart"
        role="img"
        aria-label={`${symbol} ${intervalName} candlestick chart`}
      />
      <p className="cw-trading__chart-credit">
        Chart by{' '}
        <a href="https://www.tradingview.com/" target="_blank" rel="noopener noreferrer">
          TradingView Lightweight Charts™
        </a>
      </p>
    </div>
  );
}

/**
 * Calls `then` once any of `element` is on screen, or at once where the browser cannot say; returns
 * what stops waiting.
 */
function whenOnScreen(element: Element | null, then: () => void): () => void {
  if (!element || typeof IntersectionObserver === 'undefined') {
    then();
    return () => {};
  }
  const observer = new IntersectionObserver((entries) => {
    if (!entries.some((entry) => entry.isIntersecting)) return;
    observer.disconnect();
    then();
  });
  observer.observe(element);
  return () => observer.disconnect();
}

/** A candle's start as the legend says it: the date for daily candles, else the time (UTC). */
function formatCandleTime(seconds: number, intervalSeconds: number): string {
  const iso = new Date(seconds * 1000).toISOString();
  return intervalSeconds >= 86_400 ? iso.slice(0, 10) : `${iso.slice(11, 16)} UTC`;
}
