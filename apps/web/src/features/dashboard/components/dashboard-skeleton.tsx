/** The bars' keys: a card shows up to this many. */
const LINES = ['first', 'second', 'third', 'fourth', 'fifth'] as const;

/**
 * A card's loading state without antd: grey bars in the shape of antd's Skeleton (hidden from
 * assistive technology) and, for screen readers, what is loading (a status with that text).
 */
export function DashboardSkeleton({
  label,
  rows,
  className,
}: {
  /** What is loading, read by screen readers: 'Loading your journal'. */
  label: string;
  /** How many bars, 1 to 5 (the last of several is shorter, as antd's). */
  rows: number;
  className?: string;
}) {
  return (
    <div className={className} role="status">
      <span className="cw-visually-hidden">{label}</span>
      <div className="cw-dashboard-skeleton" aria-hidden="true">
        {LINES.slice(0, rows).map((line) => (
          <span key={line} className="cw-dashboard-skeleton__line" />
        ))}
      </div>
    </div>
  );
}
