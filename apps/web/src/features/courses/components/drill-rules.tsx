import type { Drill } from '@candlewise/shared/courses/drill-contract';

const money = (value: number) =>
  value.toLocaleString('en', { minimumFractionDigits: 0, maximumFractionDigits: 2 });

/** The drill's machine-checked rules as sentences (what the score checks). */
export function drillRuleLines(drill: Drill): string[] {
  const lines = [
    drill.direction === 'any'
      ? 'Trade either way.'
      : drill.direction === 'long'
        ? 'Long trades only: do not sell short.'
        : 'Short trades only: do not buy to open.',
  ];
  if (drill.stopRequired) lines.push('Every entry carries a stop-loss: put it on the order itself.');
  if (drill.maxRiskPercent !== null)
    lines.push(
      `Risk at most ${drill.maxRiskPercent} % of ${money(drill.startingBalance)} (${money(
        (drill.startingBalance * drill.maxRiskPercent) / 100,
      )}) per entry: |entry − stop| × quantity.`,
    );
  lines.push(
    `Pass: reach ${drill.targetR}R of realised profit (1R is the first entry’s risk) with no rule broken.`,
  );
  if (drill.timeLimitMinutes !== null)
    lines.push(`Be flat within ${drill.timeLimitMinutes} replayed minutes of ${drill.startAt} UTC.`);
  return lines;
}

export function DrillRules({ drill }: { drill: Drill }) {
  return (
    <ul className="cw-drill__rules">
      {drillRuleLines(drill).map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

/** R with its sign and two decimals ("+1.20R"); a dash when there was no trade. */
export function formatR(value: number | null): string {
  if (value === null) return '—';
  return `${value > 0 ? '+' : ''}${value.toFixed(2)}R`;
}
