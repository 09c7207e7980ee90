import type { IChartApi, IPriceLine, ISeriesApi, UTCTimestamp } from 'lightweight-charts';
import { useEffect, useRef, useState } from 'react';
import { useSelector } from 'react-redux';
import { selectDarkMode } from '@/lib/theme-slice';
import { formatMoney } from '../../lib/trading-format';
import { chartThemeColors, SOLID_BACKGROUND } from './chart-theme';

/** The line's points: one per second (the library wants rising times), the last sample of a second kept. */
export function equityLinePoints(curve: ReadonlyArray<readonly [number, number]>) {
  const bySecond = new Map<number, number>();
  for (const [ms, equity] of curve) bySecond.set(Math.floor(ms / 1000), equity);
  return [...bySecond.entries()]
    .sort(([a], [b]) => a - b)
    .map(([time, value]) => ({ time: time as UTCTimestamp, value }));
}

function themeOptions() {
  const colors = chartThemeColors();
  return {
    colors,
    layout: {
      // Transparent: the dialog's own surface shows through, in light and dark alike.
      background: { type: SOLID_BACKGROUND, color: 'transparent' },
      textColor: colors.text,
      fontFamily: 'inherit',
    },
    grid: { vertLines: { color: colors.grid }, horzLines: { color: colors.grid } },
  };
}

/**
 * The equity before a challenge decision as a line (lightweight-charts), the level it was judged
 * against (a loss floor, a target) as a dashed price line. Follows the light/dark theme; the figures
 * are also written above it, for those who do not see the chart.
 */
export function EquityCurveChart({
  curve,
  threshold,
  thresholdLabel,
  currency,
}: {
  curve: ReadonlyArray<readonly [number, number]>;
  threshold: number | null;
  /** What the level is: 'Floor', 'Target'. */
  thresholdLabel: string;
  currency: string;
}) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const series = useRef<ISeriesApi<'Line'> | null>(null);
  const line = useRef<IPriceLine | null>(null);
  const darkMode = useSelector(selectDarkMode);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let gone = false;
    let created: IChartApi | null = null;
    import('lightweight-charts').then(
      ({ createChart, LineSeries }) => {
        if (gone || !container.current) return;
        const theme = themeOptions();
        created = createChart(container.current, {
          autoSize: true,
          timeScale: { timeVisible: true, secondsVisible: true },
          rightPriceScale: { borderVisible: false },
          grid: theme.grid,
          layout: { ...theme.layout, attributionLogo: false },
          handleScroll: false,
          handleScale: false,
        });
        series.current = created.addSeries(LineSeries, {
          color: theme.colors.line,
          lineWidth: 2,
          priceFormat: { type: 'price', precision: 2, minMove: 0.01 },
        });
        chart.current = created;
        setReady(true);
      },
      () => setFailed(true),
    );
    return () => {
      gone = true;
      created?.remove();
      chart.current = null;
      series.current = null;
      line.current = null;
    };
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: darkMode switches the CSS variables read here.
  useEffect(() => {
    if (!ready || !chart.current || !series.current) return;
    const theme = themeOptions();
    chart.current.applyOptions({ layout: theme.layout, grid: theme.grid });
    series.current.applyOptions({ color: theme.colors.line });
    series.current.setData(equityLinePoints(curve));
    if (line.current) series.current.removePriceLine(line.current);
    line.current =
      threshold === null
        ? null
        : series.current.createPriceLine({
            price: threshold,
            color: theme.colors.down,
            lineWidth: 1,
            lineStyle: 2,
            axisLabelVisible: true,
            title: thresholdLabel,
          });
    chart.current.timeScale().fitContent();
  }, [ready, curve, threshold, thresholdLabel, darkMode]);

  const last = curve.at(-1);
  const summary = last
    ? `Equity ${formatMoney(last[1], currency)} at the decision${
        threshold === null ? '' : `; ${thresholdLabel.toLowerCase()} ${formatMoney(threshold, currency)}`
      }.`
    : 'No equity was sampled before this decision.';
  return (
    <div className="cw-evidence__chart-box">
      <p className="cw-evidence__chart-summary">{summary}</p>
      {last ? (
        failed ? (
          <p className="cw-evidence__muted">
            The chart could not load; the figures above are the decision's.
          </p>
        ) : (
          <div
            ref={container}
            className="cw-evidence__chart"
            role="img"
            aria-label={`Equity before the decision, ${curve.length} samples (times in UTC). ${summary}`}
          />
        )
      ) : null}
    </div>
  );
}
