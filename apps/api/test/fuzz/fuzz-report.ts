export type Caller = 'anonymous' | 'learner' | 'admin';

export type FuzzFailure = {
  /** METHOD and path template, e.g. PUT /api/v1/journal/trades/{id}. */
  operation: string;
  caller: Caller;
  label: string;
  method: string;
  url: string;
  body: string;
  status: number;
  reason: string;
  answer: string;
};

export type FuzzTally = {
  requests: Record<Caller, number>;
  failures: FuzzFailure[];
  /** Failures an entry of the known gaps explains (owned elsewhere): listed, not failed. */
  knownGaps: Map<string, number>;
  /** Operations where the database refused a value the edge let through (the error handler's 400 net). */
  safetyNet: Map<string, number>;
  skipped: Array<{ operation: string; reason: string }>;
  /** Setup that did not work out (deeper code then runs less): said, not hidden. */
  notes: string[];
  seconds: number;
};

function clip(text: string, length: number): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > length ? `${flat.slice(0, length)}… (${text.length} chars)` : flat;
}

export function summaryLine(tally: FuzzTally): string {
  const { anonymous, learner, admin } = tally.requests;
  const total = anonymous + learner + admin;
  const skipped = tally.skipped.map((skip) => `${skip.operation} (${skip.reason})`).join('; ');
  const known = [...tally.knownGaps].map(([gap, count]) => `${count}× ${gap}`).join('; ');
  const net = [...tally.safetyNet.values()].reduce((sum, count) => sum + count, 0);
  return (
    `fuzz: ${total} requests (anonymous ${anonymous}, learner ${learner}, admin ${admin}), ` +
    `${tally.failures.length} failures, ${tally.seconds.toFixed(1)} s` +
    (net
      ? `; ${net} answers came from the database safety net (${[...tally.safetyNet.keys()].join(', ')})`
      : '') +
    (known ? `; known gaps, not failed: ${known}` : '') +
    (skipped ? `; skipped: ${skipped}` : '') +
    (tally.notes.length ? `; notes: ${tally.notes.join('; ')}` : '')
  );
}

/** The failures grouped by operation, status and reason, one example each: at most `maxLines` lines. */
export function failureReport(failures: FuzzFailure[], maxLines = 50): string {
  const groups = new Map<string, FuzzFailure[]>();
  for (const failure of failures) {
    const key = `${failure.operation} → ${failure.status} ${failure.reason}`;
    groups.set(key, [...(groups.get(key) ?? []), failure]);
  }
  const lines: string[] = [];
  const entries = [...groups.entries()];
  for (const [index, [key, members]] of entries.entries()) {
    if (lines.length + 2 > maxLines - 1) {
      lines.push(`… and ${entries.length - index} more groups (${failures.length} failures in all)`);
      break;
    }
    const callers = [...new Set(members.map((member) => member.caller))].join(', ');
    const labels = [...new Set(members.map((member) => member.label))];
    lines.push(
      `${members.length}× ${key} [${callers}] — ${clip(labels.slice(0, 4).join(' | '), 160)}${labels.length > 4 ? ` (+${labels.length - 4})` : ''}`,
    );
    const example = members[0];
    lines.push(
      `    e.g. [${example.caller}] ${example.method} ${clip(example.url, 120)} body ${clip(example.body, 120)} → ${example.status} ${clip(example.answer, 200)}`,
    );
  }
  return lines.join('\n');
}
