import {
  CandlestickSeries,
  ColorType,
  createChart,
  createSeriesMarkers,
  LineStyle,
  type SeriesMarker,
  TickMarkType,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { useSelector } from 'react-redux';
import type { TradeCandle, TradeChart } from '../api/get-trade-detail';

/** The theme's colours, read from the CSS tokens as the trading desk's chart reads them. */
function themeColors() {
  const style = getComputedStyle(document.documentElement);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    background: read('--cw-color-surface', '#ffffff'),
    text: read('--cw-color-text-muted', '#4b5563'),
    grid: read('--cw-color-border', '#d9dee3'),
    up: read('--cw-color-profit', '#15803d'),
    down: read('--cw-color-loss', '#b91c1c'),
    brand: read('--cw-color-brand', '#0f766e'),
    accent: read('--cw-color-accent', '#f59e0b'),
  };
}

/** Axis and crosshair times in the learner's zone, as the rest of the journal reads them. */
function zoneTimeFormats(timeZone: string) {
  const formatter = (options: Intl.DateTimeFormatOptions) => {
    const format = new Intl.DateTimeFormat('en-GB', { ...options, timeZone });
    return (time: Time) => format.format(new Date((time as number) * 1000));
  };
  const clock = formatter({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const day = formatter({ day: 'numeric', month: 'short' });
  return {
    tickMarkFormatter: (time: Time, type: TickMarkType) =>
      type <= TickMarkType.DayOfMonth ? day(time) : clock(time),
    timeFormatter: formatter({ dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' }),
  };
}

/** The candle a moment falls in (the last one starting at or before it), so a marker sits on a bar. */
function candleTimeOf(candles: TradeCandle[], time: number): number {
  let found = candles[0]?.time ?? time;
  for (const candle of candles) {
    if (candle.time > time) break;
    found = candle.time;
  }
  return found;
}

function decimalsOf(chart: TradeChart): number {
  const prices = [chart.entry.price, chart.exit?.price ?? chart.entry.price, chart.candles[0]?.close ?? 0];
  return Math.min(6, Math.max(2, ...prices.map((price) => String(price).split('.')[1]?.length ?? 0)));
}

/**
 * A competition trade's session (lightweight-charts): the 1-minute candles around the trade, an
 * arrow at the entry and at the exit, and a dashed line at the entry price. Follows light/dark.
 */
export function SessionChart({
  chart,
  side,
  timeZone,
  label,
}: {
  chart: TradeChart;
  side: 'long' | 'short';
  timeZone: string;
  label: string;
}) {
  const container = useRef<HTMLDivElement>(null);
  const darkMode = useSelector((state: { theme: { darkMode: boolean } }) => state.theme.darkMode);

  // biome-ignore lint/correctness/useExhaustiveDependencies: darkMode switches the CSS variables read here.
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const digits = decimalsOf(chart);
    const times = zoneTimeFormats(timeZone);
    const created = createChart(element, {
      autoSize: true,
      localization: { timeFormatter: times.timeFormatter },
      timeScale: {
        timeVisible: true,
        secondsVisible: false,
        borderVisible: false,
        // A short session stays candle-shaped instead of a few bars stretched across the chart.
        maxBarSpacing: 24,
        // Room after the last candle for an exit marker's label.
        rightOffset: 4,
        tickMarkFormatter: times.tickMarkFormatter,
      },
      rightPriceScale: { borderVisible: false },
      crosshair: { mode: 0 },
      layout: { attributionLogo: false, fontFamily: 'inherit' },
    });
    const series = created.addSeries(CandlestickSeries, {
      borderVisible: false,
      // A past session: no "last price" line or label.
      priceLineVisible: false,
      lastValueVisible: false,
      priceFormat: { type: 'price', precision: digits, minMove: 10 ** -digits },
    });
    series.setData(chart.candles.map((candle) => ({ ...candle, time: candle.time as UTCTimestamp })));
    const entryLine = series.createPriceLine({
      price: chart.entry.price,
      lineStyle: LineStyle.Dashed,
      lineWidth: 1,
      axisLabelVisible: true,
      title: 'Entry',
    });
    const buyFirst = side === 'long';
    const markers: SeriesMarker<UTCTimestamp>[] = [
      {
        time: candleTimeOf(chart.candles, chart.entry.time) as UTCTimestamp,
        position: buyFirst ? 'belowBar' : 'aboveBar',
        shape: buyFirst ? 'arrowUp' : 'arrowDown',
        text: `Entry ${chart.entry.price}`,
        color: '',
      },
    ];
    if (chart.exit) {
      markers.push({
        time: candleTimeOf(chart.candles, chart.exit.time) as UTCTimestamp,
        position: buyFirst ? 'aboveBar' : 'belowBar',
        shape: buyFirst ? 'arrowDown' : 'arrowUp',
        text: `Exit ${chart.exit.price}`,
        color: '',
      });
    }
    const markerLayer = createSeriesMarkers(series, []);
    created.timeScale().fitContent();

    // After the document's theme attribute has switched (the provider's effect runs after ours).
    const frame = requestAnimationFrame(() => {
      const colors = themeColors();
      created.applyOptions({
        layout: { background: { type: ColorType.Solid, color: colors.background }, textColor: colors.text },
        grid: { vertLines: { color: colors.grid }, horzLines: { color: colors.grid } },
      });
      series.applyOptions({
        upColor: colors.up,
        downColor: colors.down,
        wickUpColor: colors.up,
        wickDownColor: colors.down,
      });
      entryLine.applyOptions({ color: colors.brand });
      markerLayer.setMarkers(
        markers.map((marker, index) => ({ ...marker, color: index === 0 ? colors.brand : colors.accent })),
      );
    });
    return () => {
      cancelAnimationFrame(frame);
      created.remove();
    };
  }, [chart, side, timeZone, darkMode]);

  return <div ref={container} className="cw-trade-detail__chart" role="img" aria-label={label} />;
}
