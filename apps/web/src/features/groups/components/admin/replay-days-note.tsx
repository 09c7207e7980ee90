import { useReplayBars } from '@/features/markets';
import { formatUtcDay } from '@/lib/format-utc-time';

/**
 * The group form's replay: the UTC days each instrument has bars on (uploaded under Admin →
 * Markets), so the admin picks a first minute the replay can start at (issue #43).
 */
export function ReplayDaysNote() {
  const stored = useReplayBars();
  if (stored.isPending) return <p className="cw-group-form__replay-days">Reading the days with bars…</p>;
  if (stored.error) return <p className="cw-group-form__replay-days">{stored.error.message}</p>;
  const rows = stored.data.filter((row) => row.days.length > 0);
  if (rows.length === 0) {
    return (
      <p className="cw-group-form__replay-days">
        No bars are stored yet: upload a day under Admin → Markets first.
      </p>
    );
  }
  return (
    <div className="cw-group-form__replay-days">
      <p id="cw-replay-days" className="cw-group-form__replay-days-title">
        Days with bars (UTC)
      </p>
      <ul aria-labelledby="cw-replay-days">
        {rows.map((row) => (
          <li key={row.symbol}>
            <strong>{row.symbol}</strong>:{' '}
            {row.days.map((day) => formatUtcDay(`${day}T00:00:00Z`)).join(', ')}
          </li>
        ))}
      </ul>
    </div>
  );
}
