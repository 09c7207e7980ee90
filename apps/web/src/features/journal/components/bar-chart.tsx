import { formatPnl } from '../lib/journal-time';

/**
 * A bar's colour: by default the sign of its value. A count (the P&L distribution's trades per
 * bucket) is never negative: its bucket's side of zero says whether it is a win or a loss.
 */
export type Bar = { label: string; value: number; detail?: string; tone?: 'profit' | 'loss' | 'even' };

/**
 * A small horizontal bar chart in plain SVG (no chart library): positive bars in the profit
 * colour, negative in the loss colour, around one zero line. Screen readers get the same numbers
 * as a list.
 */
export function BarChart({
  title,
  bars,
  format = formatPnl,
}: {
  title: string;
  bars: Bar[];
  format?: (value: number) => string;
}) {
  if (bars.length === 0)
    return (
      <figure className="cw-journal-bars">
        <figcaption className="cw-journal-bars__title">{title}</figcaption>
        <p className="cw-journal-muted">No trades to show.</p>
      </figure>
    );
  const max = Math.max(...bars.map((bar) => Math.abs(bar.value)), 1);
  const hasNegative = bars.some((bar) => bar.value < 0);
  const rowHeight = 22;
  const labelWidth = 30; // percent of the width for labels
  const zero = hasNegative ? labelWidth + (100 - labelWidth) / 2 : labelWidth;
  const span = hasNegative ? (100 - labelWidth) / 2 - 1 : 100 - labelWidth - 1;
  return (
    <figure className="cw-journal-bars">
      <figcaption className="cw-journal-bars__title">{title}</figcaption>
      <svg
        width="100%"
        height={bars.length * rowHeight}
        role="img"
        aria-label={`${title}: ${bars.map((bar) => `${bar.label} ${format(bar.value)}`).join(', ')}`}
      >
        {bars.map((bar, index) => {
          const width = (Math.abs(bar.value) / max) * span;
          const x = bar.value >= 0 ? zero : zero - width;
          const y = index * rowHeight;
          return (
            <g key={bar.label}>
              <text x="0" y={y + 15} className="cw-journal-bars__label">
                {bar.label}
              </text>
              <rect
                x={`${x}%`}
                y={y + 4}
                width={`${Math.max(width, bar.value === 0 ? 0 : 0.5)}%`}
                height={rowHeight - 8}
                rx="2"
                className={`cw-journal-bars__bar--${bar.tone ?? (bar.value >= 0 ? 'profit' : 'loss')}`}
              >
                <title>{`${bar.label}: ${format(bar.value)}${bar.detail ? ` (${bar.detail})` : ''}`}</title>
              </rect>
            </g>
          );
        })}
        <line
          x1={`${zero}%`}
          x2={`${zero}%`}
          y1="0"
          y2={bars.length * rowHeight}
          className="cw-journal-bars__axis"
        />
      </svg>
    </figure>
  );
}
