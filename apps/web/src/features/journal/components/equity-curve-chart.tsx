import { AreaSeries, ColorType, createChart, type UTCTimestamp } from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { useSelector } from 'react-redux';

/** The cumulative P&L at the end of each trading day (lightweight-charts, as the market charts). */
export function EquityCurveChart({ points }: { points: Array<{ date: string; equity: number }> }) {
  const container = useRef<HTMLDivElement>(null);
  const darkMode = useSelector((state: { theme: { darkMode: boolean } }) => state.theme.darkMode);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the colours come from CSS, so a theme change redraws
  useEffect(() => {
    const element = container.current;
    if (!element || points.length === 0) return;
    const styles = getComputedStyle(element);
    const color = (name: string, fallback: string) => styles.getPropertyValue(name).trim() || fallback;
    const chart = createChart(element, {
      autoSize: true,
      height: 260,
      layout: {
        background: { type: ColorType.Solid, color: 'transparent' },
        textColor: color('--cw-color-text-muted', '#666'),
        attributionLogo: false,
      },
      grid: {
        vertLines: { color: color('--cw-color-border', '#ddd') },
        horzLines: { color: color('--cw-color-border', '#ddd') },
      },
      rightPriceScale: { borderVisible: false },
      timeScale: { borderVisible: false },
      handleScroll: false,
      handleScale: false,
    });
    const brand = color('--cw-color-brand', '#0f766e');
    const series = chart.addSeries(AreaSeries, {
      lineColor: brand,
      topColor: `${brand}55`,
      bottomColor: `${brand}05`,
      lineWidth: 2,
    });
    series.setData(
      points.map((point) => ({
        time: (Date.parse(`${point.date}T00:00:00Z`) / 1000) as UTCTimestamp,
        value: point.equity,
      })),
    );
    chart.timeScale().fitContent();
    return () => chart.remove();
  }, [points, darkMode]);

  if (points.length === 0)
    return <p className="cw-journal-muted">The equity curve starts with your first closed trade.</p>;
  const last = points.at(-1)!;
  return (
    <div
      ref={container}
      className="cw-journal-equity"
      role="img"
      aria-label={`Equity curve from ${points[0].date} to ${last.date}, ending at ${last.equity.toFixed(2)}`}
    />
  );
}
