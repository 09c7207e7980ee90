import {
  CandlestickSeries,
  ColorType,
  createChart,
  type IChartApi,
  type ISeriesApi,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { useSelector } from 'react-redux';
import { selectDarkMode } from '@/features/theme/theme-slice';
import type { Candle } from '../../api/get-candles';
import type { Quote } from '../../api/use-competition-stream';
import { priceDecimals } from '../../lib/trading-format';

function themeColors() {
  const style = getComputedStyle(document.documentElement);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    background: read('--cw-color-surface', '#ffffff'),
    text: read('--cw-color-text-muted', '#4b5563'),
    grid: read('--cw-color-border', '#d9dee3'),
    up: read('--cw-color-profit', '#15803d'),
    down: read('--cw-color-loss', '#b91c1c'),
  };
}

/**
 * 1-minute candlesticks of one instrument (lightweight-charts): the history from the API, then the
 * live quotes extend the last candle or open the next minute's. Follows the light/dark theme.
 */
export function CandleChart({
  symbol,
  candles,
  quote,
  tickSize,
}: {
  symbol: string;
  candles: Candle[] | undefined;
  quote: Quote | undefined;
  tickSize: number | undefined;
}) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const series = useRef<ISeriesApi<'Candlestick'> | null>(null);
  const last = useRef<Candle | null>(null);
  const darkMode = useSelector(selectDarkMode);

  useEffect(() => {
    if (!container.current) return;
    const created = createChart(container.current, {
      autoSize: true,
      timeScale: { timeVisible: true, secondsVisible: false },
      rightPriceScale: { borderVisible: false },
      crosshair: { mode: 0 },
    });
    chart.current = created;
    series.current = created.addSeries(CandlestickSeries, { borderVisible: false });
    return () => {
      created.remove();
      chart.current = null;
      series.current = null;
    };
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: darkMode switches the CSS variables read here.
  useEffect(() => {
    const colors = themeColors();
    chart.current?.applyOptions({
      layout: {
        background: { type: ColorType.Solid, color: colors.background },
        textColor: colors.text,
        fontFamily: 'inherit',
      },
      grid: { vertLines: { color: colors.grid }, horzLines: { color: colors.grid } },
    });
    series.current?.applyOptions({
      upColor: colors.up,
      downColor: colors.down,
      wickUpColor: colors.up,
      wickDownColor: colors.down,
    });
  }, [darkMode]);

  useEffect(() => {
    const digits = priceDecimals(tickSize);
    series.current?.applyOptions({
      priceFormat: { type: 'price', precision: digits, minMove: tickSize ?? 10 ** -digits },
    });
  }, [tickSize]);

  useEffect(() => {
    if (!series.current) return;
    const data = (candles ?? []).map((candle) => ({ ...candle, time: candle.time as UTCTimestamp }));
    series.current.setData(data);
    last.current = candles?.at(-1) ?? null;
    chart.current?.timeScale().scrollToRealTime();
  }, [candles]);

  useEffect(() => {
    if (!series.current || !quote || quote.symbol !== symbol || !last.current) return;
    const minute = Math.floor(quote.time / 60_000) * 60;
    const previous = last.current;
    if (minute < previous.time) return;
    const next: Candle =
      minute === previous.time
        ? {
            ...previous,
            high: Math.max(previous.high, quote.mid),
            low: Math.min(previous.low, quote.mid),
            close: quote.mid,
          }
        : { time: minute, open: previous.close, high: quote.mid, low: quote.mid, close: quote.mid };
    last.current = next;
    series.current.update({ ...next, time: next.time as UTCTimestamp });
  }, [quote, symbol]);

  return (
    <div
      ref={container}
      className="cw-trading__chart"
      role="img"
      aria-label={`${symbol} 1-minute candlestick chart`}
    />
  );
}
