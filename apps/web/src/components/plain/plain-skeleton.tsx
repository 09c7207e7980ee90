import './plain.css';

/** The bars' keys: a skeleton shows up to this many. */
const LINES = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth'] as const;

/**
 * A loading state without antd: grey bars in the shape of antd's Skeleton (hidden from assistive
 * technology) and, for screen readers, what is loading (a status with that text).
 */
export function PlainSkeleton({
  label,
  rows,
  className,
}: {
  /** What is loading, read by screen readers: 'Loading your journal'. */
  label: string;
  /** How many bars, 1 to 8 (the last of several is shorter, as antd's). */
  rows: number;
  className?: string;
}) {
  return (
    <div className={className} role="status">
      <span className="cw-visually-hidden">{label}</span>
      <div className="cw-plain-skeleton" aria-hidden="true">
        {LINES.slice(0, rows).map((line) => (
          <span key={line} className="cw-plain-skeleton__line" />
        ))}
      </div>
    </div>
  );
}
